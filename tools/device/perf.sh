#!/bin/bash
# CPU-time profile of a corpus run on the GPU host, which has no perf:
# the dev machine's perf and its libraries travel in .device/perf/ (from
# the repository root, before the run:
#   mkdir -p .device/perf && cp /usr/bin/perf .device/perf/ &&
#   for l in $(ldd /usr/bin/perf | awk '/=>/ {print $3}'); do cp -L $l .device/perf/; done &&
#   rm .device/perf/lib{c,m,stdc++,gcc_s}.so.*
# about 28 MB). Samples cpu-clock (the VM exposes no hardware counters)
# for the corpus battery per input on 16 threads (5 runs) and on one,
# and leaves both profiles in $OUT; `perf report -i p16.data` reads them
# back on the dev machine once `perf buildid-cache -a` has the unstripped
# battery. Symbols per run, side by side, show what costs more per unit
# of work on 16 threads (how the 2026-11-26 scheduler and allocator
# changes were found).
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/perf
P=./perf/perf
$P record -e cpu-clock -F 20000 -g -o "$OUT/p16.data" -- ./corpus --data training --mode cross --exec per-input --jobs 16 --repeat 5 2>&1 | grep -E "wall|error"
$P record -e cpu-clock -F 20000 -g -o "$OUT/p1.data" -- ./corpus --data training --mode cross --exec per-input --jobs 1 2>&1 | grep -E "wall|error"
for f in p16 p1; do
    echo "== $f"
    $P report -i "$OUT/$f.data" --no-children --sort symbol --stdio 2>/dev/null | grep -E "^ +[0-9]" | head -30
done
