#!/usr/bin/env bash
# Builds the WebAssembly module the page loads into www/pkg/ (stepdoku.js, stepdoku_bg.wasm).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

RUSTFLAGS="${STEPDOKU_WASM_RUSTFLAGS:--C target-feature=+simd128}" \
  cargo build --lib --release --target wasm32-unknown-unknown
wasm-bindgen --target web --out-dir www/pkg \
  target/wasm32-unknown-unknown/release/stepdoku.wasm
if [ -x node_modules/.bin/wasm-opt ]; then
  node_modules/.bin/wasm-opt -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals \
    www/pkg/stepdoku_bg.wasm -o www/pkg/stepdoku_bg.wasm
fi
echo "built www/pkg/stepdoku_bg.wasm ($(wc -c < www/pkg/stepdoku_bg.wasm) bytes)"
