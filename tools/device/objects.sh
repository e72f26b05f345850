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
corpus_ab
solvers_outputs_ab
interleave 2 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
date
