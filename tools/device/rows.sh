#!/bin/bash
# Issue 10, 2026-11-25 (seventh session): int paths for tuples of numbers
# (a grid's rows), constant powers inlined, non-grid outcomes; this
# session's binaries against its start's (*_start), interleaved on one host
# instance, cross mode over training, 16 threads. Staged by hand (see
# BENCHMARKS.md): gen, gen_start, solvers, solvers_start (the public
# solvers' battery built by each gen), solvers.py, verifiers.py, training/,
# lib.sh. About 6 minutes.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
echo "== solvers.py compiled, per-input (outputs compared, __stats__ aside)"
for r in 1 2; do
    for b in solvers_start solvers; do
        printf "solvers-16 %-14s r%d " $b $r
        ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
    done
done
python3 - <<'PY'
import json
a = json.load(open('/tmp/sol_solvers_start.json')); b = json.load(open('/tmp/sol_solvers.json'))
keys = [k for k in a if k != '__stats__']
diff = [k for k in keys if a[k] != b[k]]
print('solvers outputs: %d programs, %d differ %s' % (len(keys), len(diff), diff[:5]))
for k in diff[:3]:
    d = [i for i in a[k] if a[k][i] != b[k][i]]
    print(k, len(d), 'inputs differ; start:', sorted({str(a[k][i])[:30] for i in d})[:3],
          'now:', sorted({str(b[k][i])[:30] for i in d})[:3])
PY
interleave 2 interp-ver-16 "run --interpret --programs verifiers.py $X --exec battery" gen_start gen
interleave 2 interp-sol-16 "run --interpret --programs solvers.py $X --exec battery" gen_start gen
for g in gen_start gen; do
    printf "search %-10s " $g
    ./$g search --mutants 100000 --data $T --out /tmp/found_$g.json 2>&1 |
        grep -E "search time" | tr '\n' ' '
    python3 -c "import json; s = json.load(open('/tmp/found_$g.json'))['stats']; print('prepare %.2f s, search %.2f s, %d solved' % (s['prepare_seconds'], s['search_seconds'], s['tasks_solved']))"
done
python3 -c "
import json
a = json.load(open('/tmp/found_gen_start.json')); b = json.load(open('/tmp/found_gen.json'))
strip = lambda d: {k: v for k, v in d.items() if k != 'stats'}
print('search results identical:', strip(a) == strip(b))"
date
