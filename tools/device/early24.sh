#!/bin/bash
# The second passes' results collected while the first pass runs
# (nt_early) against nt_trace (the session start plus the reruns' trace
# line), with each of the two new knobs off: alone, three rounds; one
# traced run of three on two GPUs and on one; outputs of solvers_whole
# (training) against the CPU.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    printf "nt_trace        r%d " $r; alone nt_trace
    printf "nt_early        r%d " $r; alone nt_early
    printf "nt_early prio=0 r%d " $r; alone nt_early BATTGEN_WHOLE_LATE_PRIORITY=0
    printf "nt_early late   r%d " $r; alone nt_early BATTGEN_WHOLE_LATE_EARLY=0
done
for g in all; do
    BATTGEN_GPU_TRACE=1 ./nt_early --data training --mode cross --exec device --gpus $g \
        --timeout-ms 10000 --repeat 3 --quiet > $OUT/early_trace_$g.log 2>&1
    echo "-- $g GPU(s)"
    grep -E "reruns of over|outcomes:|second pass \(|wall time" $OUT/early_trace_$g.log | tail -4 | cut -c1-900
done
run_both nt_early training nt_early
date
