#!/usr/bin/env bash
# The browser build tested in a real browser (issue 29.7), as CI runs it: installs the
# packages (scripts/setup.sh web) and playwright-core (npm ci in tests/web, which uses
# Debian's Chromium and downloads no browser), builds the site (scripts/web.sh), serves
# it on 127.0.0.1:$PORT and runs tests/web/browser.mjs against it. Screenshots go to
# target/web-shots/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh web
rustup target add wasm32-unknown-unknown
# The browser build is linted like the desktop one, so desktop code cannot break it unseen.
echo "== cargo clippy --target wasm32-unknown-unknown -- -D warnings"
cargo clippy --target wasm32-unknown-unknown -p queens-board -p queens-engines \
  -p queens-programs -p queens-store -p queens-app -p queens --lib --bin queens-web \
  --locked -- -D warnings
# playwright-core, and binaryen's wasm-opt for scripts/web.sh.
(cd tests/web && npm ci --no-audit --no-fund)
bash scripts/web.sh
PORT=${PORT:-8093}
python3 -m http.server --bind 127.0.0.1 "$PORT" --directory target/web >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
# The server is up once it answers (a state, not a sleep of a guessed length).
for _ in $(seq 1 100); do
  if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null; then
    break
  fi
  sleep 0.1
done
BASE="http://127.0.0.1:$PORT/" node tests/web/browser.mjs
