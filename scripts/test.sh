#!/usr/bin/env bash
# The whole check, as CI runs it: system packages, formatting, lints, the crates' trees,
# docs, every test of every crate of the workspace.
# With --no-gui: the `queens` program built without the window (the root's `gui`
# feature), linted, and its command-line tests run against it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
export CARGO_TERM_COLOR=never
if [ "${1:-}" = "--no-gui" ]; then
  echo "== cargo clippy -p queens --no-default-features --all-targets -- -D warnings"
  cargo clippy -p queens --no-default-features --all-targets --locked -- -D warnings
  echo "== cargo test -p queens --no-default-features"
  cargo test -p queens --no-default-features --bins --tests --locked
  exit 0
fi
timed() {
  local start
  start=$(date +%s)
  "$@"
  echo "   ($(( $(date +%s) - start )) s)"
}
echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy --workspace --all-targets -- -D warnings"
timed cargo clippy --workspace --all-targets --locked -- -D warnings
# The program without the window (docs/install.md, "Without the window"): only the root
# package has the `gui` feature, so only its programs need this second look.
echo "== cargo clippy -p queens --no-default-features --bins -- -D warnings"
timed cargo clippy -p queens --no-default-features --bins --locked -- -D warnings
echo "== the crates' trees (scripts/check-crates.sh)"
bash scripts/check-crates.sh
echo "== cargo doc (a broken link, or a public page linking a private item, fails)"
RUSTDOCFLAGS="-D warnings" timed cargo doc --workspace --no-deps --locked
echo "== cargo test --workspace"
# Library, binary and integration tests of every crate; the benchmarks are compiled by
# clippy above and run by hand (see BENCHMARKS.md), since an optimised build would
# double CI time.
timed cargo test --workspace --lib --bins --tests --locked
