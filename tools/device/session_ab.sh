#!/bin/bash
# A session's binaries against its start's (*_start), on one host
# instance, cross mode over training (issue 10: written for the ninth
# session, used again in the tenth). Staged by stage.sh with BASE_REV
# (gen, corpus, solvers and their *_start), plus verifiers.py (re-arc,
# never committed). PART=1 (default): corpus bench, scaling, solvers.py on
# all threads; PART=2: solvers.py on one thread, verifiers.py, gen search.
# About 9 minutes.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
if [ "${PART:-1}" = 1 ]; then
corpus_ab
solvers_outputs_ab
./solvers $X --exec per-input 2>&1 | grep -E 'deopts|straight'
else
echo "== solvers.py compiled, one thread, first 100 training tasks"
mkdir -p /tmp/t100 && ls $T | head -100 | while read -r f; do cp "$T/$f" /tmp/t100/; done
interleave 2 solvers-1 "--data /tmp/t100 --mode cross --exec per-input --jobs 1" solvers_start solvers
interleave 2 interp-ver "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
search_ab gen_start gen
fi
date
