#!/bin/bash
# Timed A/B of two compiled batteries, program by program: each program's
# wall time per input, one thread, cross mode over DATA (default the
# training set), `--repeat 15` (the median of 15 passes in one process),
# three runs of each binary interleaved, the best of the three kept; then
# B / A per program and the geometric mean. For changes that trade
# instructions for time (callgrind_ab.sh counts instructions only: a loop
# that waits on memory looks cheap there). BENCHMARKS.md's timed figures
# of the fourteenth session come from
#   tools/timed_ab.sh START_BATTERY END_BATTERY PROGRAMS.txt
# with PROGRAMS.txt one name per line.
set -euo pipefail
a=$1 b=$2 list=$3 data=${4:-../shared/arc-agi/training}
wall() { # BIN PROGRAM
    "$1" --program "$2" --data "$data" --mode cross --exec per-input --jobs 1 --repeat 15 2>&1 |
        awk '/wall time/ {print $3}'
}
while read -r p; do
    [ -n "$p" ] || continue
    ta=9; tb=9
    for _ in 1 2 3; do
        ta=$(awk -v x="$ta" -v y="$(wall "$a" "$p")" 'BEGIN {print (y < x ? y : x)}')
        tb=$(awk -v x="$tb" -v y="$(wall "$b" "$p")" 'BEGIN {print (y < x ? y : x)}')
    done
    echo "$p $ta $tb"
done < "$list" | awk '{ r = $3 / $2; l += log(r); n++; printf "%s %.6f %.6f %.3f\n", $1, $2, $3, r }
    END { printf "B / A: geometric mean %.3f (%d programs)\n", exp(l / n), n }'
