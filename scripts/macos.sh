#!/usr/bin/env bash
# macOS, checked on Linux: the icon's margin, then clippy (a full type-check plus lints,
# warnings as errors) of the library and both programs for Apple silicon and Intel Macs,
# and the workspace's docs. Linking needs Apple's
# SDK, which no Linux machine has; a Mac builds the app with `bash scripts/package.sh mac`.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
bash scripts/setup.sh macos
# The bundle's icon follows Apple's grid: the largest image's drawing is the 824 px
# square 100 px in from each edge of 1024 (scripts/icons.sh makes it).
icons=$(mktemp -d)
trap 'rm -rf "$icons"' EXIT
icns2png -x -s 1024 -o "$icons" assets/icons/queens.icns >/dev/null
body=$(/usr/bin/convert "$icons"/*1024x1024*.png -format '%@' info:)
test "$body" = "824x824+100+100" || { echo "queens.icns: the 1024 px drawing is $body, not 824x824+100+100" >&2; exit 1; }
echo "macOS icon: 824 px on the 1024 px grid"
rustup target add aarch64-apple-darwin x86_64-apple-darwin >/dev/null
start=$(date +%s)
cargo clippy --locked --target aarch64-apple-darwin --target x86_64-apple-darwin \
  --workspace --lib --bins -- -D warnings
echo "macOS clippy (both targets): $(( $(date +%s) - start )) s"
# The workspace's docs (scripts/test.sh runs the same check on Linux): rustdoc reads the
# dependencies' metadata that the type-check above just made, so here it costs only our
# own crates, where on Linux (whose build makes no metadata-only dependencies) it would
# type-check every dependency first. A broken link, or a public page linking a private
# item, fails.
start=$(date +%s)
RUSTDOCFLAGS="-D warnings" cargo doc --locked --target aarch64-apple-darwin --workspace --no-deps
echo "cargo doc (Apple silicon): $(( $(date +%s) - start )) s"
# The bundle's licence listing (package.sh mac puts it in Contents/Resources): every
# crate the Mac programs link has a licence text (the same crates on both Apple targets).
python3 scripts/licenses.py aarch64-apple-darwin > /dev/null
echo "macOS licence listing: complete"
