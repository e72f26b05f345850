#!/bin/bash
# Thirty-ninth session's final checks on one H200 (16 cores): the GPU
# checks of solvers_whole45 (selftest; outputs on the GPU against the CPU
# with the counter line; batch-op counters and coverage); the whole
# battery of 375 programs (d22278a0 among them) per input on the CPU and
# on the device, before (solvers_whole44) and after (element columns),
# two rounds; the device-code programs alone, nt44 against nt45, two
# rounds; the 399 solvers (all45x) on 16 threads and on one.
cd "$(dirname "$0")"
source ./lib.sh
host
gpu_checks solvers_whole45
for r in 1 2; do
    for b in solvers_whole44 solvers_whole45; do
        echo "== $b r$r"
        ./$b --data training --mode cross --exec per-input 2>&1 | grep -E "wall time"
        ./$b --data training --mode cross --exec device --gpus all --stats 2>&1 |
            grep -E "whole programs|wall time"
    done
done
alone_rounds 2 nt44 nt45
wall() { grep -E 'trace: [0-9]+ threads|wall time' | tr -s ' ' | tr '\n' ' '; }
for r in 1 2 3; do
    echo "all45x 16 threads r$r: $(BATTGEN_THREADS_TRACE=1 ./all45x --data training --mode cross --exec per-input 2>&1 | wall)"
done
echo "all45x one thread: $(./all45x --data training --mode cross --exec per-input --jobs 1 2>&1 | wall)"
date
