#!/bin/bash
# Device run for issue 11, whole programs on the device (`--exec device`),
# staged by tools/device/stage.sh plus, built by hand, solvers_whole (the
# battery of the solvers.py programs that `gen --explain whole` lists) and
# forms (tests/data/programs/whole_forms.py, every device form):
# each battery in cross mode over training with --exec device and per
# input on the CPU, outputs compared; then the corpus's and solvers_whole's
# bench (its "Device on" lines and the device-code programs alone, GPU
# against the 16 threads). Evaluations get 30 s each (TIMEOUT_MS): the
# public solvers' slowest, solve_d22278a0 on 8731374e's second input, takes
# about the default 10 s on this host and timed out in one run and not the
# other.
cd "$(dirname "$0")"
date; nproc; nvidia-smi -L
source ./lib.sh  # cmp_out
for b in ${BATTERIES:-forms corpus solvers_whole solvers}; do
  [ -x ./$b ] || continue
  for d in ${DATA:-training}; do
    echo "== $b $d: device"
    ./$b --data $d --mode cross --timeout-ms ${TIMEOUT_MS:-30000} --exec device --stats --out $OUT/${b}_dev.json 2>&1 | grep -E "whole|wall time|gpu:"
    echo "== $b $d: per input, CPU"
    ./$b --data $d --mode cross --timeout-ms ${TIMEOUT_MS:-30000} --exec per-input --out $OUT/${b}_cpu.json 2>&1 | grep -E "wall time"
    cmp_out ${b}_cpu ${b}_dev; rm -f $OUT/*.json
  done
done
if [ -z "$NO_BENCH" ]; then
for b in corpus solvers_whole; do
  echo "== bench $b"; ./$b --data training --bench --repeat 3 2>&1 | grep -E "Device on|whole|device code alone|Batched on|PerInput  16|Battery  16|identical"
done
fi
