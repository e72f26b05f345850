#!/bin/bash
# The twenty-fifth session's second device run (two-GPU host): nt_lines2
# (straight-line unions after a size > 1 filter as spans too, and a
# deferred evaluation run once on the CPU) against nt_lines (the first
# run's build) and nt_review (the last session's end):
#  1. outputs and counter lines of solvers_whole (375 public solvers),
#     device against CPU, training and evaluation;
#  2. alone, three rounds, interleaved;
#  3. one traced run of three on two GPUs and one on one GPU.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
alone_rounds 3 nt_review nt_lines nt_lines2
BATTGEN_GPU_TRACE=1 ./nt_lines2 $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/taken_trace2.log 2>&1
grep -E "reruns of over|outcomes:" $OUT/taken_trace2.log | tail -2 | cut -c1-900
BATTGEN_GPU_TRACE=1 ./nt_lines2 $X --exec device --gpus 1 --timeout-ms 10000 --repeat 3 --quiet > $OUT/taken_trace1.log 2>&1
grep -E "reruns of over|outcomes:" $OUT/taken_trace1.log | tail -2 | cut -c1-900
date
