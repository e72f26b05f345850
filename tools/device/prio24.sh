#!/bin/bash
# The second pass at the highest stream priority (nt_prio) against the
# default priority (BATTGEN_WHOLE_LATE_PRIORITY=0) and nt_trace (the
# session start plus the reruns' trace line): alone, three rounds; then
# one traced run of three on two GPUs.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    printf "nt_trace       r%d " $r; alone nt_trace
    printf "nt_prio        r%d " $r; alone nt_prio
    printf "nt_prio prio=0 r%d " $r; alone nt_prio BATTGEN_WHOLE_LATE_PRIORITY=0
done
for g in 1 all; do
    BATTGEN_GPU_TRACE=1 ./nt_prio --data training --mode cross --exec device --gpus $g \
        --timeout-ms 10000 --repeat 3 --quiet > $OUT/prio_trace_$g.log 2>&1
    echo "-- $g GPU(s)"
    grep -E "reruns of over|outcomes:|second pass \(|wall time" $OUT/prio_trace_$g.log | tail -4 | cut -c1-900
done
date
