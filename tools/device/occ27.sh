#!/bin/bash
# The twenty-seventh session's follow-up (two-GPU host; not kept: level, and
# more evaluations left to the CPU): nt_occ (nt_obj
# with the device's `occurrences` checking the deadline each round of
# places too) against nt_obj: outputs against the CPU (training), then
# both alone, three rounds interleaved.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both nt_occ training nt_occ
alone_rounds 3 nt_obj nt_occ
date
