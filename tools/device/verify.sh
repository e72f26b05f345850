#!/bin/bash
# Device check of a build for issue 11 (fifth session): staged as for
# schedule.sh, plus solvers (arc-dsl's solvers.py, compiled).
#  1. whole.sh: every battery's outputs, device against the CPU, and the
#     corpus's and solvers_whole's benches ("Device on" lines);
#  2. the batch-op counters of the older per-node path (--exec batched);
#  3. the device-code programs alone, three rounds: the base, this build,
#     and this build with the knobs of CONFIGS (as in schedule.sh).
cd "$(dirname "$0")"
./whole.sh
echo "== batch-op counters (--exec batched)"
./corpus --data training --mode cross --exec batched --gpus all --stats 2>&1 | grep -E "batch ops|gpu coverage"
alone() { # alone BIN [ENV...]: the alone line of one bench
    env BATTGEN_BENCH_WHOLE_ONLY=1 "${@:2}" ./$1 --data training --bench --repeat 5 2>&1 |
        grep -E "device code alone|differ|identical across all configurations: false"
}
echo "== the device-code programs alone, A/B"
for r in 1 2 3; do
    printf "start r%d " $r; alone solvers_whole_start
    printf "this  r%d " $r; alone solvers_whole
    for c in $CONFIGS; do printf "%s r%d " $c $r; alone solvers_whole ${c//,/ }; done
done
