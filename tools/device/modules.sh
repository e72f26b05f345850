#!/bin/bash
# Issue 11 (sixth session): the first run's compile time (NVRTC, the disk
# cache off) by programs per module, for solvers_whole (226 programs) and
# forms (22); then the device-code programs alone by programs per module
# (cache on), two rounds.
cd "$(dirname "$0")" || exit 1
source ./lib.sh
nproc
for b in solvers_whole forms; do
  for mp in ${SIZES:-24 15 8}; do
    printf "%s %s programs per module: " $b $mp
    BATTGEN_CACHE_DIR=off BATTGEN_WHOLE_MODULE_PROGRAMS=$mp ./$b --data training --mode cross --exec device --stats --quiet 2>&1 | grep -oE "device share [0-9.]+ s \(NVRTC [0-9.]+ s\)"
  done
done
for r in 1 2; do
  for mp in ${SIZES:-24 15 8}; do printf "alone %s r%d " $mp $r; alone solvers_whole BATTGEN_WHOLE_MODULE_PROGRAMS=$mp; done
done
