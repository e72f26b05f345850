#!/bin/bash
# The twenty-second session's measuring run (two-GPU host): unions of lines
# one per lane (`Emitter::lane_union`) and mostcommon/leastcommon of
# objects counted per lane (`s_by_count`).
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (the 375 public solvers with device code; cross
#     over training, then evaluation), forms (whole_forms.py) and unions
#     (union_chains.py), with the `whole programs:` counter line;
#  2. alone, three rounds (GPUs against the host's threads): nt_prev (the
#     session start's runtime) and nt_new, both of nt_new.py (solvers_whole
#     less solve_d22278a0 and solve_91413438);
#  3. nt_new on one GPU with BATTGEN_WHOLE_PROFILE and the trace (gzipped
#     profile and the trace's log into $OUT).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
run_both unions training unions
alone_rounds 3 nt_prev nt_new
profile_gpu1 nt_new prof_new
date
