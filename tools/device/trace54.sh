#!/bin/bash
# Forty-second session (nvidia-h200): all53's 16-thread runs traced
# (BATTGEN_THREADS_TRACE=1: threads' ends, the tail, jobs over 10 ms),
# training and evaluation, three rounds each; one thread once each.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    for d in training evaluation; do
        echo "== $d r$r"
        BATTGEN_THREADS_TRACE=1 ./all53 --data $d --mode cross --exec per-input 2>&1 |
            grep -E "threads trace|wall time" | cut -c1-400
    done
done
for d in training evaluation; do
    printf "one thread %s: " $d
    ./all53 --data $d --mode cross --exec per-input --jobs 1 2>&1 | grep "wall time"
done
date
