#!/bin/bash
# The thirtieth session's in-place grids on two GPUs: nt_x is nt_new.py
# built with a grid local's last reader (fill, paint, a mirror) writing
# it in place on the CPU (`_owned` kernels); nt_v is the build before
# (the device code is the same).
#  1. nt_x's outputs and counter line against the CPU (training, then
#     evaluation; all GPUs);
#  2. alone, four rounds interleaved: nt_v, nt_x;
#  3. a traced run of nt_x (two GPUs): what ends last now.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_x training nt_x
run_both nt_x evaluation nt_x_eval
for r in 1 2 3 4; do
    echo "nt_v r$r"; alone nt_v
    echo "nt_x r$r"; alone nt_x
done
BATTGEN_GPU_TRACE=1 ./nt_x $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_x.log 2>&1
grep -E "reruns of over|CPU tasks|outcomes:" $OUT/trace_x.log | tail -3 | cut -c1-1500
date
