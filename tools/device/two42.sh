#!/bin/bash
# The thirty-sixth session's run on a two-GPU host (nvidia-h200-x2, 32
# cores), this session's end build (see pair42.sh for the binaries):
# solvers_whole_row's outputs on both GPUs (`--gpus all`) against the CPU
# over training, with the counter line; then the device-code programs of
# nt_row alone, 1 GPU and 2 GPUs against all CPU threads, three rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole_row training solvers_whole_row_train2
alone_rounds 3 nt_row
date
