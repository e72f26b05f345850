#!/bin/bash
# The twenty-third session's run (two-GPU host): the CPU's reruns made
# cheaper (occurrences of a box of one colour in one pass, hmatching and
# vmatching without allocation). nt_prev is nt_new.py built at the
# session start, nt_new the same programs at this commit; the device code
# is the same, only the CPU runtime differs.
#  1. outputs of nt_new with `--exec device --gpus all` against per input
#     on the CPU (training), with the `whole programs:` counter line;
#  2. alone, three rounds: nt_prev against nt_new (GPUs against the
#     host's threads);
#  3. nt_new on one GPU with BATTGEN_WHOLE_PROFILE and the trace: the CPU
#     time of the evaluations the device leaves.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_new training nt_new
alone_rounds 3 nt_prev nt_new
profile_gpu1 nt_new prof_new
date
