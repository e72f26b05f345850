#!/bin/bash
# The nineteenth session's second change (one location made a set within a
# function held as the location, DevTy::Loc1), on a two-GPU host:
#  1. outputs with `--exec device` against per input on the CPU:
#     solvers_whole (one GPU and all), the corpus and forms (all GPUs);
#  2. alone, two rounds: nt_base (27d28ad), nt_chain (7c6acb2, union
#     chains) and nt_new (this build);
#  3. nt_new's --stats line, one GPU, and its profile.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in solvers_whole corpus forms; do
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
    for b in nt_base nt_chain nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
done
echo "== nt_new --gpus 1 --stats, profiled"
BATTGEN_WHOLE_PROFILE=$OUT/prof_nt_new.tsv ./nt_new $X --exec device --gpus 1 --stats 2>&1 | grep -E "whole programs|wall time"
gzip $OUT/prof_*.tsv
date
