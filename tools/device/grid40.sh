#!/bin/bash
# The thirty-fourth session's device run (one H200 host): a grid is one
# allocation (6b66aed), which changed how the GPU path packs grids and
# keys its cache of them (by the block's address). nt_obj: nt_new.py (the
# 373 public solvers with device code less solve_d22278a0 and
# solve_91413438) at 1fd6d52; nt_grid: the same programs at 6b66aed;
# solvers_whole_grid: solvers_whole.py at 6b66aed.
#   ./grid40.sh 1: the GPU selftest over training; solvers_whole_grid's
#                 outputs on the GPU against the CPU (training, its counter
#                 line); its batched per-node path's batch-op counters and
#                 the static gpu coverage line; the device-code programs
#                 alone, GPU against all CPU threads, both builds, 2 rounds;
#   ./grid40.sh 2: parallel efficiency per input against the host's
#                 ceiling, both builds (scaling.sh);
#   ./grid40.sh 3: nt_own (nt_grid with each thread's own copies of the
#                 input grids in per-input runs; BATTGEN_SHARED_INPUTS=1
#                 shares them as before): 16-thread per-input times, own
#                 and shared interleaved, 5 rounds; scaling.sh of each,
#                 twice; the outputs of the two compared.
cd "$(dirname "$0")"
source ./lib.sh
host
case "$1" in
1)
    gpu_checks solvers_whole_grid
    alone_rounds 2 nt_obj nt_grid
    ;;
2)
    EXECS=per-input BIN=nt_obj ./scaling.sh
    EXECS=per-input BIN=nt_grid ./scaling.sh
    ;;
3)
    for r in 1 2 3 4 5; do
        printf "own    r%d " $r; ./nt_own $X --exec per-input 2>&1 | grep 'wall time'
        printf "shared r%d " $r; BATTGEN_SHARED_INPUTS=1 ./nt_own $X --exec per-input 2>&1 | grep 'wall time'
    done
    for r in 1 2; do
        EXECS=per-input BIN=nt_own ./scaling.sh | grep -E "alone|ceiling"
        BATTGEN_SHARED_INPUTS=1 EXECS=per-input BIN=nt_own ./scaling.sh | grep -E "alone|ceiling"
    done
    ./nt_own $X --exec per-input --out /tmp/own.json > /dev/null 2>&1
    BATTGEN_SHARED_INPUTS=1 ./nt_own $X --exec per-input --out /tmp/shared.json > /dev/null 2>&1
    compare_outputs /tmp/shared.json /tmp/own.json
    ;;
esac
date
