#!/bin/bash
# The thirty-seventh session's run on a two-GPU host (nvidia-h200-x2, 32
# cores): the second pass's deadline (BATTGEN_WHOLE_LATE_US, default 16 ms)
# against what ends two GPUs' runs after their kernels (the second pass,
# then the CPU's reruns of what it leaves). The device-code programs of
# nt_rag (pair43.sh) alone, 1 GPU and 2 GPUs against all CPU threads, at
# 16, 8 and 4 ms and with no second pass, two rounds interleaved; then
# solvers_whole_rag's outputs on both GPUs against the CPU over training.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for late in 16000 8000 4000 0; do
        printf "late %5d us r%d\n" "$late" "$r"
        alone nt_rag BATTGEN_WHOLE_LATE_US=$late
    done
done
run_both solvers_whole_rag training solvers_whole_rag_train2
date
