#!/bin/bash
# The twenty-eighth session's fork-sharing run (two-GPU host): nt_f is
# nt_new.py built at 15edb7c (a fork's shared first call computed once in
# the CPU's typed code; device code unchanged), nt_h the same before it.
#  1. nt_f's outputs and counter line against the CPU, training;
#  2. nt_h and nt_f alone, three rounds interleaved (the CPU's reruns of
#     what the device leaves run the changed code);
#  3. one traced run of three of each on two GPUs: the CPU threads' rerun
#     time.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_f training nt_f
alone_rounds 3 nt_h nt_f
for b in nt_h nt_f; do
    echo "== trace $b"
    BATTGEN_GPU_TRACE=1 ./$b $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_$b.log 2>&1
    grep -E "outcomes:" $OUT/trace_$b.log | tail -3 | cut -c1-300
done
date
