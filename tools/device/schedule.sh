#!/bin/bash
# Device run for issue 11 (fifth session): how the warps take evaluations,
# what the device keeps, where the kernels' time goes. Staged as for
# pipeline.sh, with solvers_whole_start (the base revision's battery).
#  1. outputs, device against the CPU (whole.sh without benches);
#  2. the profile of every device evaluation (BATTGEN_WHOLE_PROFILE: each
#     evaluation's warp time and its CPU time alone), gzipped into $OUT;
#  3. the device-code programs alone, three rounds of: the base; this
#     build; and this build with the knobs of CONFIGS (the most objects a
#     set keeps, BATTGEN_WHOLE_OBJS; a deadline per evaluation,
#     BATTGEN_WHOLE_DEADLINE_US; the schedule, BATTGEN_WHOLE_SCHEDULE);
#  4. each configuration traced once.
cd "$(dirname "$0")"
source ./lib.sh # alone, ab_configs
NO_BENCH=1 BATTERIES="${BATTERIES:-forms corpus solvers_whole}" ./whole.sh
if [ -z "$NO_PROFILE" ]; then
echo "== profile"
BATTGEN_WHOLE_PROFILE=$OUT/profile.tsv ./solvers_whole --data training --mode cross --exec device --quiet 2>&1 | grep -E "whole|gpu:"
gzip -f $OUT/profile.tsv
fi
traced() { # traced BIN [ENV...]: the trace's kernel and outcome lines
    env BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 "${@:2}" ./$1 --data training --bench --repeat 3 2>&1 |
        grep -E "device code alone|results on the host|outcomes:|kernels \(|warp time|registers" | tail -6
}
CONFIGS=${CONFIGS:-"BATTGEN_WHOLE_SCHEDULE=given BATTGEN_WHOLE_OBJS=256 BATTGEN_WHOLE_OBJS=1022,BATTGEN_WHOLE_DEADLINE_US=2000 BATTGEN_WHOLE_OBJS=256,BATTGEN_WHOLE_DEADLINE_US=2000"}
ab_configs
echo "== traced: this build"; traced solvers_whole
for c in $CONFIGS; do echo "== traced: $c"; traced solvers_whole ${c//,/ }; done
