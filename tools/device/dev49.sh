#!/bin/bash
# Forty-first session (nvidia-h200): all49 (the 399 at 3429880: device
# runs form no crew for their CPU programs) whole on the GPU against the
# CPU over training and evaluation (outputs compared, counter line), then
# three interleaved rounds of the whole battery on the GPU (`--exec
# device`, 16 CPU threads beside it) against per input on the 16 threads
# alone, median of 3 runs each.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both all49 training all49_train
run_both all49 evaluation all49_eval
for r in 1 2 3; do
    for d in training evaluation; do
        printf "r%d %s device:    " $r $d
        ./all49 --data $d --mode cross --exec device --gpus all --repeat 3 2>&1 | grep "wall time"
        printf "r%d %s per-input: " $r $d
        ./all49 --data $d --mode cross --exec per-input --repeat 3 2>&1 | grep "wall time"
    done
done
date
