#!/bin/bash
# The eighteenth session's first device run, on a two-GPU host: where the
# device-code programs' time goes, and two GPUs against one.
#  1. nt_new (the 373 solvers with device code, less solve_d22278a0 and
#     solve_91413438) in cross mode over training on one GPU, with
#     BATTGEN_WHOLE_PROFILE: every evaluation's outcome (given, raised,
#     left) with its device and CPU time, gzipped to $OUT/prof_nt.tsv.gz;
#  2. the device-code programs alone, one GPU then two (the bench's lines),
#     nt_new and the corpus, two rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
echo "== profile nt_new, 1 GPU"
BATTGEN_WHOLE_PROFILE=$OUT/prof_nt.tsv ./nt_new --data training --mode cross --exec device --gpus 1 --timeout-ms 10000 --stats --out /tmp/nt.json 2>&1 | grep -E "whole|wall time|gpu:"
gzip -f $OUT/prof_nt.tsv
for b in nt_new corpus; do
    echo "== $b: the device-code programs alone, 1 GPU then 2"
    for r in 1 2; do
        BATTGEN_BENCH_WHOLE_ONLY=1 ./$b --data training --bench --repeat 5 2>&1 | grep -E "device code alone|differ"
    done
done
date
