#!/usr/bin/env bash
# The engine in the browser against the engine native (issue 29.5): the same work
# (crates/engines/src/ai/speed.rs) timed in headless Chromium (the web build's bench.html) and natively
# on one thread (`cargo bench --bench speed`), one after the other, printed as a table
# of times and browser/native ratios (BENCHMARKS.md, "The browser").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/web.sh >/dev/null
(cd tests/web && npm ci --no-audit --no-fund >/dev/null)
PORT=${PORT:-8095}
python3 -m http.server --bind 127.0.0.1 "$PORT" --directory target/web >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
  sleep 0.1
done
web=$(BASE="http://127.0.0.1:$PORT/" node tests/web/speed.mjs)
native=$(cargo bench --locked --bench speed -- --bench 2>/dev/null)
python3 - "$web" "$native" <<'PY'
import json, sys
web, native = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print("| work | nodes | native ms | browser ms | browser/native |")
print("|---|---:|---:|---:|---:|")
for w, n in zip(web, native):
    same = "" if (w["nodes"], w["value"]) == (n["nodes"], n["value"]) else " (DIFFERENT SEARCH)"
    print(f"| {w['name']}{same} | {n['nodes']:,} | {n['millis']:.1f} | {w['millis']:.1f} | {w['millis'] / n['millis']:.2f} |")
PY
