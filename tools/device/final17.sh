#!/bin/bash
# The seventeenth session's last device run, after the fix of raises in
# program order (4b7ff71): outputs of forms, the corpus and solvers_whole
# (the 375 solvers with device code), device against the CPU, with the
# whole-program counters (10 s evaluations); the programs with device code
# alone, the start's (nt_old: its 292 less solve_d22278a0 and
# solve_91413438, whose evaluations of 10 s and more bound any alone run)
# and this build's (nt_new: 373); the corpus's batch counters.
cd "$(dirname "$0")"
source ./lib.sh
date; nproc; nvidia-smi -L
TIMEOUT_MS=10000 BATTERIES="forms corpus solvers_whole" NO_BENCH=1 ./whole.sh
echo "== alone"
for r in 1 2; do
    for b in nt_old nt_new; do printf "%-8s r%d " $b $r; alone $b; done
done
echo "== batch counters"
./corpus --data training --mode cross --exec batched --stats 2>&1 | grep -E "batch ops|gpu coverage|whole programs"
date
