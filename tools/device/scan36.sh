#!/bin/bash
# The thirtieth session's second device run (two-GPU host): nt_u is
# nt_new.py built with the final scans of the device run's slots in
# parallel, and the first pass's left evaluations and output room per
# kernel in the trace; nt_t is the build before (serial scans).
#  1. nt_u's outputs against the CPU (training, all GPUs);
#  2. alone, three rounds interleaved, two GPUs: nt_t, nt_u, nt_u with
#     idle threads taking the largest deferred first; one GPU, two rounds;
#  3. a traced run of nt_u (two GPUs).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_u training nt_u
for r in 1 2 3; do
    echo "nt_t r$r"; alone nt_t
    echo "nt_u r$r"; alone nt_u
    echo "nt_u largest r$r"; alone nt_u BATTGEN_WHOLE_DEFERRED=largest
done
for r in 1 2; do
    echo "1 GPU nt_t r$r"; alone nt_t CUDA_VISIBLE_DEVICES=0
    echo "1 GPU nt_u r$r"; alone nt_u CUDA_VISIBLE_DEVICES=0
done
BATTGEN_GPU_TRACE=1 ./nt_u $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_u.log 2>&1
grep -E "first pass per kernel|second pass|CPU tasks|outcomes:|each kernel ends" $OUT/trace_u.log | tail -8 | cut -c1-1500
date
