#!/bin/bash
# Parallel efficiency and what the host allows (issue 10's 80% target).
#
# The same single-threaded run of the bundled corpus's battery (cross mode
# over the training set, per-input) is timed
#   1. alone (one process, one thread),
#   2. as N independent processes at once, one thread each: nothing is
#      shared but the machine (cores, caches, memory, clock), so N x (1) /
#      (mean of 2) is the host's own ceiling for N threads,
#   3. as one process with N threads (rayon),
# for the compiled battery per input and the battery's merged plan per
# input. Efficiency (3) = time(1) / (N x time(3)); the ceiling (2) =
# time(1) / mean time(2). Staged by stage.sh; run from the repository root.
# BIN names the battery (default: corpus); EXECS the modes (default:
# "per-input battery").
cd "$(dirname "$0")"
N=${N:-$(nproc)}
BIN=${BIN:-corpus}
T=${T:-training}
date; nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|NUMA node\(s\)|MHz'
wall() { grep 'wall time' | awk '{print $3}'; }
for exec in ${EXECS:-per-input battery}; do
    run() { ./$BIN --data "$T" --mode cross --exec "$exec" "$@" 2>&1 | wall; }
    alone=$(run --jobs 1)
    dir=$(mktemp -d)
    for k in $(seq "$N"); do run --jobs 1 > "$dir/$k" & done
    wait
    together=$(cat "$dir"/* | awk '{s += $1} END {printf "%.3f", s / NR}')
    threads=$(run --jobs "$N")
    alone2=$(run --jobs 1)
    echo "$BIN $exec: alone ${alone}s then ${alone2}s; $N processes at once: mean ${together}s each; one process, $N threads: ${threads}s"
    awk -v a="$alone" -v b="$alone2" -v p="$together" -v t="$threads" -v n="$N" 'BEGIN {
        one = (a < b ? a : b);
        printf "  host ceiling (alone / mean of %d at once): %.0f%%; efficiency of %d threads (alone / (%d x threaded)): %.0f%%\n", n, 100 * one / p, n, n, 100 * one / (n * t) }'
done
date
