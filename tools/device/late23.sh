#!/bin/bash
# The twenty-third session's last run (two-GPU host): the second pass's
# deadline cut from 64 to 16 ms (`LATE_US` in whole.rs).
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (training, evaluation), with the `whole programs:`
#     counter lines at the new default;
#  2. alone, two rounds: nt_prev (the session start: 64 ms), nt_new (16
#     ms) and nt_new with an 8 ms second pass.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
for r in 1 2; do
    printf "nt_prev        r%d\n" $r; alone nt_prev
    printf "nt_new         r%d\n" $r; alone nt_new
    printf "nt_new 8 ms    r%d\n" $r; alone nt_new BATTGEN_WHOLE_LATE_US=8000
done
date
