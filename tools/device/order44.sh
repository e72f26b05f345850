#!/bin/bash
# The job order's own cost, on one thread: the one-thread loop (program by
# program), the threads' shared queue in its order (input by input: every
# program on one input, then the next) and the queue program by program
# (BATTGEN_EXP_BY_PROGRAM), rounds interleaved; then all threads input by
# input and program by program, rounds interleaved. Cross over training,
# per input.
cd "$(dirname "$0")"
N=${N:-$(nproc)}
T=${T:-training}
date
wall() { grep 'wall time' | awk '{print $3}'; }
run() { local b=$1; shift; ./$b --data "$T" --mode cross --exec per-input "$@" 2>&1 | wall; }
for b in ${BINS:-nt44 corpus}; do
    for r in 1 2 3; do
        echo "$b one thread r$r: loop $(run $b --jobs 1) queue $(BATTGEN_QUEUE_ALWAYS=1 run $b --jobs 1) queue-by-program $(BATTGEN_QUEUE_ALWAYS=1 BATTGEN_EXP_BY_PROGRAM=1 run $b --jobs 1)"
    done
    for r in 1 2 3 4 5; do
        echo "$b $N threads r$r: by input $(run $b --jobs "$N") by program $(BATTGEN_EXP_BY_PROGRAM=1 run $b --jobs "$N")"
    done
done
date
