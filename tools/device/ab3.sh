#!/bin/bash
# solvers.py battery on 16 threads, session start vs now (per-input work in
# chunks of 2 again on many threads), interleaved.
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
for r in 1 2; do
  for b in solvers_start solvers; do
    printf "solvers-16 %-14s r%d " $b $r; ./$b --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall'
  done
done
for r in 1 2; do
  for b in corpus_start corpus; do
    printf "compiled-16 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --repeat 3 2>&1 | grep wall
  done
done
