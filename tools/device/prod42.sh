#!/bin/bash
# The thirty-sixth session's last device run (nvidia-h200-x2, 32 cores):
# `sfilter` of a `product` read by nothing else filters the pairs as they
# are made (nt_prod, solvers_whole_prod) against the build before it
# (nt_row, pair42.sh). The device-code programs alone (1 GPU, then 2 GPUs,
# against all CPU threads), the builds in turn, three rounds; nt_prod
# traced on two GPUs (the CPU tasks that end last); solvers_whole_prod's
# outputs on both GPUs against the CPU over training.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt_row nt_prod
BATTGEN_GPU_TRACE=1 ./nt_prod $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_prod.log 2>&1
grep -E "reruns of over|outcomes:" $OUT/trace_prod.log | tail -2 | cut -c1-700
run_both solvers_whole_prod training solvers_whole_prod_train2
date
