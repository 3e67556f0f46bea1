#!/usr/bin/env bash
# Installs the .deb that scripts/package.sh made, as a user would, and checks it: the
# command line from the installed path, the desktop entry and icons, and the window
# opening under Xvfb for a few seconds (its screenshot: target/dist/deb-window.png).
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls -t target/dist/queens_*_amd64.deb | head -n 1)
export DEBIAN_FRONTEND=noninteractive
sudo=""; if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
# apt-get resolves the package's Depends (the window's run-time libraries).
$sudo apt-get install -y -q --no-install-recommends "./$deb" >/dev/null
dpkg -s queens | grep -E '^(Version|Depends):'
test "$(command -v queens)" = /usr/bin/queens
expected='{"legal":true,"error":null,"score":[13,3],"free":0,"to_move":null,"over":true,"winner":1,"game":"size=4 moves=b2,d3,a4"}'
got=$(cd / && /usr/bin/queens replay --size 4 --moves b2,d3,a4)
echo "$got"
test "$got" = "$expected"
test -f /usr/share/applications/queens.desktop
test -f /usr/share/icons/hicolor/256x256/apps/queens.png
test -f /usr/share/icons/hicolor/scalable/apps/queens.svg

display=:97
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)
cleanup() { kill "$window" 2>/dev/null || true; kill "$xvfb" 2>/dev/null || true; rm -rf "$home"; }
window=""
trap cleanup EXIT
for _ in $(seq 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.2; done
(cd / && HOME="$home" DISPLAY="$display" QUEENS_WINDOW_SIZE=1000x700 exec /usr/bin/queens) &
window=$!
# Wait for the window by its title (a slow machine may take a while), then a few seconds.
for _ in $(seq 150); do
  xwininfo -display "$display" -root -tree 2>/dev/null | grep -q 'Queens & Stones' && break
  kill -0 "$window" 2>/dev/null || { echo "the installed window exited at start" >&2; exit 1; }
  sleep 0.2
done
xwininfo -display "$display" -root -tree | grep 'Queens & Stones'
sleep 3
kill -0 "$window" || { echo "the installed window did not stay open" >&2; exit 1; }
/usr/bin/import -display "$display" -window root target/dist/deb-window.png
echo "installed window open; screenshot target/dist/deb-window.png"
$sudo dpkg -r queens >/dev/null
test ! -e /usr/bin/queens
echo "deb: installed, run, opened and removed"
