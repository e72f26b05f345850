#!/bin/bash
# The twenty-eighth session's last device run (two-GPU host), the final
# code (modules from a shared queue by default; manhattan/adjacent of
# one-point sets typed on the CPU path): solvers_whole and nt_h are
# solvers_whole.py and nt_new.py built at HEAD.
#  1. solvers_whole's outputs and counter line against the CPU, on the
#     evaluation and the training set (all GPUs);
#  2. nt_h alone, three rounds: the default (queue), split by inputs, and
#     the queue with a second-pass deadline of 32 and 64 ms (16 ms now);
#  3. nt_h's batched per-node path, its batch-op and coverage lines;
#  4. one traced run of three of nt_h on two GPUs.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole evaluation solvers_whole_eval
run_both solvers_whole training solvers_whole_train
for r in 1 2 3; do
    for c in base BATTGEN_WHOLE_SPLIT=inputs BATTGEN_WHOLE_LATE_US=32000 BATTGEN_WHOLE_LATE_US=64000; do
        printf "%-30s r%d\n" "$c" "$r"
        if [ "$c" = base ]; then alone nt_h; else alone nt_h "$c"; fi
    done
done
./nt_h $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
BATTGEN_GPU_TRACE=1 ./nt_h $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/final28_trace.log 2>&1
grep -E "outcomes:|each kernel ends" $OUT/final28_trace.log | tail -3 | cut -c1-400
date
