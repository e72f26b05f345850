#!/bin/bash
# The thirty-eighth session's GPU checks (one H200 host): the per-input
# job order (the head input by input, then the costliest programs first)
# and inputs lent by their tasks change the CPU side of device runs too.
# nt44_in: nt_new.py (373 programs with device code) before the order;
# nt44: after; solvers_whole44: solvers_whole.py at this session's code.
#   gpu_checks (selftest, outputs on the GPU against the CPU with the
#   counter line, batch-op counters and coverage), then the device-code
#   programs alone, GPU against the 16 threads, both builds, 2 rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
session_pair 1 nt44_in nt44 solvers_whole44
date
