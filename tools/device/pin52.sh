#!/bin/bash
# Forty-second session (nvidia-h200): worker threads pinned one per CPU
# (BATTGEN_PIN=1) or left to the scheduler, all52, 16 threads, interleaved
# (training x5, evaluation x3). The knob was measured in a local build
# (a rayon start_handler calling sched_setaffinity) and not kept: no gain.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3 4 5; do
    for pin in no yes; do
        printf "train16 pin=%-3s r%d " $pin $r
        if [ $pin = yes ]; then export BATTGEN_PIN=1; else unset BATTGEN_PIN; fi
        ./all52 --data training --mode cross --exec per-input 2>&1 | grep 'wall time'
    done
done
for r in 1 2 3; do
    for pin in no yes; do
        printf "eval16 pin=%-3s r%d " $pin $r
        if [ $pin = yes ]; then export BATTGEN_PIN=1; else unset BATTGEN_PIN; fi
        ./all52 --data evaluation --mode cross --exec per-input 2>&1 | grep 'wall time'
    done
done
unset BATTGEN_PIN
date
