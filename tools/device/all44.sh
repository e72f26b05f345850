#!/bin/bash
# The 399 public solvers (less 91413438, with d22278a0 and its evaluations
# of seconds) per input on all threads, cross over training: all_rag
# (input by input) against all44 (the head input by input, then the
# costliest programs first), rounds interleaved, the second traced.
cd "$(dirname "$0")"
N=${N:-$(nproc)}
date
wall() { grep -E 'trace: [0-9]+ threads|wall time' | tr -s ' ' | tr '\n' ' '; }
for r in 1 2 3 4; do
    echo "r$r: all_rag $(./all_rag --data training --mode cross --exec per-input --jobs "$N" 2>&1 | wall)"
    echo "r$r: all44 $(BATTGEN_THREADS_TRACE=1 ./all44 --data training --mode cross --exec per-input --jobs "$N" 2>&1 | wall)"
done
date
