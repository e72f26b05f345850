#!/bin/bash
# Forty-first session on a two-GPU host (nvidia-h200-x2, 32 cores): the
# device-code programs alone (nt47), 1 GPU and 2 GPUs against all CPU
# threads, three rounds; then all48 (the 399) whole on both GPUs against
# the CPU over training, outputs compared.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt47
run_both all48 training all48_train2
date
