#!/bin/bash
# Thirty-ninth session: element columns (the key parts of argmin/valmin
# and kin inside another loop, kept per element). The 399 public solvers
# (less 91413438) before (all44x) and after (all45x), per input on all
# threads, cross over training and evaluation, rounds interleaved and
# traced; their outputs compared; one thread each once (training).
cd "$(dirname "$0")"
N=${N:-$(nproc)}
date
nproc
wall() { grep -E 'trace: [0-9]+ threads|wall time' | tr -s ' ' | tr '\n' ' '; }
for data in training evaluation; do
    for r in 1 2 3 4; do
        for b in all44x all45x; do
            echo "$data r$r: $b $(BATTGEN_THREADS_TRACE=1 ./$b --data $data --mode cross --exec per-input --jobs "$N" 2>&1 | wall)"
        done
    done
    for b in all44x all45x; do
        ./$b --data $data --mode cross --exec per-input --jobs "$N" --out /tmp/$b.$data.json --quiet > /dev/null 2>&1
    done
    python3 - /tmp/all44x.$data.json /tmp/all45x.$data.json <<'PY' || echo "no python3"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
a.pop("__stats__", None); b.pop("__stats__", None)
n = sum(len(v) for v in a.values())
d = sum(1 for p in a for k in a[p] if a[p][k] != b.get(p, {}).get(k))
print(f"outputs: {d} differing of {n}")
PY
done
for b in all44x all45x; do
    echo "one thread, training: $b $(./$b --data training --mode cross --exec per-input --jobs 1 2>&1 | wall)"
done
date
