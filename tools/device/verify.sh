#!/bin/bash
# Device check of a build for issue 11 (fifth session): staged as for
# schedule.sh, plus solvers (arc-dsl's solvers.py, compiled).
#  1. whole.sh: every battery's outputs, device against the CPU, and the
#     corpus's and solvers_whole's benches ("Device on" lines);
#  2. the batch-op counters of the older per-node path (--exec batched);
#  3. the device-code programs alone, three rounds: the base, this build,
#     and this build with the knobs of CONFIGS (as in schedule.sh).
cd "$(dirname "$0")"
source ./lib.sh # alone, ab_configs
./whole.sh
echo "== batch-op counters (--exec batched)"
./corpus --data training --mode cross --exec batched --gpus all --stats 2>&1 | grep -E "batch ops|gpu coverage"
ab_configs
