#!/usr/bin/env bash
# Page weight: what a cold page moves over the network and how soon its grid is interactive.
#
#   bash bench/weight.sh [ROOT] [--runs N] [--encodings br,gzip|gzip|none] [--json FILE]
#                        [--scenario app|two-boards|embed]… [--profile fast|slow4g]…
#
# ROOT (default: this repository) must already be built (www/pkg, by scripts/build-wasm.sh);
# nothing is built here. It is served by this repository's scripts/serve.mjs (brotli or gzip,
# as --encodings offers) and each page is opened N times (default 5) in headless Chromium
# (/usr/bin/chromium) with a fresh profile, unthrottled and under a simulated Slow 4G; the
# medians are printed per scenario. See bench/node/weight.mjs and bench/README.md.
set -euo pipefail
MAIN="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$MAIN"
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then
  ROOT="$(cd "$1" && pwd)"
  shift
fi
if [ ! -f "$ROOT/www/pkg/stepdoku_bg.wasm" ]; then
  echo "$ROOT/www/pkg/stepdoku_bg.wasm is missing: build it first (bash scripts/build-wasm.sh)" >&2
  exit 2
fi
cd "$MAIN"
exec node bench/node/weight.mjs --root "$ROOT" "$@"
