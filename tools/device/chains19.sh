#!/bin/bash
# The nineteenth session's run on a two-GPU host (nvidia-h100-x2 or
# nvidia-h200-x2): union chains written as one loop, and split19.sh's
# question (whole programs dealt to the GPUs by modules against by inputs).
#  1. solvers_whole (the 375 solvers with device code, this build) and the
#     corpus with `--exec device --gpus all`, split by inputs then by
#     modules: outputs against per input on the CPU;
#  2. nt_base (the session start, 27d28ad) against nt_new (this build)
#     alone, two rounds, and nt_new split by modules;
#  3. nt_new's `--stats` lines on one GPU, then on two.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in solvers_whole corpus; do
    [ -x ./$b ] || continue
    echo "== $b: per input on the CPU"
    ./$b $X --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    for split in inputs modules; do
        echo "== $b: device, all GPUs, split by $split"
        BATTGEN_WHOLE_SPLIT=$split ./$b $X --timeout-ms 10000 --exec device --gpus all --stats \
            --out $OUT/${b}_$split.json 2>&1 | grep -E "whole programs|wall time|gpu:"
    done
    cmp_out ${b}_cpu ${b}_inputs ${b}_modules
    rm -f $OUT/*.json
done
for r in 1 2; do
    for b in nt_base nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
    printf "%-14s r%d\n" nt_new_modules $r; alone nt_new BATTGEN_WHOLE_SPLIT=modules
done
for g in 1 all; do
    echo "== nt_new --gpus $g --stats"
    ./nt_new $X --exec device --gpus $g --stats 2>&1 | grep -E "whole programs|wall time|second pass"
done
date
