#!/bin/bash
# The second pass's deadline on a whole battery (all_rag: the 399 public
# solvers but solve_91413438 at this session's end, its 26 programs with no
# device code on the CPU threads beside the device's): cross mode over
# training, `--exec device` on 1 GPU and on every GPU, the median of 5
# runs each (the first run's NVRTC compile aside), with the second pass at
# 16 ms (the default) and with none, two rounds interleaved; the CPU alone
# (`--exec battery`, all threads) for scale.
cd "$(dirname "$0")"
source ./lib.sh
host
gpus=$(nvidia-smi -L | wc -l)
for r in 1 2; do
    for late in 16000 0; do
        for g in $(seq "$gpus"); do
            printf "late %5d us, %d GPU, r%d: " "$late" "$g" "$r"
            BATTGEN_WHOLE_LATE_US=$late ./all_rag --data training --mode cross --exec device \
                --gpus "$g" --timeout-ms 10000 --repeat 5 2>&1 | grep "wall time"
        done
    done
done
printf "CPU, all threads: "
./all_rag --data training --mode cross --exec battery --timeout-ms 10000 --repeat 5 2>&1 | grep "wall time"
date
