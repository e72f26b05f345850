#!/bin/bash
# Issue 10, 2026-11-25 (fourth session): per-input runs order their
# 250,000 jobs by ordering the inputs once instead of sorting the jobs (the
# sort was serial work). The session start's batteries (*_start) against
# this session's, interleaved on 16 threads, then scaling.sh, the corpus
# bench and the solvers.py battery per-input. About 4 minutes. Staged by
# stage.sh with the start revision.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
interleave 4 compiled-16 "$X --exec per-input --repeat 3" corpus_start corpus
echo "== scaling"
./scaling.sh 2>&1 | tail -5
echo "== bench, this session's corpus battery"
./corpus --data $T --bench --repeat 3 2>&1 | tail -11
interleave 1 solvers-16 "$X --exec per-input" solvers_start solvers
date
