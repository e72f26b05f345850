#!/bin/bash
# Forty-second session on a two-GPU host (nvidia-h200-x2, 32 cores): the
# device-code programs alone (nt49: the start, nt53: now), 1 GPU and 2 GPUs against all CPU
# threads, three rounds; all53 (the 399) whole on both GPUs against the
# CPU over training (outputs compared); then all53 whole over training
# and evaluation on 1 GPU, on 2 GPUs and on the 32 threads alone, two
# rounds, median of 3 each.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt49 nt53
run_both all53 training all53_train2
for r in 1 2; do
    for d in training evaluation; do
        for g in 1 2; do
            printf "r%d %s %d GPU:     " $r $d $g
            ./all53 --data $d --mode cross --exec device --gpus $g --repeat 3 2>&1 | grep "wall time"
        done
        printf "r%d %s 32 threads: " $r $d
        ./all53 --data $d --mode cross --exec per-input --repeat 3 2>&1 | grep "wall time"
    done
done
date
