#!/usr/bin/env bash
# Builds the three WebAssembly modules the page loads into www/pkg/, each with its glue
# (NAME.js), its TypeScript declarations (NAME.d.ts) and its wasm (NAME_bg.wasm):
#   stepdoku_core      the page module (read and write puzzle text, the lists the page shows;
#                      no search), the first thing a board needs: optimised for size;
#   stepdoku_verdict   the verdict module (the `verdict` feature: verdicts and exact
#                      solving), which the worker runs on every puzzle: at full speed;
#   stepdoku           every export (the `explainer` feature: Solver, Timeline, rate, …).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

export RUSTFLAGS="${STEPDOKU_WASM_RUSTFLAGS:--C target-feature=+simd128}"
# Each module in a target directory of its own, so all three stay cached between runs.
cargo build --lib --release --target wasm32-unknown-unknown
cargo build --lib --release --target wasm32-unknown-unknown --no-default-features \
  --features verdict --target-dir target/wasm-verdict
CARGO_PROFILE_RELEASE_OPT_LEVEL=z \
  cargo build --lib --release --target wasm32-unknown-unknown --no-default-features \
  --target-dir target/wasm-core

bind() { # NAME WASM WASM-OPT-LEVEL
  wasm-bindgen --target web --out-dir www/pkg --out-name "$1" "$2"
  # The full module's handles say so when used after free() (see the script).
  if grep -q '^export class Solver ' "www/pkg/$1.js"; then
    cat scripts/wasm-handles.js >> "www/pkg/$1.js"
  fi
  node_modules/.bin/wasm-opt "$3" --enable-simd --enable-bulk-memory \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    "www/pkg/$1_bg.wasm" -o "www/pkg/$1_bg.wasm"
  echo "built www/pkg/$1_bg.wasm ($(wc -c < "www/pkg/$1_bg.wasm") bytes," \
    "$(gzip -9 -c "www/pkg/$1_bg.wasm" | wc -c) gzipped)"
}
bind stepdoku target/wasm32-unknown-unknown/release/stepdoku.wasm -O3
bind stepdoku_verdict target/wasm-verdict/wasm32-unknown-unknown/release/stepdoku.wasm -O3
bind stepdoku_core target/wasm-core/wasm32-unknown-unknown/release/stepdoku.wasm -Oz
