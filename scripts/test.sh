#!/usr/bin/env bash
# The whole check, as CI runs it: system packages, formatting, lints, every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
export CARGO_TERM_COLOR=never
echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings
echo "== cargo test"
# Library, binary and integration tests; the benchmark is compiled by clippy above and
# run by hand (see BENCHMARKS.md), since an optimised build would double CI time.
cargo test --lib --bins --tests --locked
