#!/bin/bash
# Device run for issue 11 on a two-GPU host (nvidia-h200-x2 or
# nvidia-h100-x2), staged as for pipeline.sh: whole programs split over
# both GPUs by inputs.
#  1. corpus and solvers_whole in cross mode over training with
#     `--exec device --gpus all` against per input on the CPU: outputs;
#  2. the device-code programs alone (BATTGEN_BENCH_WHOLE_ONLY): the bench
#     gives the 1 GPU line, then the 2 GPU line, three rounds each;
#  3. solvers_whole's whole bench (the Device on 1 and 2 GPUs lines);
#  4. with solvers_whole_start staged (the base revision's battery), its
#     device-code programs alone too, for the A/B on two GPUs.
cd "$(dirname "$0")"
date; nproc; nvidia-smi -L
source ./lib.sh # cmp_out
for b in corpus solvers_whole; do
    echo "== $b: device, all GPUs"
    ./$b --data training --mode cross --exec device --gpus all --stats --out $OUT/${b}_dev.json 2>&1 | grep -E "whole|wall time|gpu:"
    echo "== $b: per input, CPU"
    ./$b --data training --mode cross --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    cmp_out ${b}_cpu ${b}_dev
    rm -f $OUT/*.json
done
for b in solvers_whole corpus; do
    echo "== $b: the device-code programs alone, 1 GPU then 2"
    for r in 1 2 3; do
        [ -x ./${b}_start ] && { printf "base "; BATTGEN_BENCH_WHOLE_ONLY=1 ./${b}_start --data training --bench --repeat 5 2>&1 | grep -E "device code alone|differ"; }
        BATTGEN_BENCH_WHOLE_ONLY=1 ./$b --data training --bench --repeat 5 2>&1 | grep -E "device code alone|differ"
    done
done
echo "== bench solvers_whole"
./solvers_whole --data training --bench --repeat 3 2>&1 | grep -E "Device on|whole programs|device code alone|PerInput  16|identical"
