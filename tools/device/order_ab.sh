#!/bin/bash
# Issue 10, seventeenth session: the job order of per-input runs on many
# threads (program by program within bands of inputs, driver.rs), the
# session's binaries against its start's (*_start, staged by hand or by
# stage.sh BASE_REV): cold corpus runs interleaved (cold_ab.sh), the
# scaling of both (scaling.sh, per input and battery), solvers.py on all
# threads with its outputs compared, and the evaluation set.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
echo "== cold corpus runs, 16 threads, start and end interleaved"
./cold_ab.sh
echo "== scaling"
for b in corpus_start corpus; do BIN=$b ./scaling.sh 2>&1 | grep -E 'alone|ceiling'; done
echo "== evaluation set, per input, 16 threads (median of 3), 3 rounds"
interleave 3 eval "--data evaluation --mode cross --exec per-input --repeat 3" corpus_start corpus
solvers_outputs_ab
date
