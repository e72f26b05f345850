#!/bin/bash
# The twenty-seventh session's counter lines (two-GPU host), nt_obj
# (nt_new.py at d69296a) over training in cross mode: the batched
# per-node path's batch-op and coverage lines.
cd "$(dirname "$0")"
source ./lib.sh
host
./nt_obj $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
date
