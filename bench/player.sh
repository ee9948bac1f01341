#!/usr/bin/env bash
# Stepdoku trace player benchmark: the page playing long traces at the maximum speed in
# headless Chromium, Pause latency, and links to a far step.
#
#   bash bench/player.sh                          # builds dist/, then about 2 minutes
#   bash bench/player.sh --root /tmp/dist-before  # a page built earlier; nothing is built
#   bash bench/player.sh --seconds 10 --only a,c,seek
#
# Without --root, builds dist/ (scripts/build-dist.sh) and measures it; with --root DIR,
# measures that built page as it is. Every other argument goes to bench/node/player.mjs,
# whose header explains the scenarios, the method and the options (--seconds, --settle,
# --seek, --seek-25, --seek-timeout, --only). The machine should be otherwise idle.
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(dirname "$BENCH")"
root=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --root)
      root="${2:?--root needs a directory}"
      shift 2
      ;;
    --root=*)
      root="${1#--root=}"
      shift
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
if [ -n "$root" ]; then
  root="$(cd "$root" && pwd)" # as given from the caller's directory
fi
cd "$MAIN"
if [ -z "$root" ]; then
  bash scripts/build-dist.sh
  root="$MAIN/dist"
fi
node bench/node/player.mjs --root "$root" "${args[@]}"
