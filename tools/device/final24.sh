#!/bin/bash
# The twenty-fourth session's last device run (two-GPU host): second
# passes collected while the first pass runs and page-locked buffers made
# before the kernels (nt_new24) against the session start (nt_trace: its
# build plus the reruns' trace line), and the deferred evaluations' order
# for idle CPU threads (BATTGEN_WHOLE_DEFERRED=largest):
#  1. alone, three rounds;
#  2. one-shot runs (a process's first and only run; NVRTC's cache warmed
#     first), three rounds, two GPUs;
#  3. one traced run of three, two GPUs;
#  4. outputs and counter lines of solvers_whole (training, evaluation).
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    printf "nt_trace         r%d " $r; alone nt_trace
    printf "nt_new24         r%d " $r; alone nt_new24
    printf "nt_new24 largest r%d " $r; alone nt_new24 BATTGEN_WHOLE_DEFERRED=largest
done
echo "== one-shot runs, two GPUs (wall time of the run)"
for b in nt_trace nt_new24; do ./$b $X --exec device --gpus all --quiet > /dev/null 2>&1; done
for r in 1 2 3; do
    for b in nt_trace nt_new24; do
        printf "%-10s r%d " $b $r; ./$b $X --exec device --gpus all --quiet 2>&1 | grep "wall time"
    done
done
BATTGEN_GPU_TRACE=1 ./nt_new24 $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/final_trace.log 2>&1
grep -E "reruns of over|outcomes:|second pass \(" $OUT/final_trace.log | tail -4 | cut -c1-900
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
date
