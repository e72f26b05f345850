#!/bin/bash
# Whether two batteries of the same programs give the same outputs: each
# in cross mode, per input, on every DATA directory, `--out` files compared
# byte for byte. JOBS (default 2) threads each: with more than one, the
# per-input runs go through each thread's own copies of the inputs. The
# thirty-fourth session's "outputs identical" come from
#   tools/outputs_ab.sh OLD NEW D40 ../shared/arc-agi/training ../shared/arc-agi/evaluation
set -uo pipefail
a=$1 b=$2
shift 2
tmp=$(mktemp -d)
status=0
for d in "$@"; do
    n=$(basename "$d")
    "$a" --data "$d" --mode cross --exec per-input --jobs "${JOBS:-2}" --out "$tmp/a_$n.json" > /dev/null 2>&1
    "$b" --data "$d" --mode cross --exec per-input --jobs "${JOBS:-2}" --out "$tmp/b_$n.json" > /dev/null 2>&1
    if cmp -s "$tmp/a_$n.json" "$tmp/b_$n.json"; then
        echo "$n: identical ($(stat -c %s "$tmp/b_$n.json") bytes)"
    else
        echo "$n: DIFFER"
        status=1
    fi
done
rm -rf "$tmp"
exit $status
