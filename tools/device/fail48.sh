#!/bin/bash
# Forty-first session (nvidia-h200): except48.sh saw one run of all47 (of
# seven) end without its summary. Repeat all47 and all48 over training on
# all threads, 25 times each, and keep the exit code and the last lines
# of any run that ends without one.
cd "$(dirname "$0")"
source ./lib.sh
host
for r in $(seq 25); do
    for b in all47 all48; do
        ./$b $X --exec per-input > /tmp/run.log 2>&1
        rc=$?
        if [ $rc -ne 0 ] || ! grep -q "wall time" /tmp/run.log; then
            echo "== $b r$r rc $rc"
            tail -c 3000 /tmp/run.log
            cp /tmp/run.log $OUT/fail_${b}_$r.log
        fi
    done
done
echo "done 25 rounds"
date
