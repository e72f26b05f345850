#!/bin/bash
# After the review's refactor of the second passes' hand-on
# (SecondPasses): nt_review's outputs against the CPU with the counter
# line, then the batched per-node path's batch-op counter line.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_review training nt_review
./nt_review $X --exec batched --gpus all --stats 2>&1 | grep -E "batch ops|gpu coverage|wall time"
date
