#!/usr/bin/env bash
# Stepdoku solver benchmark: builds what is missing, then measures native and wasm (node).
#
#   bash bench/run.sh                 # everything, about 5 minutes on 2 cores
#   SAMPLE_17=49158 ROUNDS=7 bash bench/run.sh   # all 17-clue puzzles, more rounds
#
# Native: bench/src/main.rs (ours fast, ours general, Rust `sudoku` crate).
# Node:   bench/node/bench.mjs (ours and the `sudoku` crate compiled to wasm32, scalar and
#         simd128; the page's www/pkg module when built; npm @algorithm.ts/sudoku).
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
SAMPLE_17="${SAMPLE_17:-10000}"
ROUNDS="${ROUNDS:-5}"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$BENCH"

echo "== building (cargo skips what is up to date)"
cargo build --release -q

# wasm_pkg CRATE FLAVOUR RUSTFLAGS: builds bench/CRATE for wasm32 into bench/pkg/CRATE-FLAVOUR.
wasm_pkg() {
  local crate="$1" flavour="$2" flags="$3"
  local target="$BENCH/target/wasm-$flavour"
  local lib; lib="$(echo "stepdoku-bench-$crate" | tr - _)"
  local out="$BENCH/pkg/stepdoku-bench-$crate-$flavour"
  CARGO_TARGET_DIR="$target" RUSTFLAGS="$flags" cargo build --release -q \
    --target wasm32-unknown-unknown --manifest-path "$BENCH/$crate/Cargo.toml"
  local wasm="$target/wasm32-unknown-unknown/release/$lib.wasm"
  if [ ! -f "$out/${lib}_bg.wasm" ] || [ "$wasm" -nt "$out/${lib}_bg.wasm" ]; then
    wasm-bindgen --target nodejs --out-dir "$out" "$wasm"
  fi
}
wasm_pkg wasm-ours scalar ""
wasm_pkg wasm-ours simd "-C target-feature=+simd128"
wasm_pkg wasm-sudoku scalar ""
if [ ! -d "$BENCH/node_modules/@algorithm.ts/sudoku" ]; then
  npm ci --no-audit --no-fund --silent
fi

echo "== native"
"$BENCH/target/release/stepdoku-bench" --rounds "$ROUNDS" --sample-17 "$SAMPLE_17" \
  --tsv "$BENCH/target/native.tsv"

echo
echo "== peak memory: ours fast, counting all of 17_clue to 2, native"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -v "$BENCH/target/release/stepdoku-bench" --count-all 17_clue 2>"$BENCH/target/time.txt"
  grep -E "Maximum resident" "$BENCH/target/time.txt"
else
  echo "/usr/bin/time not found; skipped"
fi

echo
echo "== node (wasm)"
node "$BENCH/node/bench.mjs" "$BENCH" "$SAMPLE_17" "$ROUNDS" "$BENCH/target/native.tsv"
