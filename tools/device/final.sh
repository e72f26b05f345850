#!/bin/bash
# Issue 10, 2026-11-25 (fourth session), the session's last binaries
# against its start's (*_start) on one host instance: compiled and
# interpreted corpus runs and gen search --mutants 100000 interleaved, the
# search's slowest tasks, the corpus bench (its GPU line included) and
# scaling.sh. About 5 minutes. Staged by stage.sh with the start revision.
cd "$(dirname "$0")" || exit 1
. ./lib.sh
host
interleave 3 compiled-16 "$X --exec per-input --repeat 3" corpus_start corpus
interleave 2 battery-16 "run --interpret $X --exec battery --repeat 3" gen_start gen
interleave 1 interp-1 "run --interpret $X --exec per-input --jobs 1 --repeat 3" gen_start gen
for r in 1 2; do
    for g in gen_start gen; do
        printf "search %-10s r%d " $g $r
        ./$g search --mutants 100000 --data $T --out /tmp/found_$g.json 2>&1 |
            grep -E "search time|slowest" | tr '\n' ' '
        python3 -c "import json; s = json.load(open('/tmp/found_$g.json'))['stats']; print('prepare %.2f s, search %.2f s, %d solved, peak %.0f MB' % (s['prepare_seconds'], s['search_seconds'], s['tasks_solved'], s['peak_memory_bytes'] / 1e6))"
    done
done
echo "== bench, this session's corpus battery"
./corpus --data $T --bench --repeat 3 2>&1 | tail -13
echo "== scaling"
./scaling.sh 2>&1 | tail -5
date
