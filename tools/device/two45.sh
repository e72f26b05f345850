#!/bin/bash
# Thirty-ninth session on a two-GPU host (nvidia-h200-x2, 32 cores): the
# device-code programs alone (nt45), 1 GPU and 2 GPUs against all CPU
# threads, three rounds; then solvers_whole45 (after the resumable fix)
# on both GPUs against the CPU over training, outputs compared.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt45
run_both solvers_whole45 training solvers_whole45_train2
date
