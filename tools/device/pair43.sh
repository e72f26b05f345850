#!/bin/bash
# The thirty-seventh session's device run (one H200 host): rows of colours
# of two widths held as one buffer (`Value::Ragged`) and `mpapply` of a
# patch function as typed code. nt_prod: nt_new.py (the 373 public solvers
# with device code less solve_d22278a0 and solve_91413438) at cb97f11 (the
# last session's end); nt_rag: the same programs at this session's end;
# solvers_whole_rag: solvers_whole.py at this session's end.
#   ./pair43.sh 1: the GPU selftest over training; solvers_whole_rag's
#                 outputs on the GPU against the CPU (training, its counter
#                 line); its batched per-node path's batch-op counters and
#                 the static gpu coverage line; the device-code programs
#                 alone, GPU against all CPU threads, both builds, 2 rounds;
#   ./pair43.sh 2: 16-thread per-input times of both builds interleaved,
#                 4 rounds, their outputs compared; parallel efficiency per
#                 input of nt_rag against the host's ceiling (scaling.sh).
cd "$(dirname "$0")"
source ./lib.sh
host
session_pair "$1" nt_prod nt_rag solvers_whole_rag
date
