#!/bin/bash
# Deopt runs counted 16 at a time per thread (*b) against one add per run
# (nt44, corpus) and input by input (*_in): cross over training, per
# input, all threads, rounds interleaved; outputs compared; then nt44b on
# one thread three times and N one-thread processes at once (the host's
# ceiling for the efficiency figure).
cd "$(dirname "$0")"
N=${N:-$(nproc)}
T=${T:-training}
date
wall() { grep 'wall time' | awk '{print $3}'; }
run() { local b=$1; shift; ./$b --data "$T" --mode cross --exec per-input "$@" 2>&1; }
for set in "nt44_in nt44 nt44b" "corpus_in corpus corpusb"; do
    for r in 1 2 3 4 5; do
        line="$N threads r$r:"
        for b in $set; do line="$line $b $(run $b --jobs "$N" | wall)"; done
        echo "$line"
    done
done
run nt44 --jobs "$N" --out /tmp/a.json > /dev/null; run nt44b --jobs "$N" --out /tmp/b.json > /dev/null
cmp /tmp/a.json /tmp/b.json && echo "nt44 / nt44b outputs: identical"
for r in 1 2 3; do echo "nt44b one thread r$r: $(run nt44b --jobs 1 | wall)"; done
dir=$(mktemp -d)
for k in $(seq "$N"); do run nt44b --jobs 1 | wall > "$dir/$k" & done
wait
echo "nt44b: $N one-thread processes at once: mean $(cat "$dir"/* | awk '{s += $1} END {printf "%.3f", s / NR}') s"
echo "nt44b one thread again: $(run nt44b --jobs 1 | wall)"
echo "nt44b $N threads traced: $(BATTGEN_THREADS_TRACE=1 run nt44b --jobs "$N" | grep -E 'trace: [0-9]+ threads|wall' | tr -s ' ' | tr '\n' ' ')"
date
