#!/bin/bash
# After the fix (777fd3f: the column's statement resumable again):
# solve_d22278a0 alone in device mode (its deopt lines), then
# solvers_whole45's outputs on the GPU against the CPU over training,
# traced, and its whole-battery times, CPU per input against device.
cd "$(dirname "$0")"
source ./lib.sh
host
echo "== d22_45"
./d22_45 --data training --mode cross --exec per-input 2>&1 | grep -E "wall time|deopts|interpret"
BATTGEN_GPU_TRACE=1 ./d22_45 --data training --mode cross --exec device --gpus all --stats 2>&1 |
    grep -E "wall time|deopts|interpret|whole programs:|outcomes:" | cut -c1-600
b=solvers_whole45
echo "== $b"
./$b --data training --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
BATTGEN_GPU_TRACE=1 ./$b --data training --mode cross --timeout-ms 10000 --exec device --gpus all --stats \
    --out $OUT/${b}_gpu.json > /tmp/$b.trace 2>&1
grep -E "whole programs:|wall time|reruns of over|outcomes:|deopts|interpreter" /tmp/$b.trace | cut -c1-900
cmp_out ${b}_cpu ${b}_gpu
rm -f $OUT/*.json
for r in 1 2 3; do
    for b in solvers_whole44 solvers_whole45; do
        echo "$b r$r: per input $(./$b --data training --mode cross --exec per-input 2>&1 | awk '/wall time/ {print $3}') s, device $(./$b --data training --mode cross --exec device --gpus all 2>&1 | awk '/wall time/ {print $3}') s"
    done
done
date
