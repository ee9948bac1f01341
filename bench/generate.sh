#!/usr/bin/env bash
# Generator benchmark: puzzles per second by level, technique and size, natively
# (examples/generate_stats) and in the page's wasm module under node
# (bench/node/generate.mjs), on the cases of bench/generate-cases.tsv, with wasm/native.
#
#   bash bench/generate.sh      # about 3 minutes on 2 cores
#
# Each puzzle's time runs from a new generator (seed 1, 2, …) to its first puzzle that meets
# the request: candidates made, dug and rated. One thread; under load, compare the ratios.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
OUT="$BENCH/target/generate"
export PATH="$HOME/.cargo/bin:$PATH"
mkdir -p "$OUT"
cd "$MAIN"

echo "== building the page's wasm module and the native example"
bash scripts/build-wasm.sh >/dev/null
cargo build --release -q --example generate_stats

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "== native (examples/generate_stats)"
"$MAIN/target/release/examples/generate_stats" "$BENCH/generate-cases.tsv" | tee "$OUT/native.tsv" |
  column -t -s $'\t'
echo
echo "== wasm (node $(node --version), the page's module)"
node "$BENCH/node/generate.mjs" "$BENCH/generate-cases.tsv" "$OUT/native.tsv" | column -t -s $'\t'
