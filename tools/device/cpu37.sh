#!/bin/bash
# The thirty-first session's device run, part 2 (the H200 host's 16
# cores; no GPU used): solvers is the 399 public solvers (solvers.py less
# solve_91413438) built at 511f2ce, solvers_start on the
# session start's runtime.
#  1. parallel efficiency against the host's ceiling (scaling.sh), start
#     and end;
#  2. per input on all threads, two rounds each, outputs compared.
cd "$(dirname "$0")"
source ./lib.sh
BIN=solvers_start ./scaling.sh
BIN=solvers ./scaling.sh
solvers_outputs_ab
date
