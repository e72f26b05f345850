#!/bin/bash
# The session's last call: nt_final (first/last of object pairs borrowed,
# reprs written directly) against nt_new24 (the device changes only):
# alone, two rounds, then one traced run of three on two GPUs.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    printf "nt_new24 r%d " $r; alone nt_new24
    printf "nt_final r%d " $r; alone nt_final
done
BATTGEN_GPU_TRACE=1 ./nt_final $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/pairs_trace.log 2>&1
grep -E "reruns of over|outcomes:" $OUT/pairs_trace.log | tail -2 | cut -c1-700
date
