#!/usr/bin/env bash
# Checks the .deb that scripts/package.sh made: lintian (no error, no warning), the
# desktop entry (desktop-file-validate, not even a hint) and the AppStream metainfo
# (appstreamcli), then installs it as a user would: the command line from the installed
# path, its man page, licences, desktop entry and icons, a saved game recognised as one,
# and the window opening that save under Xvfb for a few seconds (its screenshot:
# target/dist/deb-window.png). The checkers come from scripts/setup.sh package.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls -t target/dist/queens_*_amd64.deb | head -n 1)
export DEBIAN_FRONTEND=noninteractive
sudo=""; if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

echo "== lintian"
# Informational tags are shown too; errors and warnings fail the check (one run: ~20 s
# on a loaded 2-core machine; `lintian --info` explains a tag).
lintian --display-info --fail-on error,warning --allow-root "$deb"
echo "lintian: no errors, no warnings"
unpacked=$(mktemp -d)
dpkg-deb -x "$deb" "$unpacked"
echo "== desktop-file-validate"
hints=$(desktop-file-validate "$unpacked/usr/share/applications/queens.desktop" 2>&1) || true
if [ -n "$hints" ]; then echo "$hints" >&2; exit 1; fi
echo "desktop entry: valid, no hints"
echo "== appstreamcli validate"
appstreamcli validate --no-net --pedantic "$unpacked"/usr/share/metainfo/*.metainfo.xml
rm -rf "$unpacked"
# apt-get resolves the package's Depends (the window's run-time libraries).
$sudo apt-get install -y -q --no-install-recommends "./$deb" >/dev/null
dpkg -s queens | grep -E '^(Version|Depends|Recommends):'
# A game: in /usr/games, which Debian and Ubuntu put on every user's PATH.
test "$(PATH=/usr/local/bin:/usr/bin:/bin:/usr/games command -v queens)" = /usr/games/queens
expected='{"legal":true,"error":null,"score":[13,3],"free":0,"to_move":null,"over":true,"winner":1,"game":"size=4 moves=b2,d3,a4"}'
got=$(cd / && /usr/games/queens replay --size 4 --moves b2,d3,a4)
echo "$got"
test "$got" = "$expected"
test -f /usr/share/applications/queens.desktop
test -f /usr/share/icons/hicolor/256x256/apps/queens.png
test -f /usr/share/icons/hicolor/scalable/apps/queens.svg
# The man page, the user's README, the licences (ours and the font's in copyright, the
# crates' in their listing).
man -w queens-solve | grep -q '/usr/share/man/man6/queens-solve.6.gz'
# (grep without -q reads to the end: a reader that stops early fails the pipe.)
man -P cat queens 2>/dev/null | grep 'queens-solve' >/dev/null
grep -q '^Queens & Stones' /usr/share/doc/queens/README
if grep -q 'scripts/' /usr/share/doc/queens/README; then echo "README for developers" >&2; exit 1; fi
grep -q 'Permission is hereby granted' /usr/share/doc/queens/copyright
grep -q 'SIL OPEN FONT LICENSE Version 1.1' /usr/share/doc/queens/copyright
zcat /usr/share/doc/queens/third-party-licenses.txt.gz | grep '^eframe 0\.' >/dev/null

home=$(mktemp -d)
# A saves folder named on the command line must exist (docs/cli.md, Files).
mkdir "$home/saves"
# A saved game (the history entry of a one-game series) is a Queens & Stones save to
# the desktop, which opens it with the game; another RON file is not.
/usr/games/queens arena --a alphabeta:1 --b minimax:1 --games 2 --size 4 --stones 0 \
  --saves-dir "$home/saves" >/dev/null
save=$(ls "$home"/saves/history/*.ron | head -n 1)
printf '(\n    width: 3,\n)\n' > "$home/other.ron"
type_of() { gio info -a standard::content-type "$1" | awk '/standard::content-type/ {print $2}'; }
test "$(type_of "$save")" = application/x-queens-save || {
  echo "a save is seen as $(type_of "$save")" >&2; exit 1; }
test "$(type_of "$home/other.ron")" != application/x-queens-save
grep -q '^application/x-queens-save=.*queens.desktop' /usr/share/applications/mimeinfo.cache
echo "a save is application/x-queens-save, opened by queens.desktop"

display=:97
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$window" 2>/dev/null || true; kill "$xvfb" 2>/dev/null || true; rm -rf "$home"; }
window=""
trap cleanup EXIT
for _ in $(seq 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.2; done
# As the desktop entry starts it for a double-clicked save.
(cd / && HOME="$home" DISPLAY="$display" QUEENS_WINDOW_SIZE=1000x700 \
  exec /usr/games/queens gui "$save") &
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
test ! -e /usr/games/queens
echo "deb: installed, run, opened and removed"
