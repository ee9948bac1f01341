#!/usr/bin/env bash
# Stepdoku solving-yourself benchmark: what a person's hint and saved progress cost.
#
#   bash bench/solving.sh                      # about a minute on 2 cores
#   PUZZLES=1465 ROUNDS=5 bash bench/solving.sh
#
# Builds the page's wasm (scripts/build-wasm.sh) and runs bench/node/solving.mjs under node:
# a hint from the person's board (Solver.fromPosition, one Human step) against the page's
# earlier way, the trace from the puzzle's start stepped to the same point, on positions at
# 25/50/75% of real puzzles' Human traces and the 16×16 and 25×25 samples; then the size and
# write/read time of a whole typed solve's saved record per size. PUZZLES (default 200) takes
# the first puzzles of each collection; ROUNDS (default 3) keeps each position's best time.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
cd "$MAIN"
bash scripts/build-wasm.sh
node bench/node/solving.mjs --puzzles "${PUZZLES:-200}" --rounds "${ROUNDS:-3}"
