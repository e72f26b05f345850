#!/bin/bash
# Thirty-ninth session: the per-evaluation profile of the device-code
# programs (nt44) on one GPU over training, with the GPU trace, and the
# alone figures for reference.
cd "$(dirname "$0")"
source ./lib.sh
host
profile_gpu1 nt44 prof45
BATTGEN_GPU_TRACE=1 env BATTGEN_BENCH_WHOLE_ONLY=1 ./nt44 --data training --bench --repeat 3 > $OUT/alone_trace.log 2>&1
grep -E "device code alone" $OUT/alone_trace.log
alone_rounds 2 nt44
date
