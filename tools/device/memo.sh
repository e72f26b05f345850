#!/bin/bash
# Issue 10, 2026-11-25 (fifth session): the memo of repeated nested calls
# (runtime/src/memo.rs), this session's binaries against its start's
# (*_start) on one host instance: the public solvers' battery (compiled
# per-input, interpreted battery) in cross mode over training with their
# outputs compared, gen search --mutants 100000, the solvers on the GPU,
# and the corpus bench. About 8 minutes. Staged by stage.sh with the start
# revision.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
for b in solvers_start solvers; do
    printf "solvers-16 %-14s " $b
    ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
done
python3 - <<'PY'
import json
a = json.load(open('/tmp/sol_solvers_start.json')); b = json.load(open('/tmp/sol_solvers.json'))
keys = [k for k in a if k != '__stats__']
n = sum(len(a[k]) if isinstance(a[k], list) else 1 for k in keys)
print('solvers outputs: %d programs, %d differ' % (len(keys), sum(a[k] != b[k] for k in keys)))
PY
interleave 1 interp-sol-16 "run --interpret --programs solvers.py $X --exec battery" gen_start gen
for g in gen_start gen; do
    printf "search %-10s " $g
    ./$g search --mutants 100000 --data $T --out /tmp/found_$g.json 2>&1 |
        grep -E "search time|slowest" | tr '\n' ' '
    python3 -c "import json; s = json.load(open('/tmp/found_$g.json'))['stats']; print('prepare %.2f s, search %.2f s, %d solved, peak %.0f MB' % (s['prepare_seconds'], s['search_seconds'], s['tasks_solved'], s['peak_memory_bytes'] / 1e6))"
done
python3 -c "
import json
a = json.load(open('/tmp/found_gen_start.json')); b = json.load(open('/tmp/found_gen.json'))
strip = lambda d: {k: v for k, v in d.items() if k != 'stats'}
print('search results identical:', strip(a) == strip(b))"
echo "== solvers on the GPU (batched) and on the CPU (batched)"
for b in solvers_start solvers; do
    printf "gpu %-14s " $b; ./$b $X --exec batched --gpus all --stats 2>&1 | grep -E 'wall time|batch ops' | tr '\n' ' '; echo
    printf "cpu %-14s " $b; ./$b $X --exec batched --cpu 2>&1 | grep -E 'wall time'
done
echo "== bench, this session's corpus battery"
./corpus --data $T --bench --repeat 3 2>&1 | tail -13
date
