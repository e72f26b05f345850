#!/bin/bash
# Issue 10, 2026-11-25 (eighth session): `objects` labelled by runs, and
# repeats timed on the worker that runs them; this session's binaries
# against its start's (*_start), on one host instance, cross mode over
# training. Staged by stage.sh with BASE_REV (gen, corpus, solvers and
# their *_start), plus verifiers.py (re-arc, never committed). About 8
# minutes.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
echo "== corpus bench (per-input, battery, batched; 1 and all threads)"
for b in corpus_start corpus; do
    echo "-- $b"
    ./$b --data $T --bench --repeat 3 2>&1 | grep -E 'evaluations/s|identical|efficiency'
done
echo "== scaling (the host's ceiling against our threads)"
./scaling.sh 2>&1 | grep -E 'alone|ceiling'
echo "== solvers.py compiled, per-input, 16 threads (outputs compared, __stats__ aside)"
for r in 1 2; do
    for b in solvers_start solvers; do
        printf "solvers-16 %-14s r%d " $b $r
        ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
    done
done
compare_outputs /tmp/sol_solvers_start.json /tmp/sol_solvers.json
interleave 2 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
date
