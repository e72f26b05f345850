#!/bin/bash
# The thirtieth session's last device run (two-GPU host): nt_w and
# solvers_whole are nt_new.py and solvers_whole.py built at 98b9c2b with
# one uncommitted change, not kept: idle CPU threads taking the deferred
# evaluations on the largest inputs first by default (nt_w with
# BATTGEN_WHOLE_DEFERRED=smallest, and nt_v, are the smallest first: the
# code as committed).
#  1. solvers_whole's outputs and counter line against the CPU, on the
#     evaluation and the training set (all GPUs);
#  2. alone, five rounds interleaved: nt_v, nt_w, nt_w smallest first;
#  3. nt_w's batched per-node path, its batch-op and coverage lines;
#  4. a traced run of nt_w on two GPUs.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole evaluation solvers_whole_eval
run_both solvers_whole training solvers_whole_train
for r in 1 2 3 4 5; do
    echo "nt_v r$r"; alone nt_v
    echo "nt_w r$r"; alone nt_w
    echo "nt_w smallest r$r"; alone nt_w BATTGEN_WHOLE_DEFERRED=smallest
done
./nt_w $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
BATTGEN_GPU_TRACE=1 ./nt_w $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_w.log 2>&1
grep -E "first pass per kernel|second pass|reruns of over|CPU tasks|outcomes:|each kernel ends" $OUT/trace_w.log | tail -8 | cut -c1-1500
date
