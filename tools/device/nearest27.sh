#!/bin/bash
# The twenty-seventh session's device run (two-GPU host): solvers_whole
# (375 public solvers) and nt_d22 (nt_new.py, 373) built with typed code
# for made functions that loop (solve_d22278a0's nearest objects) and the
# runtime's scalar kernels inlined, against nt_flip (the last session's
# end):
#  1. outputs and counter lines of solvers_whole, device against CPU,
#     evaluation (where solve_d22278a0 passed the time limit) and training;
#  2. the device-code programs alone, GPUs against all host threads, two
#     rounds interleaved.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole evaluation solvers_whole_evaluation
run_both solvers_whole training solvers_whole
alone_rounds 2 nt_flip nt_d22
date
