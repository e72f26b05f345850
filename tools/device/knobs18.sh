#!/bin/bash
# Knobs of the device-code programs alone (nt_new: 373 solvers), each in
# turn, two rounds: the per-evaluation deadline (BATTGEN_WHOLE_DEADLINE_US,
# default 2000) and the modules' streams (BATTGEN_WHOLE_STREAMS, default 1).
cd "$(dirname "$0")"
source ./lib.sh
host
CONFIGS=${CONFIGS:-"BATTGEN_WHOLE_DEADLINE_US=2000 BATTGEN_WHOLE_DEADLINE_US=4000 BATTGEN_WHOLE_DEADLINE_US=8000 BATTGEN_WHOLE_DEADLINE_US=16000 BATTGEN_WHOLE_STREAMS=4"}
for r in 1 2; do
    for c in $CONFIGS; do printf "%-32s r%d " $c $r; alone ${B:-nt_new} ${c//,/ }; done
done
date
