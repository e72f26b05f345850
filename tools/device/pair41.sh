#!/bin/bash
# The thirty-fifth session's device run (one H200 host): typed tuples of
# two types and `power` loops (d7f6b63), grids of no cells written
# directly as outcomes (6f4df65). nt_own: nt_new.py (the 373 public
# solvers with device code less solve_d22278a0 and solve_91413438) at
# 42a2156 (the thirty-fourth session's end); nt_t41: the same programs at
# 6f4df65; solvers_whole_t41: solvers_whole.py at 6f4df65.
#   ./pair41.sh 1: the GPU selftest over training; solvers_whole_t41's
#                 outputs on the GPU against the CPU (training, its counter
#                 line); its batched per-node path's batch-op counters and
#                 the static gpu coverage line; the device-code programs
#                 alone, GPU against all CPU threads, both builds, 2 rounds;
#   ./pair41.sh 2: 16-thread per-input times of both builds interleaved,
#                 4 rounds, their outputs compared; parallel efficiency per
#                 input of nt_t41 against the host's ceiling (scaling.sh).
cd "$(dirname "$0")"
source ./lib.sh
host
session_pair "$1" nt_own nt_t41 solvers_whole_t41
date
