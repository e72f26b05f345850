#!/bin/bash
# Where the typical program's instructions go: each program of BATTERY
# alone under callgrind, per input, one thread, cross mode over DATA,
# counting only inside its `solve_` function; each program's self cost
# per function goes to OUT/PROGRAM.txt. Then
#   tools/typical_profile.py share OUT          # each function's share of the typical program
#   tools/typical_profile.py compare OUT_A OUT_B  # per-program totals, B / A
# BENCHMARKS.md's thirty-first session figures come from
#   tools/typical_profile.sh OUT BATTERY PROGRAMS.py D40
# (D40: the first 40 training tasks; PROGRAMS.py the file the battery was
# built from, which names the programs). About 6 minutes for the 399
# public solvers on the dev machine.
#
# COLLECT (default `*::solve_*`) is what callgrind counts: with
# COLLECT='*per_input*' each program's total is its whole timed pass
# (the runner and its loop too), as the thirty-second session compared
# batteries built with and without LTO:
#   COLLECT='*per_input*' tools/typical_profile.sh OUT_A BATTERY_A PROGRAMS.py D40
#   COLLECT='*per_input*' tools/typical_profile.sh OUT_B BATTERY_B PROGRAMS.py D40
#   tools/typical_profile.py compare OUT_A OUT_B
# JOBS (default 1) programs run at once (instruction counts do not depend
# on it).
# TOOL=branches runs cachegrind's branch simulation instead (instructions
# and mispredicted branches per function). Cachegrind counts the whole
# run, loading included, so a one-call program's run is the base that
# `typical_profile.py branches OUT BASE_OUT/solve_00000000.txt` takes away
# (the thirty-third session's base: `O = identity(I)` in a battery of its
# own; the binaries' start-up still differs a little, `_dl_relocate_object`
# and the allocator's first pages, which weighs on the cheapest programs):
#   TOOL=branches tools/typical_profile.sh BASE_OUT TRIVIAL_BATTERY trivial.py D40
#   TOOL=branches JOBS=2 tools/typical_profile.sh OUT BATTERY PROGRAMS.py D40
set -euo pipefail
out=$1 bin=$2 programs=$3 data=$4
mkdir -p "$out"
profile() {
    local p=$1
    local run=("$bin" --program "$p" --data "$data" --mode cross --exec per-input --jobs 1 --timeout-ms 600000)
    if [ "${TOOL:-}" = branches ]; then
        valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$out/$p.out" \
            "${run[@]}" > /dev/null 2>&1 || true
        cg_annotate "$out/$p.out" 2>/dev/null | grep -E '^ *[0-9,]+ \(' | sed 's/ \[.*//' > "$out/$p.txt" || true
    else
        valgrind --tool=callgrind --toggle-collect="${COLLECT:-*::solve_*}" --callgrind-out-file="$out/$p.out" \
            "${run[@]}" > /dev/null 2>&1 || true
        callgrind_annotate "$out/$p.out" --threshold=100 2>/dev/null |
            grep -E '^ *[0-9,]+ \(' | sed 's/ \[.*//' > "$out/$p.txt" || true
    fi
    rm -f "$out/$p.out"
}
export -f profile
export out bin data COLLECT TOOL
grep -o '^def solve_[0-9a-f]*' "$programs" | cut -c5- | xargs -P "${JOBS:-1}" -I{} bash -c 'profile {}'
