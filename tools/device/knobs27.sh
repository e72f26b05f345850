#!/bin/bash
# The twenty-seventh session's knob sweep (two-GPU host): what holds two
# GPUs to 1.3x one. Each module's kernel lasts at least as long as its
# slowest evaluation (up to the 2 ms deadline), and the modules run one
# after another on one stream: a cost per module that a second GPU does
# not halve. nt_d22 alone (1 and 2 GPUs against 32 threads) with its
# modules on 1 (default), 2 and 4 streams, and with 48 and 96 programs
# per module (24 by default), two rounds interleaved.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for c in base BATTGEN_WHOLE_STREAMS=2 BATTGEN_WHOLE_STREAMS=4 \
        BATTGEN_WHOLE_MODULE_PROGRAMS=48 BATTGEN_WHOLE_MODULE_PROGRAMS=96; do
        printf "%-34s r%d\n" "$c" "$r"
        if [ "$c" = base ]; then alone nt_d22; else alone nt_d22 "$c"; fi
    done
done
date
