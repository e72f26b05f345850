#!/bin/bash
# Per-program instruction counts of two compiled batteries (a session's
# start and end), one program at a time, per input, one thread, cross
# mode over DATA, each counted by callgrind_count.sh; then the geometric
# mean and the total of end / start. BENCHMARKS.md's per-program
# instruction figures of issue 10 (eleventh session on) come from
#   tools/callgrind_ab.sh START END PROGRAMS.txt DATA
# with DATA every 10th training task and PROGRAMS.txt one name per line.
# Two programs a minute or so on the dev machine.
set -euo pipefail
a=$1 b=$2 list=$3 data=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
count() { # BIN PROGRAM
    "$here/callgrind_count.sh" "$tmp/out" "$1" --program "$2" --mode cross \
        --exec per-input --jobs 1 --data "$data" --quiet | tr -d ,
}
while read -r p; do
    [ -n "$p" ] || continue
    echo "$p $(count "$a" "$p") $(count "$b" "$p")"
done < "$list" | tee "$tmp/counts"
# A program whose run callgrind_count.sh finds no count for (a trivial one
# whose driver::execute it cannot attribute) is listed and left out.
awk 'NF == 3 && $2 > 0 && $3 > 0 { l += log($3 / $2); n++; sa += $2; sb += $3; next }
     { skipped = skipped " " $1 }
     END { printf "end / start: geometric mean %.3fx, total %.3fx (%d programs)\n", exp(l / n), sb / sa, n
           if (skipped != "") print "no count for:" skipped }' "$tmp/counts"
rm -rf "$tmp"
