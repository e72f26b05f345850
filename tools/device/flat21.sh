#!/bin/bash
# The twenty-first session (issue 11, coverage): grids of no cells as
# device values (whole.cuh's `g_flat`) and corners of empty patches inside
# function values, on a two-GPU host:
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (the 375 public solvers with device code; cross
#     over training, then evaluation), forms (whole_forms.py), absent
#     (empty_corners.py), flat (flat_grids.py) and late (late_raises.py,
#     where built), with the `whole programs:` counter line;
#  2. alone, two rounds (GPUs against the host's threads): nt_prev
#     (be5a54c's runtime) and nt_new, both of nt_new.py (solvers_whole
#     less solve_d22278a0 and solve_91413438).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
run_both absent training absent
run_both flat training flat
# late (tests/data/programs/late_raises.py): from the second run, at 6ad1ad5.
[ -x late ] && run_both late training late
alone_rounds 2 nt_prev nt_new
date
