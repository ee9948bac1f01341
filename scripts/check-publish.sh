#!/usr/bin/env bash
# Checks that the library crate can be published and that its documentation is clean: what
# `cargo package` would upload (the sources, the README and the licence; nothing of the page,
# the tests or the scripts), that the packaged crate builds on its own, and that rustdoc finds
# no broken link or stray HTML in the library's docs or the command-line tool's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

echo "== crate contents (cargo package --list)"
listed=$(cargo package --allow-dirty --no-verify -p stepdoku --list 2>/dev/null)
# Besides what cargo adds itself (the manifests, the lock file, the VCS note), only these.
unexpected=$(grep -vxE 'Cargo\.(toml|toml\.orig|lock)|\.cargo_vcs_info\.json|README\.md|LICENSE|src/.+\.rs' \
  <<<"$listed" || true)
if [ -n "$unexpected" ]; then
  echo "error: the crate would ship files it does not need (see include in Cargo.toml):" >&2
  echo "$unexpected" | head -20 >&2
  exit 1
fi
for needed in README.md LICENSE src/lib.rs; do
  if ! grep -qx "$needed" <<<"$listed"; then
    echo "error: the crate would ship without $needed" >&2
    exit 1
  fi
done
echo "$(wc -l <<<"$listed") files"

echo "== the packaged crate builds on its own (cargo package)"
cargo package -p stepdoku --allow-dirty

echo "== documentation without warnings (cargo doc)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p stepdoku
# A run of its own: the tool's binary is called stepdoku too, and one run documenting both
# would write them to the same target/doc/stepdoku/.
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p stepdoku-cli
echo "== ready to publish"
