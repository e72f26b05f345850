#!/bin/bash
# Device run for issue 11: each module's results decoded (and what the
# device left rerun on the CPU threads) while the later modules still run.
# Staged by tools/device/stage.sh plus, built by hand: solvers_whole and
# forms (see whole.sh), and with A/B, solvers_whole_start (the same battery
# from the base revision, `gen build` of that revision).
#  1. whole.sh without benches: every battery's outputs, device against CPU;
#  2. the device-code programs alone (BATTGEN_BENCH_WHOLE_ONLY), base and
#     this build back to back, three rounds; then this build with a trace;
#  3. streams 1, 2, 4 (each stream now has its own warp memory);
#  4. the corpus's and solvers_whole's whole benches.
cd "$(dirname "$0")"
NO_BENCH=1 BATTERIES="${BATTERIES:-forms corpus solvers_whole solvers}" ./whole.sh
alone() { # alone BIN [ENV...]: the alone line of one bench
    env BATTGEN_BENCH_WHOLE_ONLY=1 "${@:2}" ./$1 --data training --bench --repeat 5 2>&1 |
        grep -E "device code alone|identical|differ"
}
echo "== the device-code programs alone, A/B"
for r in 1 2 3; do
    for b in solvers_whole_start solvers_whole; do
        [ -x ./$b ] || continue
        printf "%-20s r%d " $b $r; alone $b
    done
done
echo "== this build, traced"
BATTGEN_BENCH_WHOLE_ONLY=1 BATTGEN_GPU_TRACE=1 ./solvers_whole --data training --bench --repeat 3 2>&1 |
    grep -E "device code alone|results on the host|outcomes:|kernels \(|kernels found" | tail -5
echo "== streams"
for st in 1 2 4; do printf "streams %d " $st; alone solvers_whole BATTGEN_WHOLE_STREAMS=$st; done
if [ -z "$NO_BENCH" ]; then
for b in corpus solvers_whole; do
  echo "== bench $b"; ./$b --data training --bench --repeat 3 2>&1 | grep -E "Device on|whole|device code alone|PerInput  16|identical"
done
fi
