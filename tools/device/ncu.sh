#!/bin/bash
# Nsight Compute on the whole programs' kernels (issue 11): the first
# LAUNCHES launches of solvers_whole in cross mode over training on GPU 0
# (the modules are launched last first, so the longest programs' modules),
# with the sections that say what bounds a kernel: throughput against the
# peaks, where warps stall, occupancy, and the schedulers' issue rate.
cd "$(dirname "$0")"
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "no ncu"; exit 0; }
CUDA_VISIBLE_DEVICES=0 timeout 300 "$NCU" --clock-control none --kernel-name regex:whole_programs_ \
    --launch-count ${LAUNCHES:-3} --section SpeedOfLight --section WarpStateStats --section Occupancy \
    --section SchedulerStats --section LaunchStats --section MemoryWorkloadAnalysis \
    ./solvers_whole --data training --mode cross --exec device --quiet 2>&1 | tail -n +1
