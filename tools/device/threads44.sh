#!/bin/bash
# Where per-input runs on all cores lose against one thread (issue 10's
# parallel efficiency). For each battery (default: corpus and nt44, cross
# mode over training, per input):
#   - one thread alone, twice (before and after), and the threads' path
#     on one thread (BATTGEN_QUEUE_ALWAYS: what the shared queue costs);
#   - all threads, three runs, with BATTGEN_THREADS_TRACE (each thread's
#     start and end: a tail against slower jobs), and three with the jobs
#     program by program (BATTGEN_EXP_BY_PROGRAM);
#   - the host's ceiling: N one-thread processes at once.
# Staged in .device/ with lib.sh; run from the repository root.
cd "$(dirname "$0")"
N=${N:-$(nproc)}
T=${T:-training}
date; nproc; lscpu | grep -E 'Model name|MHz'
wall() { grep 'wall time' | awk '{print $3}'; }
for b in ${BINS:-corpus nt44}; do
    run() { ./$b --data "$T" --mode cross --exec per-input "$@" 2>&1; }
    a1=$(run --jobs 1 | wall)
    q1=$(BATTGEN_QUEUE_ALWAYS=1 run --jobs 1 | wall)
    echo "$b: one thread ${a1}s; the queue's path on one thread ${q1}s"
    for r in 1 2 3; do
        echo "$b input by input r$r: $(BATTGEN_THREADS_TRACE=1 run --jobs "$N" | grep -E 'trace: [0-9]+ threads|wall' | tr -s ' ' | tr '\n' ' ')"
        echo "$b program by program r$r: $(BATTGEN_EXP_BY_PROGRAM=1 BATTGEN_THREADS_TRACE=1 run --jobs "$N" | grep -E 'trace: [0-9]+ threads|wall' | tr -s ' ' | tr '\n' ' ')"
    done
    dir=$(mktemp -d)
    for k in $(seq "$N"); do run --jobs 1 | wall > "$dir/$k" & done
    wait
    together=$(cat "$dir"/* | awk '{s += $1} END {printf "%.3f", s / NR}')
    a2=$(run --jobs 1 | wall)
    echo "$b: $N one-thread processes at once: mean ${together}s; one thread again ${a2}s"
done
date
