#!/bin/bash
# Per-input jobs in bands of 128 inputs, program by program within a band,
# with chunks given back after a long first job (44), against input by
# input (*_in, all_rag): cross mode over training, all threads, rounds
# interleaved; one thread; outputs compared (`--out`, cmp).
cd "$(dirname "$0")"
N=${N:-$(nproc)}
T=${T:-training}
date
wall() { grep 'wall time' | awk '{print $3}'; }
run() { local b=$1; shift; ./$b --data "$T" --mode cross --exec per-input "$@" 2>&1; }
for pair in "nt44_in nt44" "corpus_in corpus"; do
    set -- $pair
    for r in 1 2 3 4 5; do
        echo "$N threads r$r: $1 $(run $1 --jobs "$N" | wall) $2 $(run $2 --jobs "$N" | wall)"
    done
    run $1 --jobs "$N" --out /tmp/a.json > /dev/null; run $2 --jobs "$N" --out /tmp/b.json > /dev/null
    cmp /tmp/a.json /tmp/b.json && echo "$1 / $2 outputs: identical"
done
for r in 1 2; do
    echo "one thread r$r: nt44_in $(run nt44_in --jobs 1 | wall) nt44 $(run nt44 --jobs 1 | wall)"
done
echo "all_rag $(run all_rag --jobs "$N" --out /tmp/a.json | wall)"
echo "all44 $(BATTGEN_THREADS_TRACE=1 run all44 --jobs "$N" --out /tmp/b.json | grep -E 'trace: [0-9]+ threads|wall' | tr -s ' ' | tr '\n' ' ')"
cmp /tmp/a.json /tmp/b.json && echo "all_rag / all44 outputs: identical"
echo "all_rag $(run all_rag --jobs "$N" | wall) all44 $(run all44 --jobs "$N" | wall)"
date
