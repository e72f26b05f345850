#!/bin/bash
# The twenty-second session: the first pass's deadline, 2 ms (the default)
# against 1 ms, nt_new alone, three interleaved rounds (one GPU then two).
cd "$(dirname "$0")"
source ./lib.sh
host
for r in 1 2 3; do
    for c in BATTGEN_WHOLE_DEADLINE_US=2000 BATTGEN_WHOLE_DEADLINE_US=1000 BATTGEN_WHOLE_DEADLINE_US=1500; do
        printf "%s r%d\n" $c $r; alone nt_new $c
    done
done
date
