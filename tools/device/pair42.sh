#!/bin/bash
# The thirty-sixth session's device run (one H200 host): tuples of ints
# that fit a colour held as bytes (`Value::Row`, 94932a8), and the row
# hash and row-by-row `apply` over grids after it. nt_t41: nt_new.py (the
# 373 public solvers with device code less solve_d22278a0 and
# solve_91413438) at 6f4df65 (the last session's); nt_row: the same
# programs at this session's end; solvers_whole_row: solvers_whole.py
# at this session's end.
#   ./pair42.sh 1: the GPU selftest over training; solvers_whole_row's
#                 outputs on the GPU against the CPU (training, its counter
#                 line); its batched per-node path's batch-op counters and
#                 the static gpu coverage line; the device-code programs
#                 alone, GPU against all CPU threads, both builds, 2 rounds;
#   ./pair42.sh 2: 16-thread per-input times of both builds interleaved,
#                 4 rounds, their outputs compared; parallel efficiency per
#                 input of nt_row against the host's ceiling (scaling.sh).
cd "$(dirname "$0")"
source ./lib.sh
host
session_pair "$1" nt_t41 nt_row solvers_whole_row
date
