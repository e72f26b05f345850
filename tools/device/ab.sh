#!/bin/bash
# Interleaved A/B (start, now) on one host instance: interpreter per-input
# and batched on one thread, and the search, alternating rounds.
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
for r in 1 2 3 4; do
  for g in gen_start gen; do
    printf "interp-1 %-10s r%d " $g $r; ./$g run --interpret --data $T --mode cross --exec per-input --jobs 1 --repeat 3 2>&1 | grep wall
  done
done
for r in 1 2 3; do
  for b in corpus_start corpus; do
    printf "compiled-1 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --jobs 1 --repeat 3 2>&1 | grep wall
    printf "batched-1 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec batched --cpu --jobs 1 --repeat 3 2>&1 | grep wall
  done
done
for r in 1 2; do
  for g in gen_start gen; do
    printf "search %-10s r%d " $g $r; ./$g search --mutants 100000 --data $T 2>&1 | grep 'search time'
  done
done
