#!/bin/bash
# The twentieth session (issue 11, coverage): values the device cannot hold
# followed to their reader (whole.rs's `Absent`), on a two-GPU host:
#  1. outputs with `--exec device --gpus all` against per input on the
#     CPU: solvers_whole (the 375 public solvers with device code), forms
#     (whole_forms.py) and absent (tests/data/programs/empty_corners.py),
#     with the `whole programs:` counter line;
#  2. alone, two rounds: nt_prev (d56a8d5's device code) and nt_new.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in solvers_whole forms absent; do
    echo "== $b"
    ./$b $X --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    ./$b $X --timeout-ms 10000 --exec device --gpus all --stats --out $OUT/${b}_gpu.json 2>&1 |
        grep -E "whole programs|wall time"
    cmp_out ${b}_cpu ${b}_gpu
    rm -f $OUT/*.json
done
for r in 1 2; do
    for b in nt_prev nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
done
date
