#!/bin/bash
# Issue 11, seventh session: device slots of 16 KB, new forms (two patches,
# pairs with numbers, cells of objects, tuples of grids), bit-map
# accumulators and set merges on every lane. Each step runs where its
# variable names batteries (an empty value skips it):
#   BATTERIES  outputs, device against the CPU (whole.sh; counters)
#   BUILDS     the programs with device code alone, ROUNDS interleaved rounds
#   CONFIGS    knob sets (commas join knobs) timed alone on TRACED's battery,
#              interleaved with it as it is
#   TRACED     one battery's alone run traced (kernels, modules, outcomes)
#   PROFILED   every evaluation's device and CPU time (BATTGEN_WHOLE_PROFILE),
#              gzipped into $OUT
#   BENCHES    `--bench` over each of BENCH_DATA
# Runs of this session:
#   run 1: BATTERIES="forms solvers_whole247 solvers" BUILDS="solvers_whole_base solvers_whole solvers_whole247"
#          BENCHES="solvers_whole247 corpus"
#   run 2: BATTERIES="forms solvers_whole261 solvers" BUILDS="solvers_whole_base solvers_whole261"
#          TRACED=solvers_whole261 BENCHES="solvers_whole261 corpus" BENCH_DATA="training evaluation"
#   run 3: see BENCHMARKS.md (issue 11, seventh session).
cd "$(dirname "$0")"
source ./lib.sh
date; nproc; nvidia-smi -L
if [ -n "$BATTERIES" ]; then BATTERIES="$BATTERIES" NO_BENCH=1 ./whole.sh; fi
if [ -n "$BUILDS" ]; then
    echo "== alone"
    for r in $(seq "${ROUNDS:-3}"); do
        for b in $BUILDS; do printf "%-20s r%d " $b $r; alone $b; done
    done
fi
if [ -n "$CONFIGS" ]; then
    echo "== knobs on $TRACED"
    for r in $(seq "${ROUNDS:-3}"); do
        printf "%-34s r%d " as-is $r; alone $TRACED
        for c in $CONFIGS; do printf "%-34s r%d " $c $r; alone $TRACED ${c//,/ }; done
    done
fi
if [ -n "$TRACED" ]; then
    echo "== traced $TRACED"
    BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./$TRACED --data training --bench --repeat 3 2>&1 |
        grep -E "outcomes:|results on the host|registers|warp time|compiled" | tail -12
fi
if [ -n "$PROFILED" ]; then
    echo "== profile $PROFILED"
    BATTGEN_WHOLE_PROFILE=$OUT/profile.tsv ./$PROFILED --data training --mode cross --exec device --quiet 2>&1 | grep -E "whole|gpu:"
    gzip -f $OUT/profile.tsv
fi
for d in ${BENCH_DATA:-training}; do
    for b in $BENCHES; do
        echo "== bench $b $d"
        ./$b --data $d --bench --repeat 3 2>&1 | grep -E "Device on|device code alone|PerInput  16|identical"
    done
done
