#!/bin/bash
# Largest inputs first (issue 10's parallel efficiency): the battery before
# the change (*_prev) and after, interleaved on one host instance, on 16
# threads; then scaling.sh and the corpus bench of the new battery, and
# the solvers.py battery before and after.
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
date; lscpu | grep -E 'Model name'; nvidia-smi -L
for r in 1 2 3; do
  for b in corpus_prev corpus; do
    for e in per-input battery; do
      printf "%-10s %-12s r%d " $e $b $r; ./$b --data $T --mode cross --exec $e --repeat 3 2>&1 | grep wall
    done
  done
done
echo "== scaling"; ./scaling.sh 2>&1 | tail -5
echo "== bench"; ./corpus --data $T --bench --repeat 3 2>&1 | tail -11
for b in solvers_prev solvers; do
  printf "solvers-16 %-14s " $b; ./$b --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall'
done
date
