#!/bin/bash
# The seventeenth session's device run (issue 11, with issue 10's default):
#   1. outputs, device against the CPU, with the whole-program counters
#      (whole.sh over $BATTERIES);
#   2. the programs with device code alone, the session start's
#      (solvers_whole_start, built at e16c2c7) and this build's, 3 rounds;
#   3. the whole benches of solvers_whole and the corpus, training and
#      evaluation;
#   4. the batch counters (`--exec batched --stats`) of the corpus and the
#      400 solvers;
#   5. cross mode's default on the CPU: solvers_w2 (solvers.py less its two
#      programs that time out) per input against merged, 16 threads.
# Staged by hand (see BENCHMARKS.md, issue 11, eighth session). PART=1:
# steps 1 and 2; PART=2: steps 3 to 5 (each within a call's 10 minutes).
cd "$(dirname "$0")"
source ./lib.sh
date; nproc; nvidia-smi -L
if [ "${PART:-1}" = 1 ]; then
BATTERIES="${BATTERIES:-forms corpus solvers_whole solvers}" NO_BENCH=1 ./whole.sh
echo "== alone"
for r in 1 2 3; do
    for b in solvers_whole_start solvers_whole; do printf "%-20s r%d " $b $r; alone $b; done
done
else
for d in training evaluation; do
    for b in solvers_whole corpus; do
        echo "== bench $b $d"
        ./$b --data $d --bench --repeat 3 2>&1 | grep -E "Device on|device code alone|PerInput  16|Battery  16|identical"
    done
done
echo "== batch counters"
for b in corpus solvers; do
    ./$b --data training --mode cross --exec batched --stats 2>&1 | grep -E "batch ops|gpu coverage|whole programs|wall time"
done
if [ -x ./solvers_w2 ]; then
    echo "== cross default: per input against merged, 16 threads"
    interleave 2 solvers_w2 "--data training --mode cross --exec per-input" solvers_w2
    interleave 2 solvers_w2-merged "--data training --mode cross --exec battery" solvers_w2
fi
fi
date
