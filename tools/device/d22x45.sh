#!/bin/bash
# Why solve_d22278a0's five largest training inputs time out in a device
# run of solvers_whole45 (and not per input on the CPU): both builds,
# device mode over training, traced (the reruns that ended last), outputs
# against the CPU's per-input run.
cd "$(dirname "$0")"
source ./lib.sh
for b in solvers_whole45 solvers_whole44; do
    echo "== $b"
    ./$b --data training --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    BATTGEN_GPU_TRACE=1 ./$b --data training --mode cross --timeout-ms 10000 --exec device --gpus all --stats \
        --out $OUT/${b}_gpu.json > /tmp/$b.trace 2>&1
    grep -E "whole programs:|wall time|reruns of over|outcomes:" /tmp/$b.trace | cut -c1-1500
    cmp_out ${b}_cpu ${b}_gpu
    rm -f $OUT/*.json
done
date
