#!/bin/bash
# The twenty-third session's second run (two-GPU host): occurrences of a
# box of one colour on the device (`occurrences_box` in
# whole_objects.cuh), with the CPU runtime's own box path (25d33db).
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (training, evaluation) and forms, with the
#     `whole programs:` counter lines;
#  2. alone, three rounds: nt_prev (nt_new.py built at the session start)
#     against nt_new (this commit);
#  3. nt_new on one GPU with BATTGEN_WHOLE_PROFILE and the trace.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
alone_rounds 3 nt_prev nt_new
profile_gpu1 nt_new prof_box
date
