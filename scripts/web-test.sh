#!/usr/bin/env bash
# The browser build tested in a real browser (issue 29.7), as CI runs it: installs the
# packages (scripts/setup.sh web) and playwright-core (npm ci in tests/web, which uses
# Debian's Chromium and downloads no browser), builds the site (scripts/web.sh), serves
# it on 127.0.0.1:$PORT and runs tests/web/browser.mjs against it. Screenshots go to
# target/web-shots/.
#   bash scripts/web-test.sh          # everything
#   bash scripts/web-test.sh --build  # the tools and the module, linted (CI's first half)
#   bash scripts/web-test.sh --check  # the site made from it, served and tested
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case "$mode" in
  all | --build | --check) ;;
  *) echo "web-test.sh: unknown option '$mode' (--build, --check)" >&2; exit 2 ;;
esac
bash scripts/setup.sh web
# The browser build is linted like the desktop one, so desktop code cannot break it
# unseen: clippy-driver is the compiler of our crates in the module's own release build
# (scripts/test.sh says how), which lints every crate the module is made of (the board,
# the engines, the engine programs, the store, the window and queens-web) with warnings as
# errors, without a second, type-check-only pass over every dependency.
source scripts/clippy-build.sh
if [ "$mode" != --check ]; then
  echo "== the module, linted (clippy -D warnings) and built"
  bash scripts/web.sh compile
fi
if [ "$mode" = --build ]; then
  exit 0
fi
# The site (the module is built already: this only makes the site around it).
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
# Ours, not another server left on the port (python exits at once when it cannot bind).
kill -0 "$server" 2>/dev/null || {
  echo "web-test.sh: the server did not start: is port $PORT in use? (PORT=... to change)" >&2
  exit 1; }
BASE="http://127.0.0.1:$PORT/" node tests/web/browser.mjs
