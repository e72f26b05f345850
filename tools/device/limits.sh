#!/bin/bash
# Device run for issue 11 (eighteenth session, third run): the device-code
# programs alone (solvers_whole, corpus) under limits on objects and
# locations per set (BATTGEN_WHOLE_OBJS, BATTGEN_WHOLE_LOCS, whole.rs),
# against *_start (shared warp memory, 128 objects, 2048 locations), with
# the per-module kernel times; then outputs against the CPU under the
# limits chosen.
cd "$(dirname "$0")"
source ./lib.sh  # cmp_out
export BATTGEN_CACHE_DIR=$PWD/cubin-cache
ab() { # LABEL BIN [ENV...]
  local label=$1 bin=$2; shift 2
  echo "== $label: $bin $*"
  env "$@" BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./$bin --data training --bench --repeat ${REPEAT:-5} 2>&1 |
    grep -E "device code alone|whole programs' kernels|whole programs' outcomes" | tail -3
}
for b in solvers_whole corpus; do
  ab base ${b}_start
  ab room $b
  ab limits $b BATTGEN_WHOLE_OBJS=128
  ab limits $b BATTGEN_WHOLE_OBJS=128 BATTGEN_WHOLE_LOCS=2048
  ab limits $b BATTGEN_WHOLE_OBJS=256
  ab limits $b BATTGEN_WHOLE_OBJS=64
done
for l in "BATTGEN_WHOLE_OBJS=128" "BATTGEN_WHOLE_OBJS=128 BATTGEN_WHOLE_LOCS=2048"; do
  echo "== solvers_whole outputs, $l"
  env $l ./solvers_whole --data training --mode cross --exec device --stats --out $OUT/l_dev.json 2>&1 | grep -E "whole programs"
  ./solvers_whole --data training --mode cross --exec per-input --out $OUT/l_cpu.json 2>&1 | grep -E "wall time"
  cmp_out l_cpu l_dev; rm -f $OUT/*.json
done
