#!/bin/bash
# Device run for issue 10: the session's binaries against the session start's,
# back to back on one host instance (its speed varies between instances).
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.device" 2>/dev/null || cd .device
T=training
date; nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core'; nvidia-smi -L
echo "== A corpus bench NOW"; ./corpus --data $T --bench --repeat 3 2>&1 | tail -14
echo "== A corpus bench START"; ./corpus_start --data $T --bench --repeat 3 2>&1 | tail -14
for j in 1 16; do
  echo "== B interp NOW jobs=$j"; ./gen run --interpret --data $T --mode cross --exec per-input --jobs $j --repeat 3 2>&1 | grep -E 'wall|evaluations/s|deopt'
  echo "== B interp START jobs=$j"; ./gen_start run --interpret --data $T --mode cross --exec per-input --jobs $j --repeat 3 2>&1 | grep -E 'wall|evaluations/s'
done
for b in solvers solvers_start; do
  echo "== C $b per-input 16 threads"; /usr/bin/time -f '%e s elapsed, %M KB' ./$b --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall|evaluations/s|deopt|elapsed'
done
echo "== C solvers interp NOW per-input"; ./gen run --interpret --programs solvers.py --data $T --mode cross --exec per-input 2>&1 | grep -E 'wall|evaluations/s'
for g in gen gen_start; do
  echo "== D search $g"; /usr/bin/time -f '%e s elapsed, %M KB' ./$g search --mutants 100000 --data $T --out $OUT/found_$g.json 2>&1 | tail -6
done
date
