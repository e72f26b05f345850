#!/bin/bash
# Issue 10, 2026-11-25 (seventh session): int paths for tuples of numbers
# (a grid's rows), constant powers inlined, non-grid outcomes; this
# session's binaries against its start's (*_start), interleaved on one host
# instance, cross mode over training, 16 threads. Staged by hand (see
# BENCHMARKS.md): gen, gen_start, solvers, solvers_start (the public
# solvers' battery built by each gen), solvers.py, verifiers.py, training/,
# lib.sh. About 6 minutes.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
echo "== solvers.py compiled, per-input (outputs compared, __stats__ aside)"
for r in 1 2; do
    for b in solvers_start solvers; do
        printf "solvers-16 %-14s r%d " $b $r
        ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
    done
done
compare_outputs /tmp/sol_solvers_start.json /tmp/sol_solvers.json
interleave 2 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
interleave 2 interp-sol-16 "run --interpret --programs solvers.py $X --exec battery" gen_start gen
search_ab gen_start gen
date
