#!/bin/bash
# The twenty-seventh session's trace (two-GPU host): nt_d22 traced on one
# and on two GPUs, three runs in one process each (the last one warm):
# per module, its kernel's length, its warps' summed time and its
# longest evaluation, to see what a second GPU does not halve.
cd "$(dirname "$0")"
source ./lib.sh
host
for g in 1 all; do
    BATTGEN_GPU_TRACE=1 ./nt_d22 $X --exec device --gpus $g --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace27_$g.log 2>&1
    grep -E "wall time" $OUT/trace27_$g.log | tail -1
done
date
