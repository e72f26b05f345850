#!/bin/bash
# Issue 11 (sixth session): device `objects` numbers the objects as one
# scan of the cells meets them (no comparison of every pair), staged as for
# final.sh (solvers_whole_start: the fifth session's final build).
#  1. outputs of forms, corpus and solvers_whole, device against the CPU,
#     then solvers_whole's with room for 1022 objects;
#  2. the device-code programs alone, three rounds: base, this build, and
#     this build with room for 256 and 1022 objects (CONFIGS);
#  3. the profile with room for 1022 (each evaluation's warp time and CPU
#     time: what the heavy evaluations cost where).
cd "$(dirname "$0")" || exit 1
source ./lib.sh
NO_BENCH=1 BATTERIES="forms corpus solvers_whole" ./whole.sh
echo "== room for 1022 objects"
BATTGEN_WHOLE_OBJS=1022 NO_BENCH=1 BATTERIES="solvers_whole" ./whole.sh | grep -E "whole|differing"
CONFIGS=${CONFIGS:-"BATTGEN_WHOLE_OBJS=256 BATTGEN_WHOLE_OBJS=512 BATTGEN_WHOLE_OBJS=1022"} ab_configs
if [ -z "$NO_PROFILE" ]; then
  echo "== profile, room for 1022"
  BATTGEN_WHOLE_OBJS=1022 BATTGEN_WHOLE_PROFILE=$OUT/profile1022.tsv ./solvers_whole --data training --mode cross --exec device --quiet 2>&1 | grep -E "whole|gpu:"
  BATTGEN_WHOLE_PROFILE=$OUT/profile128.tsv ./solvers_whole --data training --mode cross --exec device --quiet 2>&1 | grep -E "whole|gpu:"
fi
