#!/bin/bash
# The twenty-ninth session's first device run (two-GPU host): nt_d is
# nt_new.py built with the fork sharing in the device code (whole.rs's
# `Emitter::fork_sharing`), nt_f the same before it (15edb7c: the sharing
# in the CPU's typed code only).
#  1. nt_d's outputs and counter line against the CPU, training;
#  2. nt_f and nt_d alone, two GPUs and one, three rounds interleaved;
#  3. the per-evaluation profile of each on one GPU (what is left, and
#     what it costs the CPU).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_d training nt_d
for r in 1 2 3; do
    for b in nt_f nt_d; do
        echo "$b 2 GPUs r$r"; alone $b
        echo "$b 1 GPU r$r"; alone $b CUDA_VISIBLE_DEVICES=0
    done
done
profile_gpu1 nt_f prof35_f
profile_gpu1 nt_d prof35_d
date
