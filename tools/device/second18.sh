#!/bin/bash
# The eighteenth session's second pass (evaluations left at the first
# pass's deadline run again on the device, on a stream of their own, with
# a longer deadline): outputs against the CPU, then the device-code
# programs alone, base (nt_base: before the second pass) against this
# build's nt_new with its knobs, two rounds; the corpus alone; a traced run.
#   staged: nt_base, corpus_base (the previous build), nt_new, corpus,
#   forms, solvers_whole (this build).
cd "$(dirname "$0")"
source ./lib.sh
host
if [ -z "$NO_OUTPUTS" ]; then
    TIMEOUT_MS=10000 BATTERIES="forms corpus solvers_whole" NO_BENCH=1 ./whole.sh
fi
CONFIGS=${CONFIGS:-"BATTGEN_WHOLE_LATE_US=64000 BATTGEN_WHOLE_LATE_US=16000 BATTGEN_WHOLE_LATE_US=256000 BATTGEN_WHOLE_LATE_US=0,BATTGEN_WHOLE_DEADLINE_US=16000"}
echo "== alone: nt_base, nt_new with each of: $CONFIGS"
for r in 1 2; do
    printf "%-48s r%d " nt_base $r; alone nt_base
    for c in $CONFIGS; do printf "%-48s r%d " "$c" $r; alone nt_new ${c//,/ }; done
done
echo "== corpus alone"
for r in 1 2; do
    for b in corpus_base corpus; do printf "%-14s r%d " $b $r; alone $b; done
done
echo "== traced"
BATTGEN_GPU_TRACE=1 ./nt_new --data training --mode cross --exec device --stats 2>&1 | grep -E "whole programs|second pass|each kernel ends|outcomes"
date
