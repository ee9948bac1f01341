#!/usr/bin/env bash
# Sets up everything, builds the WebAssembly module and serves the page on 127.0.0.1.
# Usage: bash scripts/serve.sh [PORT]   (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/setup.sh
bash scripts/build-wasm.sh
exec node scripts/serve.mjs "${1:-8080}"
