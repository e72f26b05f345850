#!/bin/bash
# Device run for issue 11 (eighteenth session, second run): outputs and
# named raises against the CPU (whole.sh without its benches), then the
# device-code programs alone, A/B: *_start (warp memory in shared memory,
# sets of 128 objects, 2048 locations) against the current build (global
# warp memory, 1022 objects, 4096 locations), two rounds, with the
# per-module kernel times and the outcomes' phases (BATTGEN_GPU_TRACE);
# then the full benches of solvers_whole and corpus.
cd "$(dirname "$0")"
export BATTGEN_CACHE_DIR=$PWD/cubin-cache
NO_BENCH=1 ./whole.sh
ab() { # LABEL BIN [ENV...]
  local label=$1 bin=$2; shift 2
  echo "== $label: $bin $*"
  env "$@" BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./$bin --data training --bench --repeat ${REPEAT:-5} 2>&1 |
    grep -E "device code alone|whole programs' kernels|whole programs' outcomes" | tail -3
}
for round in 1 2; do
  for b in solvers_whole corpus; do
    ab "r$round" ${b}_start
    ab "r$round" $b
  done
done
ab "4 streams" solvers_whole BATTGEN_WHOLE_STREAMS=4
ab "4 warps x 2048 blocks" solvers_whole BATTGEN_WHOLE_WARPS=4 BATTGEN_WHOLE_BLOCKS=2048
for b in solvers_whole corpus; do
  echo "== bench $b"; ./$b --data training --bench --repeat 3 2>&1 | grep -E "Device on|whole|device code alone|PerInput  16|Battery  16|identical"
done
