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
echo "== corpus bench (per-input, battery, batched; 1 and all threads; the GPU line)"
for b in corpus_start corpus; do
    echo "-- $b"
    ./$b --data $T --bench --repeat 3 2>&1 | grep -E 'evaluations/s|identical|efficiency|differ'
done
echo "== scaling (the host's ceiling against our threads)"
./scaling.sh 2>&1 | grep -E 'alone|ceiling'
echo "== solvers.py compiled, per-input, all threads (outputs compared, __stats__ aside)"
for r in 1 2; do
    for b in solvers_start solvers; do
        printf "solvers-all %-14s r%d " $b $r
        ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
    done
done
compare_outputs /tmp/sol_solvers_start.json /tmp/sol_solvers.json
./solvers $X --exec per-input 2>&1 | grep -E 'deopts|straight'
else
echo "== solvers.py compiled, one thread, first 100 training tasks"
mkdir -p /tmp/t100 && ls $T | head -100 | while read -r f; do cp "$T/$f" /tmp/t100/; done
interleave 2 solvers-1 "--data /tmp/t100 --mode cross --exec per-input --jobs 1" solvers_start solvers
interleave 2 interp-ver "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
search_ab gen_start gen
fi
date
