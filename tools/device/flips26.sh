#!/bin/bash
# The twenty-sixth session's device run (two-GPU host): nt_flip (mirrors
# written by their concatenation, on the CPU path) against nt_lines2 (the
# last session's end build):
#  1. outputs and counter lines of nt_flip, device against CPU, training;
#  2. the batched path's counter lines;
#  3. the device-code programs alone, GPUs against all host threads, two
#     rounds interleaved.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_flip training nt_flip
./nt_flip $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
alone_rounds 2 nt_lines2 nt_flip
date
