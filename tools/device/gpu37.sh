#!/bin/bash
# The thirty-first session's device run, part 1 (one H200: kinds with two
# GPUs were not lent this session). solvers_whole is solvers_whole.py
# built at 511f2ce, solvers_whole_start the same programs
# built on the session start's runtime (c3ad469, `BATTGEN_RUNTIME`).
#  1. solvers_whole's outputs and counter line against the CPU, on the
#     evaluation and the training set;
#  2. the device-code programs alone, GPU against all CPU threads, start
#     and end interleaved, three rounds;
#  3. the batched per-node path's batch-op and coverage lines.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole evaluation solvers_whole_eval
run_both solvers_whole training solvers_whole_train
alone_rounds 3 solvers_whole_start solvers_whole
./solvers_whole $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 |
    grep -E "batch ops|gpu coverage|wall time"
date
