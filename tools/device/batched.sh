#!/bin/bash
# Issue 10/11, 2026-11-25 (sixth session): why the public solvers' batched
# run (the GPU path's execution) stayed at ~31 s on 16 threads while the
# battery went to 12.6 s: CPU time of each execution, batched --stats,
# solve_d22278a0 alone, and batched runs (CPU, GPU) of the session start's
# battery against this one's. Cross mode over training.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
for e in battery batched; do
    printf "%-8s " $e
    /usr/bin/time -f "user %U s, sys %S s, elapsed %e s, max RSS %M KB" ./solvers $X --exec $e 2>&1 | grep -E "wall time|user" | tr '\n' ' '; echo
done
./solvers $X --exec batched --stats 2>&1 | head -14
# solve_d22278a0 alone: per-input (the battery and batched executions
# run every program whatever --program keeps).
printf "d22278a0 per-input "
./solvers $X --exec per-input --program solve_d22278a0 2>&1 | grep -E "wall time"
echo "== this session's batched binary against the start's, CPU and GPU"
for b in solvers_start solvers; do
    printf "cpu %-14s " $b; ./$b $X --exec batched --cpu 2>&1 | grep -E 'wall time'
    printf "gpu %-14s " $b; ./$b $X --exec batched --gpus all --stats 2>&1 | grep -E 'wall time|batch ops' | tr '\n' ' '; echo
done
date
