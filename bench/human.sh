#!/usr/bin/env bash
# Stepdoku Human-strategy benchmark: the technique ladder, natively and in the page's wasm.
#
#   bash bench/human.sh                       # about 8 minutes on 2 cores
#   EVERY_17=1 ROUNDS=3 bash bench/human.sh   # all 49,158 17-clue puzzles, best of 3 rounds
#
# Per collection: puzzles, % explained with no guess, the hardest technique each puzzle
# needed, and median / p99 / max ms for the whole explained trace, natively
# (examples/human_stats) and in wasm under node (bench/node/human.mjs), with wasm/native.
# The wasm side uses the module the page loads, www/pkg/stepdoku_bg.wasm, built here by
# scripts/build-wasm.sh, through its public Solver class (`new Solver(puzzle, "human")`,
# `stepMany` until done), so its time includes building each step's JS object. Last, the same
# module is timed inside the page in headless Chromium (bench/node/human-browser.mjs).
#
# EVERY_17 (default 10) samples every Nth 17-clue puzzle; ROUNDS (default 3) times every
# puzzle that many times and keeps its best; BATCH (default 200, the page's first batch) is
# the stepMany size; COLLECTIONS overrides the list. serg_benchmark is left out: its puzzles
# have several solutions.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
EVERY_17="${EVERY_17:-10}"
ROUNDS="${ROUNDS:-3}"
BATCH="${BATCH:-200}"
COLLECTIONS="${COLLECTIONS:-17_clue magictour_top1465 forum_hardest_1106 norvig_top95 norvig_hardest}"
export PATH="$HOME/.cargo/bin:$PATH"
OUT="$BENCH/target/human"
mkdir -p "$OUT"
cd "$MAIN"

echo "== building the page's wasm module and the native example"
bash scripts/build-wasm.sh
cargo build --release -q --example human_stats

echo
echo "== native (examples/human_stats; full report in bench/target/human/native.txt)"
: >"$OUT/native.txt"
native_args=()
for name in $COLLECTIONS; do
  every=1
  if [ "$name" = 17_clue ]; then every="$EVERY_17"; fi
  "$MAIN/target/release/examples/human_stats" "$name" --every "$every" --rounds "$ROUNDS" \
    --tsv "$OUT/native-$name.tsv" >"$OUT/native-$name.txt"
  head -n 1 "$OUT/native-$name.txt"
  cat "$OUT/native-$name.txt" >>"$OUT/native.txt"
  native_args+=(--native "$OUT/native-$name.tsv")
done

echo
echo "== wasm (node, the page's module)"
# shellcheck disable=SC2086 # COLLECTIONS is a list of words
node "$BENCH/node/human.mjs" "${native_args[@]}" --every-17 "$EVERY_17" --rounds "$ROUNDS" \
  --batch "$BATCH" $COLLECTIONS

echo
echo "== wasm in the page, headless Chromium"
# shellcheck disable=SC2086 # COLLECTIONS is a list of words
node "$BENCH/node/human-browser.mjs" --every-17 "$EVERY_17" --rounds "$ROUNDS" --batch "$BATCH" \
  $COLLECTIONS
