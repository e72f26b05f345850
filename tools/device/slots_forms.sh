#!/bin/bash
# Issue 11, seventh session: device slots of 16 KB (larger grids, sets and
# objects stay on the device) and the forms of two patches and of pairs
# with numbers. Staged beside the usual batteries:
#   solvers_whole_base  the 226 programs of the sixth session, built at its end (8adaa98)
#   solvers_whole       the same 226 programs, this build
#   solvers_whole247    the 247 solvers with device code now, this build
#   solvers             all 400 public solvers (counters), forms, corpus
# Outputs (device against the CPU), then the programs with device code
# alone in three interleaved rounds, then the benches.
cd "$(dirname "$0")"
source ./lib.sh
date; nproc; nvidia-smi -L
BATTERIES="${BATTERIES:-forms solvers_whole247 solvers}" NO_BENCH=1 ./whole.sh
echo "== alone"
for r in $(seq "${ROUNDS:-3}"); do
    for b in ${BUILDS:-solvers_whole_base solvers_whole solvers_whole247}; do printf "%-20s r%d " $b $r; alone $b; done
done
for b in ${BENCHES:-solvers_whole247 corpus}; do
    echo "== bench $b"
    ./$b --data training --bench --repeat 3 2>&1 | grep -E "Device on|device code alone|PerInput  16|identical"
done
