#!/bin/bash
# The second pass on several streams (BATTGEN_WHOLE_LATE_STREAMS, default
# 4) with up to 1024 blocks: forms' outputs against the CPU, then the
# device-code programs alone, nt_base (before the second pass) against
# nt_new with its knobs, two rounds; the corpus alone; a traced run.
cd "$(dirname "$0")"
source ./lib.sh
host
[ -z "$NO_OUTPUTS" ] && TIMEOUT_MS=10000 BATTERIES="forms" NO_BENCH=1 ./whole.sh
CONFIGS=${CONFIGS:-"BATTGEN_WHOLE_LATE_US=16000 BATTGEN_WHOLE_LATE_US=32000 BATTGEN_WHOLE_LATE_US=64000 BATTGEN_WHOLE_LATE_US=16000,BATTGEN_WHOLE_LATE_STREAMS=1"}
echo "== alone: nt_base, nt_new with each of: $CONFIGS"
for r in 1 2; do
    printf "%-48s r%d " nt_base $r; alone nt_base
    for c in $CONFIGS; do printf "%-48s r%d " "$c" $r; alone nt_new ${c//,/ }; done
done
echo "== corpus alone"
for r in 1 2; do
    printf "%-48s r%d " corpus_base $r; alone corpus_base
    for c in ${CORPUS_CONFIGS:-BATTGEN_WHOLE_LATE_US=16000 BATTGEN_WHOLE_LATE_US=0}; do printf "%-48s r%d " "corpus $c" $r; alone corpus $c; done
done
echo "== traced"
BATTGEN_WHOLE_LATE_US=${TRACED_LATE_US:-16000} BATTGEN_GPU_TRACE=1 ./nt_new --data training --mode cross --exec device --stats 2>&1 | grep -E "whole programs|second pass|each kernel ends|outcomes"
date
