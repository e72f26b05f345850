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
solvers_outputs_ab
interleave 2 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
interleave 2 interp-sol-16 "run --interpret --programs solvers.py $X --exec battery" gen_start gen
search_ab gen_start gen
date
