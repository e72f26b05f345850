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
#                 ceiling, both builds (scaling.sh).
cd "$(dirname "$0")"
source ./lib.sh
host
case "$1" in
1)
    echo "== selftest"
    ./solvers_whole_grid --data training --gpu-selftest 2>&1 | tail -4
    run_both solvers_whole_grid training solvers_whole_train
    echo "== batched per-node path"
    ./solvers_whole_grid $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 |
        grep -E "batch ops|gpu coverage|wall time"
    alone_rounds 2 nt_obj nt_grid
    ;;
2)
    EXECS=per-input BIN=nt_obj ./scaling.sh
    EXECS=per-input BIN=nt_grid ./scaling.sh
    ;;
esac
date
