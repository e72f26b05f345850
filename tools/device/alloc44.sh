#!/bin/bash
# Does the allocator's returning of memory to the OS (madvise: a TLB
# shootdown on every core running a thread of the process) cost the
# threads of one process what 16 separate processes do not pay? mimalloc
# reads its options from the environment, so the same binaries run with
# each setting, rounds interleaved (cross over training, per input, all
# threads), then one thread with the default and no purging.
cd "$(dirname "$0")"
N=${N:-$(nproc)}
T=${T:-training}
date; nproc; which perf || true
wall() { grep 'wall time' | awk '{print $3}'; }
CONFIGS=${CONFIGS:-"default MIMALLOC_PURGE_DELAY=-1 MIMALLOC_PURGE_DELAY=1000 MIMALLOC_ALLOW_LARGE_OS_PAGES=1 MIMALLOC_ARENA_EAGER_COMMIT=1 MIMALLOC_PURGE_DECOMMITS=0"}
for b in ${BINS:-corpus nt44}; do
    for r in 1 2 3 4 5; do
        line="$b r$r:"
        for c in $CONFIGS; do
            e=$c; [ "$c" = default ] && e=BATTGEN_NONE=1
            line="$line $c $(env "$e" ./$b --data "$T" --mode cross --exec per-input --jobs "$N" 2>&1 | wall)"
        done
        echo "$line"
    done
done
for b in ${BINS:-corpus nt44}; do
    for r in 1 2; do
        echo "$b one thread r$r: default $(./$b --data "$T" --mode cross --exec per-input --jobs 1 2>&1 | wall) purge=-1 $(MIMALLOC_PURGE_DELAY=-1 ./$b --data "$T" --mode cross --exec per-input --jobs 1 2>&1 | wall)"
    done
done
grep -E 'MemTotal|AnonHugePages' /proc/meminfo; cat /sys/kernel/mm/transparent_hugepage/enabled
date
