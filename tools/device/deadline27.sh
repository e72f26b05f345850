#!/bin/bash
# The twenty-seventh session's second look at the per-module tail (two-GPU
# host). The trace (trace27.sh) showed each module's kernel lasting about
# its longest evaluation on two GPUs (the longest summed 53 of 67 ms), so:
#  1. nt_d22 alone with the first pass's deadline at 2 ms (default), 1.5
#     and 1 ms, two rounds interleaved (1 and 2 GPUs);
#  2. the per-evaluation profile on one GPU (which evaluations run past
#     the deadline, by how much), gzipped into $OUT.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for d in 2000 1500 1000; do
        printf "deadline %-6s r%d\n" "$d" "$r"
        alone nt_d22 BATTGEN_WHOLE_DEADLINE_US=$d
    done
done
profile_gpu1 nt_d22 profile27
date
