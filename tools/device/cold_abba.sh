#!/bin/bash
# Cold single runs of the corpus's battery per input (cross over training,
# 16 threads), start (corpus_start) and new (corpus) in start-new-new-start
# order for ROUNDS rounds (default 12): the order cancels a drift of the
# instance within a round. Staged by stage.sh. BENCHMARKS.md's fifteenth
# session checked its cold_ab.sh figure with it.
cd "$(dirname "$0")" || exit 1
run() { ./$1 --data training --mode cross --exec per-input --jobs 16 2>&1 | awk '/wall time/ {print $3}'; }
for r in $(seq "${ROUNDS:-12}"); do
    echo "round $r: start $(run corpus_start) end $(run corpus) end $(run corpus) start $(run corpus_start)"
done | tee /dev/stderr | awk '{ s += $4 + $10; e += $6 + $8; if ($6 + $8 < $4 + $10) w++ }
    END { printf "start mean %.4f s, end mean %.4f s, end faster in %d of %d rounds\n", s / (2 * NR), e / (2 * NR), w, NR }'
