#!/bin/bash
# The thirtieth session's first device run (two-GPU host): nt_t is
# nt_new.py built with the CPU tasks' busy profile in the trace.
#  1. alone, three rounds interleaved, two GPUs: nt_t as it is; with each
#     CPU task handing deferred evaluations to idle threads as it ends
#     (BATTGEN_WHOLE_TAKE=ends); idle threads taking the largest deferred
#     first (BATTGEN_WHOLE_DEFERRED=largest); a second pass of 8 ms;
#  2. the same on one GPU, two rounds (as it is, and ends);
#  3. traced runs (two GPUs): as it is and with ends: the busy profile.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    echo "as is r$r"; alone nt_t
    echo "ends r$r"; alone nt_t BATTGEN_WHOLE_TAKE=ends
    echo "largest r$r"; alone nt_t BATTGEN_WHOLE_DEFERRED=largest
    echo "late8 r$r"; alone nt_t BATTGEN_WHOLE_LATE_US=8000
done
for r in 1 2; do
    echo "1 GPU as is r$r"; alone nt_t CUDA_VISIBLE_DEVICES=0
    echo "1 GPU ends r$r"; alone nt_t CUDA_VISIBLE_DEVICES=0 BATTGEN_WHOLE_TAKE=ends
done
for c in none ends; do
    echo "== trace: take $c"
    BATTGEN_WHOLE_TAKE=$c BATTGEN_GPU_TRACE=1 ./nt_t $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_$c.log 2>&1
    grep -E "second pass|reruns of over|CPU tasks|outcomes:|each kernel ends" $OUT/trace_$c.log | tail -8 | cut -c1-1500
done
echo "== trace: 1 GPU"
BATTGEN_GPU_TRACE=1 CUDA_VISIBLE_DEVICES=0 ./nt_t $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_1gpu.log 2>&1
grep -E "second pass|reruns of over|CPU tasks|outcomes:|each kernel ends" $OUT/trace_1gpu.log | tail -5 | cut -c1-1500
date
