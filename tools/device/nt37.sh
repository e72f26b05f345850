#!/bin/bash
# The thirty-first session's device run, part 3 (one H200 host): nt_new
# is nt_new.py (the 373 public solvers with device code less
# solve_d22278a0 and solve_91413438, whose 10 s evaluations bound any
# run) built at 511f2ce, nt_start on the start's runtime.
#  1. the device-code programs alone, GPU against all CPU threads, start
#     and end interleaved, three rounds;
#  2. parallel efficiency per input against the host's ceiling, start and
#     end (scaling.sh, per input only).
cd "$(dirname "$0")"
source ./lib.sh
alone_rounds 3 nt_start nt_new
EXECS=per-input BIN=nt_start ./scaling.sh
EXECS=per-input BIN=nt_new ./scaling.sh
date
