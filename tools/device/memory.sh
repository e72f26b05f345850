#!/bin/bash
# Device run for issue 11 (eighteenth session): whole programs' outputs
# and named raises against the CPU (forms, corpus, solvers_whole, solvers;
# whole.sh without its benches), the same for solvers_whole with warp
# memory in global memory, then A/B of where warps keep their values and
# how modules are launched (`BATTGEN_WHOLE_MEM`, `_WARPS`, `_BLOCKS`,
# `_STREAMS`, launch.rs), the device-code programs alone with the per-module
# kernel times (BATTGEN_GPU_TRACE), each against the 16 CPU threads.
# (BATTGEN_WHOLE_MEM was removed in 66bb6b9: global warp memory is the only
# layout since; this script records the A/B as it ran at 944c76c.)
cd "$(dirname "$0")"
source ./lib.sh  # cmp_out
export BATTGEN_CACHE_DIR=$PWD/cubin-cache
NO_BENCH=1 ./whole.sh
echo "== solvers_whole training, device, global warp memory, 4 streams"
BATTGEN_WHOLE_MEM=global BATTGEN_WHOLE_STREAMS=4 ./solvers_whole --data training --mode cross --exec device --stats --out $OUT/g_dev.json 2>&1 | grep -E "whole|wall time|gpu:"
./solvers_whole --data training --mode cross --exec per-input --out $OUT/g_cpu.json 2>&1 | grep -E "wall time"
cmp_out g_cpu g_dev; rm -f $OUT/*.json
ab() { # LABEL ENV...
  local label=$1; shift
  echo "== $label"
  env "$@" BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./solvers_whole --data training --bench --repeat ${REPEAT:-5} 2>&1 |
    grep -E "device code alone|whole programs' kernels|whole programs, " | tail -3
}
for round in 1 2; do
  ab "shared, 1 stream (r$round)" BATTGEN_WHOLE_MEM=shared
  ab "shared, 4 streams (r$round)" BATTGEN_WHOLE_MEM=shared BATTGEN_WHOLE_STREAMS=4
  ab "global 4 warps x 2048 blocks, 1 stream (r$round)" BATTGEN_WHOLE_MEM=global
  ab "global 4 warps x 2048 blocks, 4 streams (r$round)" BATTGEN_WHOLE_MEM=global BATTGEN_WHOLE_STREAMS=4
  ab "global 8 warps x 1024 blocks, 4 streams (r$round)" BATTGEN_WHOLE_MEM=global BATTGEN_WHOLE_WARPS=8 BATTGEN_WHOLE_BLOCKS=1024 BATTGEN_WHOLE_STREAMS=4
  ab "global 2 warps x 4096 blocks, 4 streams (r$round)" BATTGEN_WHOLE_MEM=global BATTGEN_WHOLE_WARPS=2 BATTGEN_WHOLE_BLOCKS=4096 BATTGEN_WHOLE_STREAMS=4
done
