#!/usr/bin/env bash
# The browser build (issue 29): builds the window for WebAssembly into target/web/
# (index.html, queens.js and queens_bg.wasm, worker.js, favicon.png), ready for any
# static host. `bash scripts/web.sh serve` then serves it on http://127.0.0.1:8080
# (PORT=... to change) with Python's plain static server.
#
# Installs what it needs on a fresh machine: the wasm32-unknown-unknown target (rustup)
# and wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock (the two
# must match).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/web
PROFILE=${PROFILE:-release}

# The wasm-bindgen crate's version, read from Cargo.lock (the CLI must be the same).
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$BINDGEN_VERSION" ]; then
  echo "web.sh: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $BINDGEN_VERSION"; then
  # Not --locked: the CLI's own lock file names a webpki-roots release that the registry
  # no longer serves; its dependencies resolve within their semver ranges instead.
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi

echo "== cargo build --$PROFILE --target wasm32-unknown-unknown --bin queens-web"
# Not stripped: wasm-bindgen reads the module's target_features section to know which
# WebAssembly features it uses (stripped, it guessed wrong and the page failed with
# "WebAssembly.Table.set(): Argument 1 is invalid"). There is no debug info to strip
# (the release profile has none).
export CARGO_PROFILE_RELEASE_STRIP=false
if [ "$PROFILE" = release ]; then
  cargo build --release --locked --target wasm32-unknown-unknown --bin queens-web
  DIR=release
else
  cargo build --locked --target wasm32-unknown-unknown --bin queens-web
  DIR=debug
fi
rm -rf "$OUT"
mkdir -p "$OUT"
wasm-bindgen --target web --no-typescript --out-dir "$OUT" --out-name queens \
  "target/wasm32-unknown-unknown/$DIR/queens-web.wasm"
# No wasm-opt: Debian 12's binaryen (108) turned a working module into one that fails to
# start ("WebAssembly.Table.set(): Argument 1 is invalid"); unoptimised, the download is
# 3.4 MB gzip-compressed, under the 6 MB budget.
cp scripts/web/index.html scripts/web/worker.js scripts/web/bench.html "$OUT/"
cp assets/icons/queens-256.png "$OUT/favicon.png"
echo "== built $OUT:"
ls -l "$OUT"
TOTAL=$(cat "$OUT"/index.html "$OUT"/queens.js "$OUT"/worker.js "$OUT"/queens_bg.wasm | gzip -9 | wc -c)
echo "== the download, gzip-compressed as a static server sends it: $TOTAL bytes"

if [ "${1:-}" = serve ]; then
  PORT=${PORT:-8080}
  echo "== serving $OUT on http://127.0.0.1:$PORT (Ctrl+C stops)"
  exec python3 -m http.server --bind 127.0.0.1 "$PORT" --directory "$OUT"
fi
