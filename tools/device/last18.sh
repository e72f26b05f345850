#!/bin/bash
# The eighteenth session's check of the final code on a two-GPU host:
# solvers_whole's outputs (the 375 solvers with device code) with
# `--exec device --gpus all` against per input on the CPU, then nt_new and
# nt_base alone, 1 GPU then 2, one round each.
cd "$(dirname "$0")"
source ./lib.sh
host
b=solvers_whole
./$b --data training --mode cross --timeout-ms 10000 --exec device --gpus all --stats --out $OUT/${b}_dev.json 2>&1 | grep -E "whole programs|wall time|gpu:"
./$b --data training --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
cmp_out ${b}_cpu ${b}_dev
rm -f $OUT/*.json
for b in nt_new nt_base; do printf "%-12s\n" $b; alone $b; done
date
