#!/bin/bash
# The twenty-fifth session's counter lines (two-GPU host): nt_lines2 over
# training in cross mode, whole programs on all GPUs (`--exec device`)
# and the batched per-node path (`--exec batched`), with --stats.
cd "$(dirname "$0")"
source ./lib.sh
host
./nt_lines2 $X --exec device --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "whole programs|wall time"
./nt_lines2 $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
date
