#!/bin/bash
# The eighteenth session's last device run, on a two-GPU host
# (nvidia-h100-x2 or nvidia-h200-x2): the second pass at this build's
# defaults.
#  1. outputs of forms, the corpus and solvers_whole (the 375 solvers with
#     device code) with `--exec device --gpus all` against per input on
#     the CPU, with the whole-program counters (10 s evaluations);
#  2. the device-code programs alone, 1 GPU then 2 (the bench's lines),
#     nt_base (before the second pass) and nt_new, then corpus_base and
#     corpus, two rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
for b in forms corpus solvers_whole; do
    echo "== $b: device, all GPUs"
    ./$b --data training --mode cross --timeout-ms 10000 --exec device --gpus all --stats --out $OUT/${b}_dev.json 2>&1 | grep -E "whole programs|wall time|gpu:"
    echo "== $b: per input, CPU"
    ./$b --data training --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    cmp_out ${b}_cpu ${b}_dev
    rm -f $OUT/*.json
done
for pair in "nt_base nt_new" "corpus_base corpus"; do
    echo "== alone, 1 GPU then 2: $pair"
    for r in 1 2; do
        for b in $pair; do printf "%-12s r%d\n" $b $r; alone $b; done
    done
done
date
