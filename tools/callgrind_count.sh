#!/bin/bash
# Instructions a run spends inside driver::execute (the timed part of a
# run: no task loading, no compiling), counted by valgrind's callgrind:
# deterministic for the same binary, inputs and environment, whatever
# else the machine does. BENCHMARKS.md's instruction counts come from
#   tools/callgrind_count.sh OUT BATTERY --mode cross --exec per-input --jobs 1 --data DIR --quiet
#   tools/callgrind_count.sh OUT gen run --interpret --mode cross --exec per-input --jobs 1 --data DIR --quiet
# (DIR: the first 10 training tasks). callgrind_annotate OUT shows where.
out=$1; shift
valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2>&1
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -m1 'driver::execute' | awk '{print $1}'
