#!/bin/bash
# How many inputs the per-input queue's head (input by input, timed)
# should hold: BATTGEN_QUEUE_HEAD=96 (the default), 32, 16 and 0 (no head:
# program by program in list order), nt_new (nt44x) on all threads, cross
# over training, rounds interleaved; then the 399 solvers (all44x) at 96
# and 32, traced. BATTGEN_QUEUE_HEAD was a knob of a temporary build
# (not kept: 96, 32 and 16 were level; see BENCHMARKS.md).
cd "$(dirname "$0")"
N=${N:-$(nproc)}
date
wall() { grep 'wall time' | awk '{print $3}'; }
for r in 1 2 3 4 5 6; do
    line="r$r:"
    for h in 96 32 16 0; do
        line="$line head $h $(BATTGEN_QUEUE_HEAD=$h ./nt44x --data training --mode cross --exec per-input --jobs "$N" 2>&1 | wall)"
    done
    echo "$line"
done
for r in 1 2 3; do
    for h in 96 32; do
        echo "all44x head $h r$r: $(BATTGEN_QUEUE_HEAD=$h BATTGEN_THREADS_TRACE=1 ./all44x --data training --mode cross --exec per-input --jobs "$N" 2>&1 | grep -E 'trace: [0-9]+ threads|wall' | tr -s ' ' | tr '\n' ' ')"
    done
done
date
