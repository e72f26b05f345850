#!/bin/bash
# The twenty-eighth session's second device run (two-GPU host): what stalls
# the device threads on the host. nt_q now uploads a second pass's list on
# the device's own stream. Alone, three rounds interleaved: split by
# inputs (the default then), by the queue, the queue with host threads
# that sleep while they wait for the device (BATTGEN_GPU_SYNC=blocking, a
# knob of that build, removed: level), the queue
# with 30 worker threads (two cores left to the device threads), the
# queue with three modules launched ahead; then traced runs of the queue
# and of the queue with blocking waits.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_jobs() {  # JOBS BIN [ENV...]
    env BATTGEN_BENCH_WHOLE_ONLY=1 "${@:3}" ./$2 --data training --bench --repeat 5 --jobs $1 2>&1 |
        grep -E "device code alone|differ|identical across all configurations: false"
}
Q=BATTGEN_WHOLE_SPLIT=queue
for r in 1 2 3; do
    echo "base r$r"; alone nt_q BATTGEN_WHOLE_SPLIT=inputs
    echo "queue r$r"; alone nt_q $Q
    echo "queue+blocking r$r"; alone nt_q $Q BATTGEN_GPU_SYNC=blocking
    echo "queue+jobs30 r$r"; alone_jobs 30 nt_q $Q
    echo "queue+ahead3 r$r"; alone nt_q $Q BATTGEN_WHOLE_AHEAD=3
done
for c in "$Q" "$Q BATTGEN_GPU_SYNC=blocking"; do
    echo "== trace: $c"
    # shellcheck disable=SC2086
    env $c BATTGEN_GPU_TRACE=1 ./nt_q $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace.log 2>&1
    grep -E "host steps|outcomes:|each kernel ends" $OUT/trace.log | tail -6 | cut -c1-600
done
date
