#!/usr/bin/env bash
# Builds the two WebAssembly modules the page loads into www/pkg/:
#   stepdoku_core.js, stepdoku_core_bg.wasm   the small module (parse, format, verdict, solve,
#                                             count), the first thing a board needs;
#   stepdoku.js, stepdoku_bg.wasm             every export, the explainer (Solver, rate) too.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

export RUSTFLAGS="${STEPDOKU_WASM_RUSTFLAGS:--C target-feature=+simd128}"
# Each module in a target directory of its own, so both stay cached between runs. The small
# module is optimised for size: it is on the way to the first interactive grid (53 KB instead
# of 66 KB gzipped), and its searches are verdicts, microseconds on a 9×9 either way.
cargo build --lib --release --target wasm32-unknown-unknown
CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
  cargo build --lib --release --target wasm32-unknown-unknown --no-default-features \
  --target-dir target/wasm-core

bind() { # NAME WASM
  wasm-bindgen --target web --no-typescript --out-dir www/pkg --out-name "$1" "$2"
  # The full module's handles say so when used after free() (see the script).
  if grep -q '^export class Solver ' "www/pkg/$1.js"; then
    cat scripts/wasm-handles.js >> "www/pkg/$1.js"
  fi
  if [ -x node_modules/.bin/wasm-opt ]; then
    node_modules/.bin/wasm-opt -O3 --enable-simd --enable-bulk-memory \
      --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
      "www/pkg/$1_bg.wasm" -o "www/pkg/$1_bg.wasm"
  fi
  echo "built www/pkg/$1_bg.wasm ($(wc -c < "www/pkg/$1_bg.wasm") bytes," \
    "$(gzip -9 -c "www/pkg/$1_bg.wasm" | wc -c) gzipped)"
}
bind stepdoku target/wasm32-unknown-unknown/release/stepdoku.wasm
bind stepdoku_core target/wasm-core/wasm32-unknown-unknown/release/stepdoku.wasm
