#!/bin/bash
# The twenty-second session's first device run (two-GPU host): where the
# time of the device-code programs goes now that 96.5% of their
# evaluations stay on the device.
#  1. nt_new on one GPU with BATTGEN_WHOLE_PROFILE (every evaluation's
#     outcome, warp time and CPU time alone; gzipped to $OUT) and the GPU
#     trace (kernel ends, arrivals, the CPU's decoding and rerun time);
#  2. nt_new alone, one GPU then two, with the trace, into $OUT/trace_*.log;
#  3. two GPUs under knobs: no second pass, split by modules, 1 ms deadline.
cd "$(dirname "$0")"
source ./lib.sh
host
profile_gpu1 nt_new prof_nt
echo "== nt_new alone with the trace (1 GPU then 2), two rounds"
for r in 1 2; do
    BATTGEN_GPU_TRACE=1 BATTGEN_BENCH_WHOLE_ONLY=1 ./nt_new --data training --bench --repeat 3 > $OUT/trace_r$r.log 2>&1
    grep -E "device code alone|differ" $OUT/trace_r$r.log
done
echo "== knobs, alone"
for c in BATTGEN_WHOLE_LATE_US=0 BATTGEN_WHOLE_SPLIT=modules BATTGEN_WHOLE_DEADLINE_US=1000 X=base; do
    printf "%s " $c; alone nt_new $c
done
date
