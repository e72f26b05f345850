#!/bin/bash
# Issue 10, 2026-11-25 (sixth session): the memo's pair lookups (groups
# read in order, pairs looked up unbuilt), this session's binaries against
# its start's (*_start, staged by stage.sh with the start revision), back
# to back on one host instance, cross mode over training.
#   PART=1: the public solvers' battery: compiled per-input (outputs
#           compared), interpreted battery, batched on the CPU and on the
#           GPU (batch ops and memo lines). About 6 minutes.
#   PART=2: re-arc's verifiers interpreted (verifiers.py beside the
#           binaries, staged by hand: never committed), gen search
#           --mutants 100000 and the corpus bench. About 4 minutes.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
if [ "${PART:-1}" = 1 ]; then
    for b in solvers_start solvers; do
        printf "solvers-16 %-14s " $b
        ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
    done
    compare_outputs /tmp/sol_solvers_start.json /tmp/sol_solvers.json
    interleave 1 interp-sol-16 "run --interpret --programs solvers.py $X --exec battery" gen_start gen
    echo "== solvers batched: on the GPU and on the CPU"
    for b in solvers_start solvers; do
        printf "gpu %-14s " $b; ./$b $X --exec batched --gpus all --stats 2>&1 | grep -E 'wall time|batch ops|memo' | tr '\n' ' '; echo
        printf "cpu %-14s " $b; ./$b $X --exec batched --cpu 2>&1 | grep -E 'wall time'
    done
else
    if [ -f verifiers.py ]; then
        interleave 1 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
    fi
    search_ab gen_start gen
    echo "== bench, this session's corpus battery"
    ./corpus --data $T --bench --repeat 3 2>&1 | tail -13
fi
date
