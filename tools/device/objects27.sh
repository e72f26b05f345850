#!/bin/bash
# The twenty-seventh session's last device run (two-GPU host): nt_obj
# (nt_new.py with the device's `objects` checking the deadline each round
# of its labelling) against nt_d22:
#  1. outputs and counter line of nt_obj, device against CPU, training;
#  2. nt_d22 and nt_obj alone, three rounds interleaved;
#  3. one traced run of three of nt_obj on two GPUs (kernels and their
#     longest evaluations per module).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_obj training nt_obj
alone_rounds 3 nt_d22 nt_obj
BATTGEN_GPU_TRACE=1 ./nt_obj $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/objects27_trace.log 2>&1
grep -E "outcomes:" $OUT/objects27_trace.log | tail -2 | cut -c1-300
date
