#!/bin/bash
# The thirtieth session's third device run (two-GPU host): nt_v is
# nt_new.py built with the first pass telling the evaluations it leaves
# beyond the device's limits through mapped memory as they end (the CPU
# reruns them while the kernel runs; BATTGEN_WHOLE_EARLY=0 turns it off);
# nt_u is the build before (parallel final scans).
#  1. nt_v's outputs and counter line against the CPU (training, then
#     evaluation; all GPUs);
#  2. alone, three rounds interleaved, two GPUs: nt_u, nt_v, nt_v with
#     EARLY=0, nt_v with the largest deferred first; one GPU, two rounds;
#  3. a traced run of nt_v (two GPUs).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_v training nt_v
run_both nt_v evaluation nt_v_eval
for r in 1 2 3; do
    echo "nt_u r$r"; alone nt_u
    echo "nt_v r$r"; alone nt_v
    echo "nt_v early 0 r$r"; alone nt_v BATTGEN_WHOLE_EARLY=0
    echo "nt_v largest r$r"; alone nt_v BATTGEN_WHOLE_DEFERRED=largest
done
for r in 1 2; do
    echo "1 GPU nt_u r$r"; alone nt_u CUDA_VISIBLE_DEVICES=0
    echo "1 GPU nt_v r$r"; alone nt_v CUDA_VISIBLE_DEVICES=0
done
BATTGEN_GPU_TRACE=1 ./nt_v $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_v.log 2>&1
grep -E "first pass per kernel|second pass|reruns of over|CPU tasks|outcomes:|each kernel ends" $OUT/trace_v.log | tail -8 | cut -c1-1500
date
