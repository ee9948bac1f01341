#!/usr/bin/env bash
# Sets up everything and runs every test: format and lint checks, native Rust tests over the
# puzzle collections, the wasm exports in headless Chromium, JS unit tests, and end-to-end
# tests of the served page in headless Chromium. Screenshots land in test-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

if [ ! -d ../shared/data ]; then
  echo "error: ../shared/data (the puzzle collections) must sit beside this repository" >&2
  exit 1
fi

bash scripts/setup.sh

echo "== format and lint"
cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
# The library alone for wasm32: the command line's crates (cli/) never reach it.
cargo clippy --target wasm32-unknown-unknown --lib --test web -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --no-default-features -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features verdict -- -D warnings
npx --no-install prettier --check index.html embed.html www examples tests/e2e tests/js tests/types scripts bench/node

echo "== native tests (the library, and the command-line tool in cli/)"
cargo test --workspace

echo "== fuzz smoke: the soak harness for 60 s (the long run: docs/TESTING.md)"
# The test profile reuses what cargo test built and keeps debug assertions on. A fixed seed
# makes the run repeatable; SOAK_SEED=N tries other inputs. Prints "soak: N inputs …, 0 failures".
cargo run --quiet --profile test --example soak -- --seconds 60 --seed "${SOAK_SEED:-14}"

echo "== wasm exports in headless Chromium"
# The runner's default of 20 s for the whole suite (it also bounds each webdriver request
# while the suite runs) is too short on a loaded 2-core machine: allow five minutes.
CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=300 \
  cargo test --target wasm32-unknown-unknown --test web

echo "== the crate and its docs, ready to publish"
bash scripts/check-publish.sh

echo "== page"
bash scripts/build-dist.sh
echo "== page weight: the budgets (bench/README.md, Page weight)"
node bench/node/weight.mjs --root dist --runs 3 --encodings gzip --scenario app \
  --scenario one-board --profile fast --budget
npm run --silent unit
npm run --silent e2e
echo "== all tests passed"
