#!/bin/bash
# The thirty-third session's device run (one H200 host): `objects` cut
# into runs by bit masks and written in place (1fd6d52). nt_lto: nt_new.py
# (the 373 public solvers with device code less solve_d22278a0 and
# solve_91413438) at 54ad21b; nt_obj: the same programs at 1fd6d52;
# solvers_whole_obj: solvers_whole.py at 1fd6d52.
#   ./obj39.sh 1: solvers_whole_obj's outputs on the GPU against the CPU
#                 (training, its counter line); the device-code programs
#                 alone, GPU against all CPU threads, both builds, 3 rounds;
#   ./obj39.sh 2: parallel efficiency per input against the host's
#                 ceiling, both builds (scaling.sh);
#   ./obj39.sh 3: solvers_whole_obj's batched per-node path over training:
#                 its batch-op counters (rows on the GPU and on the CPU)
#                 and the static gpu coverage line.
cd "$(dirname "$0")"
source ./lib.sh
host
case "$1" in
1)
    run_both solvers_whole_obj training solvers_whole_train
    alone_rounds 3 nt_lto nt_obj
    ;;
2)
    EXECS=per-input BIN=nt_lto ./scaling.sh
    EXECS=per-input BIN=nt_obj ./scaling.sh
    ;;
3)
    ./solvers_whole_obj $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 |
        grep -E "batch ops|gpu coverage|wall time"
    ;;
esac
date
