#!/bin/bash
# The twentieth session (issue 11, coverage): values the device cannot hold
# followed to their reader (whole.rs's `Absent`), on a two-GPU host:
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (the 375 public solvers with device code; cross
#     over training, then evaluation), forms (whole_forms.py) and absent
#     (tests/data/programs/empty_corners.py), with the `whole programs:`
#     counter line;
#  2. alone, two rounds: nt_prev (d56a8d5's device code) and nt_new.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
run_both absent training absent
for r in 1 2; do
    for b in nt_prev nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
done
date
