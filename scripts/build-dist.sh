#!/usr/bin/env bash
# Writes dist/: exactly the files a site needs to run Stepdoku, and nothing else of the
# repository: the <stepdoku-board> element and its modules, its stylesheet, the worker, the
# two wasm modules and their glue, the full app page (index.html) and the iframe page
# (embed.html). Every path is relative, so dist/ works copied anywhere (or from a CDN).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build-wasm.sh

out=$(mktemp -d dist.XXXXXX)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/pkg"
cp www/*.js www/*.css www/*.svg "$out/"
cp www/pkg/stepdoku.js www/pkg/stepdoku_bg.wasm \
  www/pkg/stepdoku_core.js www/pkg/stepdoku_core_bg.wasm "$out/pkg/"
# The pages refer to www/…; in dist/ everything sits beside them.
for page in index.html embed.html; do
  sed -e 's#\(href\|src\)="www/#\1="#g' "$page" > "$out/$page"
done
chmod 755 "$out"
rm -rf dist
mv "$out" dist
trap - EXIT

raw=$(find dist -type f -exec cat {} + | wc -c)
gz=0
for f in $(find dist -type f); do gz=$((gz + $(gzip -9 -c "$f" | wc -c))); done
echo "wrote dist/: $(find dist -type f | wc -l) files, $raw bytes ($gz gzipped file by file)"
