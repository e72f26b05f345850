#!/bin/bash
# Forty-second session (nvidia-h200): all49 (the 399 public solvers less
# 91413438 at the session's start) against all51 (stamped unions, patches
# sorted stably): 16 threads interleaved (training x4, evaluation x3), one
# thread each, the host's ceiling for all51 (scaling.sh), the GPU checks
# of all51 (selftest, whole programs against the CPU, batch-op counters),
# and all51's whole battery on the GPU against its 16 threads alone.
cd "$(dirname "$0")"
source ./lib.sh
host
interleave 4 train16 "--data training --mode cross --exec per-input" all49 all51
interleave 3 eval16 "--data evaluation --mode cross --exec per-input" all49 all51
interleave 1 train1 "--data training --mode cross --exec per-input --jobs 1" all49 all51
interleave 1 eval1 "--data evaluation --mode cross --exec per-input --jobs 1" all49 all51
BIN=all51 EXECS=per-input ./scaling.sh 2>&1 | grep -E 'alone|ceiling'
gpu_checks all51
for r in 1 2; do
    for d in training evaluation; do
        printf "r%d %s device:    " $r $d
        ./all51 --data $d --mode cross --exec device --gpus all --repeat 3 2>&1 | grep "wall time"
        printf "r%d %s per-input: " $r $d
        ./all51 --data $d --mode cross --exec per-input --repeat 3 2>&1 | grep "wall time"
    done
done
date
