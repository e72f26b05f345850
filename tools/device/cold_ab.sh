#!/bin/bash
# Cold single runs (no --repeat: what one run of a user sees), start and end
# interleaved: corpus cross over training, 16 threads, per-input and battery.
cd "$(dirname "$0")"
run() { ./$1 --data training --mode cross --exec $2 --jobs 16 2>&1 | grep 'wall time' | awk '{print $3}'; }
for r in 1 2 3 4 5 6 7 8; do echo "round $r: per-input start $(run corpus_start per-input) end $(run corpus per-input) | battery start $(run corpus_start battery) end $(run corpus battery)"; done
