#!/bin/bash
# For a two-GPU host (nvidia-h100-x2 or nvidia-h200-x2), not yet run:
# whole programs split over the GPUs by modules (BATTGEN_WHOLE_SPLIT=modules,
# each GPU all inputs of its modules) against the default split by inputs
# (each GPU every module on its share of the inputs, where each module's
# kernel lasts at least as long as its slowest evaluation).
#  1. solvers_whole and the corpus with `--exec device --gpus all` split by
#     modules, outputs against per input on the CPU;
#  2. nt_new and the corpus alone, 1 GPU then 2, by inputs then by modules,
#     two rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in corpus solvers_whole; do
    [ -x ./$b ] || continue
    echo "== $b: device, all GPUs, split by modules"
    BATTGEN_WHOLE_SPLIT=modules ./$b --data training --mode cross --timeout-ms 10000 --exec device --gpus all --stats --out $OUT/${b}_dev.json 2>&1 | grep -E "whole programs|wall time|gpu:"
    ./$b --data training --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    cmp_out ${b}_cpu ${b}_dev
    rm -f $OUT/*.json
done
for b in nt_new corpus; do
    [ -x ./$b ] || continue
    for r in 1 2; do
        for split in inputs modules; do
            printf "%-8s %-8s r%d\n" $b $split $r
            alone $b BATTGEN_WHOLE_SPLIT=$split
        done
    done
done
date
