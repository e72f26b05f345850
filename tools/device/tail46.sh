#!/bin/bash
# Which jobs end the 399's 16-thread run after the head promotions: the
# traced run's long jobs that ended last (all46t = all46 with that trace).
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2; do
    BATTGEN_THREADS_TRACE=1 ./all46t $X --exec per-input 2>&1 | grep -E "threads trace|wall time" | cut -c1-2500
done
