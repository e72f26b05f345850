#!/bin/bash
# The twenty-eighth session's first device run (two-GPU host): nt_q
# (nt_new.py with the shared module queue, BATTGEN_WHOLE_SPLIT=queue):
#  1. outputs and counter line with the queue split, device against CPU;
#  2. alone, three rounds interleaved: split by inputs (the default then;
#     `BATTGEN_WHOLE_SPLIT=inputs` now), by modules (static), by the
#     queue, and the queue with 12 programs a module;
#  3. one traced run of three with the queue on two GPUs.
cd "$(dirname "$0")"
source ./lib.sh
host
BATTGEN_WHOLE_SPLIT=queue run_both nt_q training nt_q_queue
for r in 1 2 3; do
    for c in base BATTGEN_WHOLE_SPLIT=modules BATTGEN_WHOLE_SPLIT=queue \
        "BATTGEN_WHOLE_SPLIT=queue BATTGEN_WHOLE_MODULE_PROGRAMS=12"; do
        printf "%-58s r%d\n" "$c" "$r"
        # shellcheck disable=SC2086
        if [ "$c" = base ]; then alone nt_q BATTGEN_WHOLE_SPLIT=inputs; else alone nt_q $c; fi
    done
done
BATTGEN_WHOLE_SPLIT=queue BATTGEN_GPU_TRACE=1 ./nt_q $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/queue28_trace.log 2>&1
grep -E "outcomes:" $OUT/queue28_trace.log | tail -2 | cut -c1-300
date
