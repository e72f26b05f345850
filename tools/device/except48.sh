#!/bin/bash
# Forty-first session (nvidia-h200): valmin over all objects but one from
# the whole set's best and second best per query (valbest_except_column;
# solve_d22278a0's nearest other object per cell and object). all47 = the
# 399 at 8b59d4b (helping), all48 = with this change. Interleaved rounds
# over training and evaluation on all threads, outputs compared, one
# thread on each set, scaling.sh on all48 (the host's ceiling), and all48
# whole on the GPU against the CPU (outputs compared, counter line).
cd "$(dirname "$0")"
source ./lib.sh
host
interleave 4 train-16 "$X --exec per-input" all47 all48
interleave 3 eval-16 "--data evaluation --mode cross --exec per-input" all47 all48
for d in training evaluation; do
    ./all47 --data $d --mode cross --exec per-input --out /tmp/a.json > /dev/null 2>&1
    ./all48 --data $d --mode cross --exec per-input --out /tmp/b.json > /dev/null 2>&1
    printf "%s: " $d; compare_outputs /tmp/a.json /tmp/b.json
done
rm -f /tmp/a.json /tmp/b.json
for d in training evaluation; do
    printf "one thread all48 %s: " $d
    ./all48 --data $d --mode cross --exec per-input --jobs 1 2>&1 | grep "wall time"
done
echo "== threads trace all48 (training, evaluation)"
for d in training evaluation; do
    BATTGEN_THREADS_TRACE=1 ./all48 --data $d --mode cross --exec per-input 2>&1 |
        grep -E "threads trace: (16 threads|helpers)|wall time" | sed 's/; jobs .*//'
done
BIN=all48 EXECS=per-input ./scaling.sh 2>&1 | grep -E "alone|ceiling"
run_both all48 training all48_train
date
