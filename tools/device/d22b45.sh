#!/bin/bash
# solve_d22278a0 alone (before: d22_44; with element columns: d22_45)
# over training: per input on the CPU, then device mode traced, with the
# summary's deopt lines.
cd "$(dirname "$0")"
for b in d22_44 d22_45; do
    echo "== $b"
    ./$b --data training --mode cross --exec per-input 2>&1 | grep -E "wall time|deopts|interpret"
    BATTGEN_GPU_TRACE=1 ./$b --data training --mode cross --exec device --gpus all --stats 2>&1 |
        grep -E "wall time|deopts|interpret|whole programs:|reruns of over|outcomes:" | cut -c1-900
done
