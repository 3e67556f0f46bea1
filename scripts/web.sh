#!/usr/bin/env bash
# The browser build (issue 29): builds the window for WebAssembly into target/web/
# (index.html, queens.js and queens_bg.wasm optimised by wasm-opt, worker.js, the service
# worker sw.js, the web app manifest and its icons, and .gz/.br copies), ready for any
# static host (docs/install.md). `bash scripts/web.sh serve` then serves it on http://127.0.0.1:8080
# (PORT=... to change) with Python's plain static server. `bash scripts/web.sh tools` only
# installs the tools below; `bash scripts/web.sh compile` also builds the module, and stops
# there (CI builds it, then makes the site beside its next build).
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
  # --debug: unoptimised, the CLI builds in 56 s instead of 174 s on a 2-core machine and
  # still turns our module into the page's in 3.5 s (BENCHMARKS.md, "CI in half the time").
  cargo install --debug wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi
# wasm-opt from binaryen's npm package (see below).
WASM_OPT=${WASM_OPT:-tests/web/node_modules/.bin/wasm-opt}
if [ "$WASM_OPT" != none ] && [ ! -x "$WASM_OPT" ] && command -v npm >/dev/null; then
  (cd tests/web && npm ci --no-audit --no-fund)
fi
if [ "${1:-}" = tools ]; then
  exit 0
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
if [ "${1:-}" = compile ]; then
  exit 0
fi
rm -rf "$OUT"
mkdir -p "$OUT"
wasm-bindgen --target web --no-typescript --out-dir "$OUT" --out-name queens \
  "target/wasm32-unknown-unknown/$DIR/queens-web.wasm"
# wasm-opt from binaryen's npm package (tests/web/package.json pins it; Debian 12's
# binaryen 108 turned a working module into one that failed to start: "WebAssembly.Table
# .set(): Argument 1 is invalid"). The features are read from the module's own
# target_features section. WASM_OPT=none skips it (a quicker build for trying things).
# -O1, not -O2 (issue 41.3, BENCHMARKS.md): Chromium compiles each function of the module
# on the page's thread the first time it runs, and -O2's inlining made the functions of
# the first frame half again as long to compile (120-180 ms against 75-90 ms in that
# frame's task), while the module was no smaller compressed (-O1: 3.29 MB gzip, 2.26 MB
# brotli; -O2: 3.31 and 2.33) and the engine no faster (bench.html, within the noise).
BEFORE=$(stat -c %s "$OUT/queens_bg.wasm")
if [ "$WASM_OPT" != none ] && [ -x "$WASM_OPT" ]; then
  echo "== $("$WASM_OPT" --version) -O1 --strip-debug --strip-producers"
  "$WASM_OPT" -O1 --strip-debug --strip-producers "$OUT/queens_bg.wasm" -o "$OUT/queens_bg.opt.wasm"
  mv "$OUT/queens_bg.opt.wasm" "$OUT/queens_bg.wasm"
else
  echo "== no wasm-opt ($WASM_OPT): the module is left as wasm-bindgen wrote it"
fi
BYTES=$(stat -c %s "$OUT/queens_bg.wasm")
echo "== queens_bg.wasm: $BEFORE bytes from wasm-bindgen, $BYTES shipped"

# The site: the page (told the module's size, for its progress bar), the worker, the
# service worker (told a hash of the files, so a new build is a new version), the web
# app manifest and its icons.
sed "s/data-wasm-bytes=\"0\"/data-wasm-bytes=\"$BYTES\"/" scripts/web/index.html > "$OUT/index.html"
cp scripts/web/worker.js scripts/web/bench.html scripts/web/manifest.webmanifest "$OUT/"
cp assets/icons/queens-256.png "$OUT/favicon.png"
cp assets/icons/queens-192.png "$OUT/icon-192.png"
cp assets/icons/queens-512.png "$OUT/icon-512.png"
VERSION=$(cd "$OUT" && cat index.html queens.js queens_bg.wasm worker.js manifest.webmanifest \
  favicon.png icon-192.png icon-512.png | sha256sum | cut -c1-16)
sed "s/__QUEENS_VERSION__/$VERSION/" scripts/web/sw.js > "$OUT/sw.js"
echo "== version $VERSION"

# Pre-compressed copies for hosts that serve file.gz / file.br beside file
# (docs/install.md says how): gzip -9, and brotli by Node's zlib when there is Node.
for file in index.html queens.js queens_bg.wasm worker.js sw.js manifest.webmanifest; do
  gzip -9 -k -f "$OUT/$file"
  if command -v node >/dev/null; then
    node -e 'const fs = require("fs"), zlib = require("zlib"); const f = process.argv[1];
      fs.writeFileSync(f + ".br", zlib.brotliCompressSync(fs.readFileSync(f),
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));' "$OUT/$file"
  fi
done
echo "== built $OUT:"
ls -l "$OUT"
for kind in "" .gz .br; do
  if [ -f "$OUT/queens_bg.wasm$kind" ]; then
    TOTAL=0
    for file in index.html queens.js worker.js queens_bg.wasm; do
      TOTAL=$((TOTAL + $(stat -c %s "$OUT/$file$kind")))
    done
    echo "== the download (page, glue, worker, module)${kind:+, as $kind}: $TOTAL bytes"
  fi
done

if [ "${1:-}" = serve ]; then
  PORT=${PORT:-8080}
  echo "== serving $OUT on http://127.0.0.1:$PORT (Ctrl+C stops)"
  exec python3 -m http.server --bind 127.0.0.1 "$PORT" --directory "$OUT"
fi
