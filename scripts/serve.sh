#!/usr/bin/env bash
# Sets up everything, builds the WebAssembly modules and dist/, and serves the site (not the
# rest of the repository) on 127.0.0.1: the app at /, the iframe page at /embed.html, the
# embedding example at /examples/embed.html (which loads the element from /dist/), and the
# files under /www/ and /dist/. See scripts/serve.mjs for what it refuses.
# Usage: bash scripts/serve.sh [PORT]   (default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/setup.sh
bash scripts/build-dist.sh
exec node scripts/serve.mjs "${1:-8080}"
