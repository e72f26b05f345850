#!/bin/bash
# chains19.sh found union chains slower on the device (nt_new alone, one
# H200: 0.365 s against 0.213 s): each chain ran every pair of its product
# into the deadline and the second pass. Now a chain of more than
# WHOLE_UNION_TURNS pairs (4096) is left to the CPU at once. This run:
#  1. per-evaluation profiles of nt_base and nt_new, one GPU;
#  2. alone, two rounds: nt_base, nt_new at 4096, 1024 and 65536 turns, and
#     nt_base and nt_new split by modules.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in nt_base nt_new; do
    BATTGEN_WHOLE_PROFILE=$OUT/prof_$b.tsv ./$b $X --exec device --gpus 1 --stats 2>&1 | grep -E "whole programs|wall time"
done
gzip $OUT/prof_*.tsv
for r in 1 2; do
    for b in nt_base nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
    for t in 1024 65536; do printf "%-14s r%d\n" nt_new_$t $r; alone nt_new BATTGEN_WHOLE_UNION_TURNS=$t; done
    for b in nt_base nt_new; do printf "%-14s r%d\n" ${b}_modules $r; alone $b BATTGEN_WHOLE_SPLIT=modules; done
done
date
