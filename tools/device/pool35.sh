#!/bin/bash
# The twenty-ninth session's second device run (two-GPU host): nt_p is
# nt_d (fork35.sh) with page-locked result buffers made ahead while the
# host thread waits for a kernel (`Device::fill_results_pool`;
# BATTGEN_WHOLE_POOL_FREE=0 made none ahead, as before). Level, and
# removed (final35.sh measured it again); the trace's count of buffers made
# while cells waited for one stays.
#  1. nt_p's outputs against the CPU, training;
#  2. alone, three rounds interleaved: none ahead, and 2 kept free;
#  3. traced runs of three of each on two GPUs: the host steps and the
#     buffers made.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_p training nt_p
for r in 1 2 3; do
    echo "pool 0 r$r"; alone nt_p BATTGEN_WHOLE_POOL_FREE=0
    echo "pool 2 r$r"; alone nt_p
done
for c in BATTGEN_WHOLE_POOL_FREE=0 BATTGEN_WHOLE_POOL_FREE=2; do
    echo "== trace: $c"
    env $c BATTGEN_GPU_TRACE=1 ./nt_p $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_$c.log 2>&1
    grep -E "host steps|page-locked|outcomes:|each kernel ends" $OUT/trace_$c.log | tail -7 | cut -c1-700
done
date
