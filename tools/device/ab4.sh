#!/bin/bash
# Issue 10, 2026-11-25 (second session): the session start's binaries
# (*_start) and this session's, interleaved on one host instance, then the
# host's scaling ceiling (scaling.sh) and the corpus bench of the new
# battery (its GPU line included). PART=2: the solvers.py battery and
# gen search instead (each a minute or more).
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
date; lscpu | grep -E 'Model name'; nvidia-smi -L
if [ "${PART:-1}" = 1 ]; then
  for r in 1 2 3; do
    for b in corpus_start corpus; do
      printf "compiled-1 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --jobs 1 --repeat 3 2>&1 | grep wall
      printf "compiled-16 %-12s r%d " $b $r; ./$b --data $T --mode cross --exec per-input --repeat 3 2>&1 | grep wall
    done
  done
  for r in 1 2; do
    for g in gen_start gen; do
      printf "interp-1 %-10s r%d " $g $r; ./$g run --interpret --data $T --mode cross --exec per-input --jobs 1 --repeat 3 2>&1 | grep wall
    done
  done
  echo "== scaling"; ./scaling.sh 2>&1 | tail -5
  echo "== bench, new corpus battery"; ./corpus --data $T --bench --repeat 3 2>&1 | tail -11
else
  for b in solvers_start solvers; do
    printf "solvers-16 %-14s " $b; ./$b --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall'
  done
  for g in gen_start gen; do
    echo "== search $g"; /usr/bin/time -f '%e s elapsed, %M KB' ./$g search --mutants 100000 --data $T --out /tmp/found_$g.json 2>&1 | tail -4
  done
fi
date
