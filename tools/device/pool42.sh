#!/bin/bash
# The thirty-sixth session's A/B on a two-GPU host (nvidia-h200-x2): one
# pool of page-locked result buffers for all devices (nt_pool) against a
# pool per device (nt_row, pair42.sh); the same 373 programs. The
# device-code programs alone (1 GPU, then 2 GPUs, against all CPU
# threads), the builds in turn, three rounds; then nt_pool traced on two
# GPUs (three runs in one process; the buffers made on demand per run).
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt_row nt_pool
BATTGEN_GPU_TRACE=1 ./nt_pool $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_pool.log 2>&1
grep -E "page-locked|wall time" $OUT/trace_pool.log
date
