#!/bin/bash
# The thirty-eighth session's run on a two-GPU host (nvidia-h200-x2, 32
# cores): the device-code programs alone (nt44_in: the job order before;
# nt44: this session's), 1 GPU and 2 GPUs against all CPU threads at the
# default second pass, three rounds interleaved; then solvers_whole44's
# outputs on both GPUs against the CPU over training.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt44_in nt44
run_both solvers_whole44 training solvers_whole44_train2
date
