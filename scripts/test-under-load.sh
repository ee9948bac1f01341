#!/usr/bin/env bash
# Runs the whole test command (scripts/test.sh) with two busy loops beside it, as on a loaded
# 2-core CI machine: every wait in the suite is for a state, never for a time, so it must pass
# here too, only slower.
set -euo pipefail
cd "$(dirname "$0")/.."
busy() { while :; do :; done; }
busy &
first=$!
busy &
second=$!
trap 'kill "$first" "$second" 2>/dev/null || true' EXIT
bash scripts/test.sh
