#!/bin/bash
# The twenty-fifth session's device run (two-GPU host): unions of straight
# lines as spans (nt_lines: the CPU's `lines_union`, the device's
# `lines_or`) against the last session's end (nt_review):
#  1. outputs and counter line of nt_lines, device against CPU (training);
#  2. alone, three rounds, interleaved;
#  3. one traced run of three on two GPUs (what the last outcomes wait for);
#  4. one-shot runs (a process's first and only run), two GPUs, three
#     rounds: the run summary's wall time (no --quiet: it prints none).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_lines training nt_lines
alone_rounds 3 nt_review nt_lines
BATTGEN_GPU_TRACE=1 ./nt_lines $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/lines_trace.log 2>&1
grep -E "reruns of over|outcomes:" $OUT/lines_trace.log | tail -2 | cut -c1-900
echo "== one-shot runs, two GPUs"
for r in 1 2 3; do
    for b in nt_review nt_lines; do
        printf "%-10s r%d " $b $r; ./$b $X --exec device --gpus all 2>&1 | grep "wall time"
    done
done
date
