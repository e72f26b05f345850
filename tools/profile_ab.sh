#!/bin/bash
# A battery built with the battery profile (src/compile.rs,
# BATTERY_PROFILE: thin LTO, the runtime in one codegen unit) and the same
# crate built with the plain release profile (the two profile lines taken
# out of its Cargo.toml), each from an empty cache, timed: the builds and
# build times of BENCHMARKS.md's thirty-second session.
#   tools/profile_ab.sh PROGRAMS.py OUT_DIR [GEN]
# writes OUT_DIR/lto and OUT_DIR/nolto (the batteries) and prints each
# build's wall time. Run from the repository root.
set -euo pipefail
programs=$1 out=$2 gen=${3:-target/release/gen}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/cache" "$out/plain" "$out/plain-target"
start=$(date +%s.%N)
BATTGEN_CACHE="$out/cache" "$gen" build --programs "$programs" -o "$out/lto" > "$out/lto.log" 2>&1
echo "with the battery profile: $(echo "$(date +%s.%N) - $start" | bc) s"
crate=$(ls -d "$out"/cache/batteries/battery_*)
cp -r "$crate" "$out/plain"
python3 - "$out/plain/Cargo.toml" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
assert 'lto = "thin"\n' in s, 'no thin LTO in the battery profile'
s = s.replace('lto = "thin"\n', '').replace(
    '[profile.release.package.battgen-runtime]\ncodegen-units = 1\n', '')
open(p, 'w').write(s)
PY
start=$(date +%s.%N)
cargo build --release --manifest-path "$out/plain/Cargo.toml" --target-dir "$out/plain-target" > "$out/nolto.log" 2>&1
echo "with the plain release profile: $(echo "$(date +%s.%N) - $start" | bc) s"
cp "$out/plain-target/release/$(basename "$crate")" "$out/nolto"
