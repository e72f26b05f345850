#!/bin/bash
# Final interleaved A/B (session start, now) of the compiled batteries on
# one host instance, and the corpus bench of the final battery.
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
lscpu | grep -E 'Model name'; nvidia-smi -L
for r in 1 2 3; do
  for b in corpus_start corpus; do
    printf "compiled-1 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --jobs 1 --repeat 3 2>&1 | grep wall
    printf "compiled-16 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --repeat 3 2>&1 | grep wall
  done
done
for r in 1 2; do
  for b in solvers_start solvers; do
    printf "solvers-16 %-14s r%d " $b $r; ./$b --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall' 
  done
done
echo "== bench, final corpus battery"; ./corpus --data $T --bench --repeat 3 2>&1 | tail -11
