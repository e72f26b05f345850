#!/bin/bash
# Fortieth session (nvidia-h200): the session's GPU checks at its final
# code (nt46 = nt_new.py built at 1929dc5): the selftest, the whole
# programs on the GPU against the CPU over training (their counter line,
# outputs compared), and the batched per-node path's batch-op counters.
cd "$(dirname "$0")"
source ./lib.sh
host
gpu_checks nt46
date
