#!/bin/bash
# Fortieth session (nvidia-h200): head promotions (a program whose head
# job runs past 5 ms has its later head jobs run next). The 399 public
# solvers (all46_base: the session's start, all46: this change), per
# input on all threads, cross over training and evaluation, interleaved;
# the threads' spans; outputs compared; one thread for the efficiency;
# nt45 / nt46 (no costly program) for a regression; nt46 on the GPU alone.
cd "$(dirname "$0")"
source ./lib.sh
host
interleave 4 train-16 "$X --exec per-input" all46_base all46
interleave 3 eval-16 "--data evaluation --mode cross --exec per-input" all46_base all46
for b in all46_base all46; do
    echo "== threads trace $b (training)"
    BATTGEN_THREADS_TRACE=1 ./$b $X --exec per-input 2>&1 | grep -E "threads trace|wall time" | cut -c1-300
done
./all46_base $X --exec per-input --out /tmp/a.json > /dev/null 2>&1
./all46 $X --exec per-input --out /tmp/b.json > /dev/null 2>&1
compare_outputs /tmp/a.json /tmp/b.json
rm -f /tmp/a.json /tmp/b.json
echo "== one thread all46 (training)"
./all46 $X --exec per-input --jobs 1 2>&1 | grep "wall time"
interleave 4 nt-16 "$X --exec per-input" nt45 nt46
printf "nt46 gpu "; alone nt46
date
