#!/bin/bash
# The twenty-second session's last device run (two-GPU host), at the
# commit that widens sets of small numbers to 0..63: outputs of
# solvers_whole (training, evaluation) and forms against per input on the
# CPU with the `whole programs:` lines; nt_prev (the session start's
# build) against nt_new alone, two rounds; the profile of nt_new on one
# GPU (gzipped to $OUT).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
alone_rounds 2 nt_prev nt_new
profile_gpu1 nt_new prof_final
date
