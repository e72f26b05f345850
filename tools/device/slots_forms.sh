#!/bin/bash
# Issue 11, seventh session: device slots of 16 KB (larger grids, sets and
# objects stay on the device) and the forms of two patches and of pairs
# with numbers. Staged beside the usual batteries:
#   solvers_whole_base  the 226 programs of the sixth session, built at its end (8adaa98)
#   solvers_whole       the same 226 programs, this build
#   solvers_whole247    the 247 solvers with device code now, this build
#   solvers             all 400 public solvers (counters), forms, corpus
# Outputs (device against the CPU), then the programs with device code
# alone in three interleaved rounds, then the benches. BATTERIES, BUILDS,
# BENCHES and BENCH_DATA name others (the second run: solvers_whole261,
# the 261 solvers with device code after the cells and tuples of grids);
# TRACED names a battery whose alone run is traced (kernel and module
# compile times).
cd "$(dirname "$0")"
source ./lib.sh
date; nproc; nvidia-smi -L
BATTERIES="${BATTERIES:-forms solvers_whole247 solvers}" NO_BENCH=1 ./whole.sh
echo "== alone"
for r in $(seq "${ROUNDS:-3}"); do
    for b in ${BUILDS:-solvers_whole_base solvers_whole solvers_whole247}; do printf "%-20s r%d " $b $r; alone $b; done
done
# CONFIGS: knob sets (joined by commas) timed alone on TRACED's battery,
# interleaved with it as it is.
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
for d in ${BENCH_DATA:-training}; do
    for b in ${BENCHES:-solvers_whole247 corpus}; do
        echo "== bench $b $d"
        ./$b --data $d --bench --repeat 3 2>&1 | grep -E "Device on|device code alone|PerInput  16|identical"
    done
done
