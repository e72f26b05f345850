#!/bin/bash
# Final device check of a build (issue 11, fifth session), staged as for
# verify.sh: outputs of forms, corpus and solvers_whole (device against the
# CPU), bad input (a malformed and a ragged task file beside a good one),
# the device-code programs alone against the base (ROUNDS rounds, default
# two; BUILDS names other batteries to time in turn), traced,
# and solvers_whole's bench; with CONFIGS, the knob sweep of ab_configs
# (lib.sh) as well.
cd "$(dirname "$0")"
source ./lib.sh
NO_BENCH=1 BATTERIES="${BATTERIES:-forms corpus solvers_whole}" ./whole.sh
echo "== bad input"
./solvers_whole --data bad --mode cross --exec device --gpus all --stats > /tmp/bad.txt 2>&1; rc=$?
grep -E "warning|error|whole programs|tasks solved|NOTHING|gpu" /tmp/bad.txt; echo "exit $rc"
echo "== alone"
# BUILDS: the batteries timed in turn (default the base and this build).
for r in $(seq "${ROUNDS:-2}"); do
    for b in ${BUILDS:-solvers_whole_start solvers_whole}; do printf "%-20s r%d " $b $r; alone $b; done
done
[ -n "$CONFIGS" ] && ab_configs
BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./solvers_whole --data training --bench --repeat 3 2>&1 | grep -E "outcomes:|results on the host|registers|warp time" | tail -4
echo "== bench"
./solvers_whole --data training --bench --repeat 3 2>&1 | grep -E "Device on|PerInput  16|identical"
