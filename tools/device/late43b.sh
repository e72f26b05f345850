#!/bin/bash
# late43.sh's comparison on a one-GPU host (nvidia-h200, 16 cores): the
# device-code programs of nt_rag alone, GPU against all CPU threads, with
# the second pass's deadline at 16 and 8 ms and with no second pass, three
# rounds interleaved.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    for late in 16000 8000 0; do
        printf "late %5d us r%d\n" "$late" "$r"
        alone nt_rag BATTGEN_WHOLE_LATE_US=$late
    done
done
date
