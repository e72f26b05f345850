#!/bin/bash
# Issue 10/11, 2026-11-25 (sixth session): why the public solvers' batched
# run (the GPU path's execution) stayed at ~31 s on 16 threads while the
# battery went to 12.6 s: CPU time of each execution, batched --stats, and
# solve_d22278a0 alone in each execution. Cross mode over training.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
for e in battery batched; do
    printf "%-8s " $e
    /usr/bin/time -f "user %U s, sys %S s, elapsed %e s, max RSS %M KB" ./solvers $X --exec $e 2>&1 | grep -E "wall time|user" | tr '\n' ' '; echo
done
./solvers $X --exec batched --stats 2>&1 | head -14
for e in battery batched; do
    printf "d22278a0 %-8s " $e
    ./solvers $X --exec $e --program solve_d22278a0 2>&1 | grep -E "wall time" | tr '\n' ' '; echo
done
for e in battery batched; do
    printf "without d22278a0 %-8s " $e
    args=$(grep -o '^def solve_[0-9a-f]*' solvers.py | sed 's/def //' | grep -v d22278a0 | sed 's/^/--program /' | tr '\n' ' ')
    # shellcheck disable=SC2086
    ./solvers $X --exec $e $args 2>&1 | grep -E "wall time" | tr '\n' ' '; echo
done
date
