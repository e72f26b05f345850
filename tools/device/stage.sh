#!/bin/bash
# Stage what tools/device/*.sh run on a GPU host (which has no cargo) into
# .device/ (git-ignored through .git/info/exclude):
#   gen, corpus (the bundled corpus's battery), solvers (arc-dsl's
#   solvers.py battery, from $ARC_DSL), solvers.py, training/, evaluation/,
#   arc/ (tests/data/arc) and kernels_test (the GPU kernels test binary);
#   with BASE_REV, the same binaries built from that revision as
#   gen_start, corpus_start, solvers_start (for back-to-back A/B runs).
# usage: ARC_DSL=PATH/TO/arc-dsl tools/device/stage.sh [BASE_REV]
# BASE_TARGET_DIR (optional): a cargo target directory kept between
# stagings for the base revision's build (else a fresh one, a full build).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
: "${ARC_DSL:?set ARC_DSL to a local checkout of michaelhodel/arc-dsl}"
mkdir -p .device
build() { # build SRC_DIR SUFFIX TARGET_DIR
    (cd "$1" && CARGO_TARGET_DIR="$3" cargo build --release -q)
    "$3/release/gen" build -o ".device/corpus$2"
    "$3/release/gen" build --programs "$ARC_DSL/solvers.py" -o ".device/solvers$2"
    cp "$3/release/gen" ".device/gen$2"
}
build "$root" "" "$root/target"
if [ $# -ge 1 ]; then
    wt=$(mktemp -d)/base
    git worktree add -q "$wt" "$1"
    build "$wt" "_start" "${BASE_TARGET_DIR:-$wt/target}"
    git worktree remove --force "$wt"
fi
cp "$ARC_DSL/solvers.py" .device/
# gpu11.sh: the test data and the GPU kernels test binary.
rm -rf .device/arc && cp -r tests/data/arc .device/arc
kernels=$(cargo test --release -p battgen-runtime --test kernels --no-run 2>&1 | sed -n 's/.*(\(.*kernels-[0-9a-f]*\)).*/\1/p' | tail -1)
[ -n "$kernels" ] && cp "$kernels" .device/kernels_test
rm -rf .device/training .device/evaluation
cp -r ../shared/arc-agi/training ../shared/arc-agi/evaluation .device/
cp tools/device/*.sh .device/
chmod +x .device/*.sh
strip .device/gen* .device/corpus* .device/solvers* 2>/dev/null || true
du -sh .device
