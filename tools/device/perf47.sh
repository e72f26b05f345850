#!/bin/bash
# Forty-first session (nvidia-h200): where the 399 public solvers' threads
# lose against separate processes (scaling.sh: 16 processes at once take
# 16.2 s each, one process of 16 threads sums 18.4-22.4 s of spans for
# the same work). cpu-clock samples (no call graphs) of all47 per input,
# cross over training, on 16 threads (3 runs) and on one thread; the top
# symbols of each, side by side by share. perf travels in .device/perf/
# (perf.sh says how).
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/perf
P=./perf/perf
$P record -e cpu-clock -F 4000 -o /tmp/p16.data -- ./all47 --data training --mode cross --exec per-input --jobs 16 --repeat 3 2>&1 | grep -E "wall|error"
$P record -e cpu-clock -F 4000 -o /tmp/p1.data -- ./all47 --data training --mode cross --exec per-input --jobs 1 2>&1 | grep -E "wall|error"
for f in p16 p1; do
    echo "== $f"
    $P report -i /tmp/$f.data --no-children --sort dso,symbol --stdio 2>/dev/null | grep -E "^ +[0-9]" | head -45 | cut -c1-160
done
