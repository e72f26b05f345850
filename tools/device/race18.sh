#!/bin/bash
# The second pass with the CPU taking deferred evaluations when idle (and
# the device not waiting for a second pass the CPU has decided): forms'
# and the corpus's outputs against the CPU, then the device-code programs
# alone, nt_base / corpus_base (before the second pass) against nt_new /
# corpus, two rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
TIMEOUT_MS=10000 BATTERIES="forms corpus" NO_BENCH=1 ./whole.sh
for pair in "nt_base nt_new" "corpus_base corpus"; do
    echo "== alone: $pair"
    for r in 1 2; do
        for b in $pair; do printf "%-12s r%d " $b $r; alone $b; done
    done
done
BATTGEN_GPU_TRACE=1 ./nt_new --data training --mode cross --exec device --stats 2>&1 | grep -E "second pass|outcomes"
date
