#!/usr/bin/env bash
# The whole check, as CI runs it: system packages, formatting, lints, every test.
# With --no-gui: lints and tests of the build without the window (the `gui` feature).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
export CARGO_TERM_COLOR=never
if [ "${1:-}" = "--no-gui" ]; then
  # The build without the window (the `gui` feature): the library, the solver and the CLI
  # must build, lint and pass their tests with no eframe, egui or rfd. fmt is not repeated.
  echo "== cargo clippy --no-default-features --all-targets -- -D warnings"
  cargo clippy --no-default-features --all-targets --locked -- -D warnings
  echo "== cargo test --no-default-features"
  cargo test --no-default-features --lib --bins --tests --locked
  exit 0
fi
echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings
echo "== cargo doc (a broken link, or a public page linking a private item, fails)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked
echo "== cargo test"
# Library, binary and integration tests; the benchmark is compiled by clippy above and
# run by hand (see BENCHMARKS.md), since an optimised build would double CI time.
cargo test --lib --bins --tests --locked
