#!/bin/bash
# Issue 10's parallel efficiency on a 16-core host (one-GPU kind), the
# twenty-fifth session's code: scaling.sh for the bundled corpus's battery
# and for nt_lines2 (373 public solvers), per input and as a battery.
cd "$(dirname "$0")"
./scaling.sh 2>&1 | grep -E "alone|ceiling|Model|^[0-9]+$"
BIN=nt_lines2 ./scaling.sh 2>&1 | grep -E "alone|ceiling"
date
