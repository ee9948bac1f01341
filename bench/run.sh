#!/usr/bin/env bash
# Stepdoku solver benchmark: builds what is missing, then measures native and wasm (node).
#
#   bash bench/run.sh                 # everything, about 5 minutes on 2 cores
#   SAMPLE_17=49158 ROUNDS=7 bash bench/run.sh   # all 17-clue puzzles, more rounds
#
# Peers: tdoku (../shared/peers/tdoku, BSD-2, built here with its own script as a benchmark
#         peer only), the Rust `sudoku` crate, npm @algorithm.ts/sudoku, and a dancing-links
#         counter of our own for 16×16 and 25×25.
# Native: bench/src/main.rs (ours fast, ours general, the `sudoku` crate; tdoku's harness on
#         the same files; the general solver against dancing links on larger grids).
# Node:   bench/node/bench.mjs (ours and the `sudoku` crate compiled to wasm32, scalar and
#         simd128; the page's own www/pkg module; npm @algorithm.ts/sudoku).
# Collections: ../shared/data, plus 2,000 app-style puzzles made by our generator (seed
# 20261124, every level, 21-28 givens) that no solver was tuned on.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
SAMPLE_17="${SAMPLE_17:-10000}"
ROUNDS="${ROUNDS:-5}"
export PATH="$HOME/.cargo/bin:$PATH"
cd "$BENCH"

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "   load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== building (cargo skips what is up to date)"
cargo build --release -q
(cd "$MAIN" && cargo build --release -q -p stepdoku-cli)
if command -v wasm-bindgen >/dev/null; then
  bash "$MAIN/scripts/build-wasm.sh" >/dev/null
else
  echo "wasm-bindgen not installed (bash scripts/setup.sh installs it): the page module is not rebuilt"
fi

TDOKU="$BENCH/target/tdoku/tdoku-count"
if [ ! -x "$TDOKU" ]; then
  if ! command -v g++ >/dev/null && ! command -v clang++ >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq g++ >/dev/null
  fi
  bash "$MAIN/../shared/peers/tdoku/build.sh" "$BENCH/target/tdoku" || echo "tdoku not built: measured without it"
fi
TDOKU_ARGS=()
[ -x "$TDOKU" ] && TDOKU_ARGS=(--tdoku "$TDOKU")

APP="$BENCH/target/app_style.txt"
if [ ! -s "$APP" ] || [ "$MAIN/target/release/stepdoku" -nt "$APP" ]; then
  echo "== making 2,000 app-style puzzles with our generator"
  "$MAIN/target/release/stepdoku" generate --count 2000 --seed 20261124 | cut -f1 > "$APP"
fi

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
  --tsv "$BENCH/target/native.tsv" --app-style "$APP" "${TDOKU_ARGS[@]}"

echo
echo "== ratings on the peers' terms: agreement with SE and HoDoKu, time per puzzle"
(cd "$MAIN" && cargo run --release --quiet --example rating_agreement -- 50)

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
node "$BENCH/node/bench.mjs" "$BENCH" "$SAMPLE_17" "$ROUNDS" "$BENCH/target/native.tsv" "$APP"
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"
