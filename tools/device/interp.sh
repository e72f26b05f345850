#!/bin/bash
# Issue 10, 2026-11-25 (fourth session): the interpreter's fused unions and
# prepared function values, the session start's binaries (*_start) against
# this session's on one host instance. Staged by stage.sh with the start
# revision. PART=1 (about 5 minutes): compiled and interpreted corpus runs
# interleaved, the corpus bench (its GPU line included) and gpu11.sh's
# corpus checks. PART=2 (about 6 minutes): gen search --mutants 100000 and
# the solvers.py battery in each execution.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
if [ "${PART:-1}" = 1 ]; then
    interleave 3 compiled-16 "$X --exec per-input --repeat 3" corpus_start corpus
    interleave 2 interp-1 "run --interpret $X --exec per-input --jobs 1 --repeat 3" gen_start gen
    interleave 2 battery-16 "run --interpret $X --exec battery --repeat 3" gen_start gen
    interleave 2 batched-16 "run --interpret $X --exec batched --cpu --repeat 3" gen_start gen
    echo "== bench, this session's corpus battery"
    ./corpus --data $T --bench --repeat 3 2>&1 | tail -13
    echo "== gpu11.sh (corpus)"
    NO_BENCH=1 ./gpu11.sh 2>&1 | grep -v "^== bench"
else
    for g in gen_start gen; do
        echo "== search $g"
        /usr/bin/time -f '%e s elapsed, %M KB' ./$g search --mutants 100000 --data $T --out /tmp/found_$g.json 2>&1 | tail -3
    done
    python3 - <<'PY' || echo "no python3"
import json
a, b = (json.load(open(f"/tmp/found_{g}.json")) for g in ("gen_start", "gen"))
key = lambda s: (s["task"], s["program"])
print("same solutions:", sorted(map(key, a["solutions"])) == sorted(map(key, b["solutions"])),
      len(a["solutions"]), len(b["solutions"]))
for k in ("tasks_solved", "pair_evaluations", "search_seconds", "peak_memory_bytes"):
    print(k, a["stats"][k], b["stats"][k])
PY
    for e in per-input battery batched; do
        printf "solvers-16 %-10s " $e
        ./solvers $X --exec $e --cpu 2>&1 | grep 'wall time'
    done
    printf "solvers-16 start per-input "
    ./solvers_start $X --exec per-input 2>&1 | grep 'wall time'
fi
date
