#!/bin/bash
# The nineteenth session's third change (argmax-like loops whose turn is
# scalar run one element per lane), on a two-GPU host:
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole and forms;
#  2. alone, two rounds: nt_loc (26fa112) and nt_new (this build).
cd "$(dirname "$0")"
source ./lib.sh
host
for b in solvers_whole forms; do
    echo "== $b"
    ./$b $X --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    ./$b $X --timeout-ms 10000 --exec device --gpus all --stats --out $OUT/${b}_gpu.json 2>&1 |
        grep -E "whole programs|wall time"
    cmp_out ${b}_cpu ${b}_gpu
    rm -f $OUT/*.json
done
for r in 1 2; do
    for b in nt_loc nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
done
date
