#!/bin/bash
# Batched chunks with the most input cells first: the battery before
# (*_prev) and after, interleaved on 16 threads, batched on the CPU and on
# the GPU; then the corpus bench of the new battery.
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
date; nvidia-smi -L
for r in 1 2 3; do
  for b in corpus_prev corpus; do
    printf "batched %-12s r%d " $b $r; ./$b --data $T --mode cross --exec batched --repeat 3 2>&1 | grep wall
    printf "batched-gpu %-12s r%d " $b $r; ./$b --data $T --mode cross --exec batched --gpus all --repeat 3 2>&1 | grep wall
  done
done
echo "== bench"; ./corpus --data $T --bench --repeat 3 2>&1 | tail -11
date
