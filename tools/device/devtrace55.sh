#!/bin/bash
# Forty-second session (nvidia-h200): what bounds the whole battery on the
# GPU: all53 with --exec device traced (threads and GPU), training and
# evaluation, two rounds each.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    for d in training evaluation; do
        echo "== $d r$r"
        BATTGEN_THREADS_TRACE=1 BATTGEN_GPU_TRACE=1 ./all53 --data $d --mode cross --exec device --gpus all --stats 2>&1 |
            grep -vE "^ +(programs|tasks|errors)" | cut -c1-600 | tail -40
    done
done
date
