#!/bin/bash
# The thirty-second session's device run (one H200 host): batteries built
# with thin LTO and the runtime in one codegen unit (src/compile.rs,
# BATTERY_PROFILE) against the same programs built as before (no LTO, 16
# units). nt_lto / nt_nolto: nt_new.py (the 373 public solvers with device
# code less solve_d22278a0 and solve_91413438) at ddd97fc with and without
# the new profile; solvers_whole_lto: solvers_whole.py with it.
#   ./lto38.sh 1: solvers_whole_lto's outputs on the GPU against the CPU
#                 (training, its counter line); the device-code programs
#                 alone, GPU against all CPU threads, both builds, 3 rounds;
#   ./lto38.sh 2: parallel efficiency per input against the host's
#                 ceiling, both builds (scaling.sh);
#   ./lto38.sh 3: solvers_whole_lto's batched per-node path over training:
#                 its batch-op counters (rows on the GPU and on the CPU)
#                 and the static gpu coverage line.
cd "$(dirname "$0")"
source ./lib.sh
host
case "$1" in
1)
    run_both solvers_whole_lto training solvers_whole_train
    alone_rounds 3 nt_nolto nt_lto
    ;;
2)
    EXECS=per-input BIN=nt_nolto ./scaling.sh
    EXECS=per-input BIN=nt_lto ./scaling.sh
    ;;
3)
    ./solvers_whole_lto $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 |
        grep -E "batch ops|gpu coverage|wall time"
    ;;
esac
date
