#!/bin/bash
# Forty-second session (nvidia-h200): how each thread slows as threads are
# added (all53, training, per input): 1, 2, 4, 8, 12, 16 threads, two
# rounds; then 8 and 16 one-thread processes at once (scaling.sh's
# ceiling at N=8 and N=16).
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for j in 1 2 4 8 12 16; do
        printf "r%d jobs %2d: " $r $j
        ./all53 --data training --mode cross --exec per-input --jobs $j 2>&1 | grep "wall time"
    done
done
for n in 8 16; do
    N=$n BIN=all53 EXECS=per-input ./scaling.sh 2>&1 | grep -E "alone|ceiling"
done
date
