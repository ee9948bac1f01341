#!/usr/bin/env bash
# Installs everything Stepdoku needs to build and test, skipping what is already there.
# Safe to run again: a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PATH"

need_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v cargo >/dev/null; then
  echo "Rust is missing: install it with rustup (https://rustup.rs) and run this again." >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  # --locked fails: the registry lacks one locked dependency of this version.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

missing=()
command -v node >/dev/null || missing+=(nodejs npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
  need_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive need_root apt-get install -y -qq "${missing[@]}"
fi

# Node tools: playwright-core drives the system Chromium (it downloads nothing), and binaryen
# gives a wasm-opt recent enough for our module (Debian's is too old and breaks it).
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
