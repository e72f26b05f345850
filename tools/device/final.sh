#!/bin/bash
# Final device check of a build (issue 11, fifth session), staged as for
# verify.sh: outputs of forms, corpus and solvers_whole (device against the
# CPU), bad input (a malformed and a ragged task file beside a good one),
# the device-code programs alone against the base (two rounds), traced,
# and solvers_whole's bench; with CONFIGS, the knob sweep of ab_configs
# (lib.sh) as well.
cd "$(dirname "$0")"
source ./lib.sh
NO_BENCH=1 BATTERIES="${BATTERIES:-forms corpus solvers_whole}" ./whole.sh
echo "== bad input"
./solvers_whole --data bad --mode cross --exec device --gpus all --stats > /tmp/bad.txt 2>&1; rc=$?
grep -E "warning|error|whole programs|tasks solved|NOTHING|gpu" /tmp/bad.txt; echo "exit $rc"
echo "== alone"
for r in 1 2; do printf "start r%d " $r; alone solvers_whole_start; printf "final r%d " $r; alone solvers_whole; done
[ -n "$CONFIGS" ] && ab_configs
BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./solvers_whole --data training --bench --repeat 3 2>&1 | grep -E "outcomes:|results on the host|registers|warp time" | tail -4
echo "== bench"
./solvers_whole --data training --bench --repeat 3 2>&1 | grep -E "Device on|PerInput  16|identical"
