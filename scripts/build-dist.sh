#!/usr/bin/env bash
# Writes dist/: exactly the files a site needs to run Stepdoku, and nothing else of the
# repository: the <stepdoku-board> element, the app page (index.html, app.js) and the iframe
# page (embed.html, embed.js), each bundled into one minified module (scripts/bundle.mjs),
# the worker (worker.js), the pages' stylesheets, and the three wasm modules with their glue
# and TypeScript declarations (pkg/). Every path is relative, so dist/ works copied anywhere
# (or from a CDN).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build-wasm.sh

out=$(mktemp -d dist.XXXXXX)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/pkg"
for name in stepdoku stepdoku_verdict stepdoku_core; do
  cp "www/pkg/$name.js" "www/pkg/$name.d.ts" "www/pkg/${name}_bg.wasm" "$out/pkg/"
done
node scripts/bundle.mjs "$out"
cp -r www/icons www/manifest.webmanifest "$out/"
# The app page's service worker, with the list of every file it keeps for offline use.
node scripts/stamp-offline.mjs "$out"
# What `npm pack` in dist/ publishes: package.json, the package's README, licence and types.
node scripts/package-dist.mjs "$out"
chmod 755 "$out"
rm -rf dist
mv "$out" dist
trap - EXIT

raw=$(find dist -type f -exec cat {} + | wc -c)
gz=0
for f in $(find dist -type f); do gz=$((gz + $(gzip -9 -c "$f" | wc -c))); done
echo "wrote dist/: $(find dist -type f | wc -l) files, $raw bytes ($gz gzipped file by file)"
