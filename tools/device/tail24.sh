#!/bin/bash
# The twenty-fourth session's first device run (two-GPU host): what the
# run's last outcomes wait for. nt_trace is nt_new.py built at the
# session start plus the trace's line of the CPU reruns that ended last.
#  1. three runs in one process (the last ones warm), one GPU then two,
#     with the GPU trace, into $OUT/trace_{1,all}.log;
#  2. alone (gen bench's device-code line), two rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
for g in 1 all; do
    BATTGEN_GPU_TRACE=1 ./nt_trace --data training --mode cross --exec device --gpus $g \
        --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_$g.log 2>&1
    echo "-- $g GPU(s)"
    grep -E "reruns of over|outcomes:|wall time" $OUT/trace_$g.log | tail -4
done
for r in 1 2; do printf "nt_trace r%d " $r; alone nt_trace; done
date
