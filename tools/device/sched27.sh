#!/bin/bash
# The twenty-seventh session's scheduling try (two-GPU host; the knob it
# sets was removed after this run, not kept): warps take a
# module's evaluations input by input, largest first, every program on each
# (BATTGEN_WHOLE_SCHEDULE=inputs), instead of program by program: the
# longest evaluations start first rather than each program's at its turn,
# so that a kernel would not end on its last program's largest inputs.
#  1. outputs and counter line of nt_sched with the new order, device
#     against CPU, training;
#  2. nt_sched alone, default against inputs, three rounds interleaved;
#  3. one traced run of three on two GPUs with the new order.
cd "$(dirname "$0")"
source ./lib.sh
host
export BATTGEN_WHOLE_SCHEDULE=inputs
run_both nt_sched training nt_sched_inputs
unset BATTGEN_WHOLE_SCHEDULE
for r in 1 2 3; do
    printf "%-14s r%d\n" default "$r"; alone nt_sched
    printf "%-14s r%d\n" inputs "$r"; alone nt_sched BATTGEN_WHOLE_SCHEDULE=inputs
done
BATTGEN_WHOLE_SCHEDULE=inputs BATTGEN_GPU_TRACE=1 ./nt_sched $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/sched27_trace.log 2>&1
date
