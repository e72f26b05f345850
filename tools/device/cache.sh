#!/bin/bash
# Device run for issue 11: the first and a later run of the device-code
# solvers (solvers_whole, see whole.sh) with the disk cache of compiled
# modules (image_cache.rs) emptied first, each compared with the CPU, then
# the bench's device lines with the cache warm.
cd "$(dirname "$0")"
date; nproc; nvidia-smi -L
source ./lib.sh  # cmp_out
export BATTGEN_CACHE_DIR=$PWD/cubin-cache
rm -rf "$BATTGEN_CACHE_DIR"
./solvers_whole --data training --mode cross --exec per-input --out $OUT/cpu.json 2>&1 | grep -E "wall time"
for run in first later; do
  echo "== solvers_whole training, device, $run run"
  ./solvers_whole --data training --mode cross --exec device --stats --out $OUT/dev.json 2>&1 | grep -E "whole|wall time"
  cmp_out cpu dev
done
ls "$BATTGEN_CACHE_DIR" | wc -l
rm -f $OUT/*.json
for b in ${BENCH:-solvers_whole corpus}; do
  echo "== bench $b"; ./$b --data training --bench --repeat 3 2>&1 | grep -E "Device on|whole|device code alone|PerInput  16|Battery  16|identical"
done
