#!/bin/bash
# Helpers for the device scripts (source it from .device/).

# The data of the runs: the training set, every program on every input.
T=training
X="--data $T --mode cross"
#
# interleave ROUNDS LABEL "ARGS" BIN...: run each BIN with ARGS, the
# binaries in turn, ROUNDS times (a host's speed drifts between rounds, so
# A/B pairs are taken back to back), printing "LABEL BIN rK <wall line>".
# The wall line is the run summary's `wall time` (the median of --repeat
# runs where ARGS asks for them).
interleave() {
    local rounds=$1 label=$2 args=$3
    shift 3
    for r in $(seq "$rounds"); do
        for b in "$@"; do
            printf "%-14s %-14s r%d " "$label" "$b" "$r"
            # shellcheck disable=SC2086
            ./$b $args 2>&1 | grep 'wall time' || echo "(no wall time: failed)"
        done
    done
}

# host: what the machine is, for the log.
host() {
    date
    nproc
    lscpu | grep -E 'Model name'
    nvidia-smi -L 2>/dev/null || echo "no nvidia-smi"
}
