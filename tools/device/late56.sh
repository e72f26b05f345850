#!/bin/bash
# Forty-second session (nvidia-h200): the whole battery (all53) on the GPU
# with 16 CPU threads beside it is CPU-bound (the CPU-only programs, then
# the reruns of what the device leaves); the device's deadlines per
# evaluation (first pass us, second pass us) tried longer, interleaved,
# median of 3 each.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for d in training evaluation; do
        for c in 2000,16000 2000,64000 2000,256000 8000,64000; do
            printf "r%d %-10s first,late=%-12s " $r $d $c
            BATTGEN_WHOLE_DEADLINE_US=${c%,*} BATTGEN_WHOLE_LATE_US=${c#*,} \
                ./all53 --data $d --mode cross --exec device --gpus all --repeat 3 2>&1 | grep "wall time"
        done
    done
done
echo "== traced: evaluation at 2000,256000"
BATTGEN_WHOLE_LATE_US=256000 BATTGEN_GPU_TRACE=1 ./all53 --data evaluation --mode cross --exec device --gpus all --stats 2>&1 |
    grep -E "outcomes:|whole programs:|wall time" | cut -c1-400
date
