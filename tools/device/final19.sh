#!/bin/bash
# The nineteenth session's final run (7c6acb2, union chains bounded at
# 1024 turns), on a two-GPU host:
#  1. outputs with `--exec device` against per input on the CPU: the
#     public solvers with device code (one GPU and all), the corpus,
#     whole_forms.py and union_chains.py (all GPUs);
#  2. alone, two rounds: nt_base (27d28ad) and nt_new at 1024 turns (the
#     default), 512 and 2048;
#  3. nt_new's --stats line, one GPU.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in solvers_whole corpus forms unions; do
    [ -x ./$b ] || continue
    echo "== $b"
    ./$b $X --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    gs="all"; [ $b = solvers_whole ] && gs="1 all"
    for g in $gs; do
        ./$b $X --timeout-ms 10000 --exec device --gpus $g --stats --out $OUT/${b}_gpu$g.json 2>&1 |
            grep -E "whole programs|wall time"
    done
    cmp_out ${b}_cpu $(for g in $gs; do echo ${b}_gpu$g; done)
    rm -f $OUT/*.json
done
for r in 1 2; do
    for b in nt_base nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
    for t in 512 2048; do printf "%-14s r%d\n" nt_new_$t $r; alone nt_new BATTGEN_WHOLE_UNION_TURNS=$t; done
done
echo "== nt_new --gpus 1 --stats"
./nt_new $X --exec device --gpus 1 --stats 2>&1 | grep -E "whole programs|wall time"
date
