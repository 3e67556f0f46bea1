#!/usr/bin/env bash
# macOS, checked on Linux: clippy (a full type-check plus lints, warnings as errors) of
# the library and both programs for Apple silicon and Intel Macs. Linking needs Apple's
# SDK, which no Linux machine has; a Mac builds the app with `bash scripts/package.sh mac`.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
rustup target add aarch64-apple-darwin x86_64-apple-darwin >/dev/null
start=$(date +%s)
cargo clippy --locked --target aarch64-apple-darwin --target x86_64-apple-darwin \
  --lib --bins -- -D warnings
echo "macOS clippy (both targets): $(( $(date +%s) - start )) s"
