#!/bin/bash
# The twenty-second session's last device run (two-GPU host), at the
# commit that widens sets of small numbers to 0..63: outputs of
# solvers_whole (training, evaluation) and forms against per input on the
# CPU with the `whole programs:` lines; nt_prev (the session start's
# build) against nt_new alone, two rounds; the profile of nt_new on one
# GPU (gzipped to $OUT).
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole training solvers_whole
run_both solvers_whole evaluation solvers_whole_evaluation
run_both forms training forms
for r in 1 2; do
    for b in nt_prev nt_new; do printf "%-14s r%d\n" $b $r; alone $b; done
done
echo "== profile nt_new, 1 GPU"
BATTGEN_WHOLE_PROFILE=$OUT/prof_final.tsv BATTGEN_GPU_TRACE=1 ./nt_new --data training --mode cross --exec device --gpus 1 --timeout-ms 10000 --stats --out /tmp/nt.json > $OUT/profile_final.log 2>&1
grep -E "whole programs|wall time|outcomes" $OUT/profile_final.log
gzip -f $OUT/prof_final.tsv
date
