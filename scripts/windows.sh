#!/usr/bin/env bash
# The Windows build, checked on Linux: cross-builds both programs with mingw-w64, runs the
# tests of the crates Windows changes and smoke runs of the CLI under wine, checks the executables
# (subsystems, icon, version information, manifest, no mingw run-time DLL) and makes the
# zip (programs, README, licences). CI runs it from .ci/run.
#   bash scripts/windows.sh            # everything
#   bash scripts/windows.sh --release  # only cross-build the release programs
#   bash scripts/windows.sh --build    # only build what the rest runs (CI's first half)
#   bash scripts/windows.sh --check    # the rest: tests, checks, smoke runs, the zip
#   bash scripts/windows.sh --smoke    # the checks and smoke runs, without the test suite
# Every build here is linted (clippy -D warnings), as in scripts/test.sh: the Windows
# target compiles code of its own (paths, consoles, signals) that Linux never sees.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
mode=${1:-all}
case "$mode" in
  all | --release | --build | --check | --smoke) ;;
  *) echo "windows.sh: unknown option '$mode' (--release, --build, --check, --smoke)" >&2; exit 2 ;;
esac
bash scripts/setup.sh windows
rustup target add "$target" >/dev/null
export CARGO_TERM_COLOR=never
source scripts/clippy-build.sh
# What Windows changes: paths, files, processes, consoles and signals live in the
# store, the engine programs, the arena, the command line and the programs. The rules
# and the search (queens-board, queens-engines) are the same computation on every
# system, and the window's tests drive a headless window: both ran on Linux already.
windows_tests=(-p queens-store -p queens-programs -p queens-arena -p queens-cli -p queens
               --lib --bins --tests)

if [ "$mode" = --release ]; then
  cargo build --release --locked --target "$target" --bins
  exit 0
fi
if [ "$mode" != --check ]; then
  # Every build the rest needs, first: CI runs the rest beside its next build, and
  # cargo lets one build at a time use a profile's folder.
  echo "== cargo test --no-run --target $target (linted): store, programs, arena, cli, queens"
  start=$(date +%s)
  cargo test --no-run --locked --target "$target" "${windows_tests[@]}"
  cargo build --locked --profile dev --target "$target" --bins
  cargo build --locked --bin queens
  echo "windows build: $(( $(date +%s) - start )) s"
fi
if [ "$mode" = --build ]; then
  exit 0
fi

# Wine: a prefix of our own, and the stand-in bcryptprimitives.dll that Debian 12's wine 8
# lacks (scripts/wine/bcryptprimitives.c says why).
export WINEDEBUG=-all WINEPREFIX="$PWD/target/wine-prefix"
mkdir -p target/wine
x86_64-w64-mingw32-gcc -O2 -shared -o target/wine/bcryptprimitives.dll \
  scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
echo "== wineboot"
wineboot --init >/dev/null 2>&1 || true
wineserver --wait || true
cp target/wine/bcryptprimitives.dll "$WINEPREFIX/drive_c/windows/system32/"

# The zip first: its build is done already, and then nothing below waits for cargo.
echo "== the zip"
PROFILE=dev bash scripts/package.sh windows
zip_file=$(ls -t target/dist/queens-*-windows-x86_64.zip | head -n 1)
listing=$(python3 -m zipfile -l "$zip_file")
echo "$listing"
for file in queens.exe queens-gui.exe README.txt LICENSE.txt OFL.txt THIRD-PARTY-LICENSES.txt; do
  echo "$listing" | grep -q "/$file " || { echo "the zip lacks $file" >&2; exit 1; }
done

if [ "$mode" != --smoke ]; then
  echo "== cargo test --target $target (under wine): store, programs, arena, cli, queens"
  start=$(date +%s)
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine \
    cargo test --locked --target "$target" "${windows_tests[@]}"
  echo "windows tests: $(( $(date +%s) - start )) s"
fi

exe_dir="target/$target/debug"
queens="$PWD/$exe_dir/queens.exe"

echo "== the two programs"
subsystem() { x86_64-w64-mingw32-objdump -p "$1" | awk '/^Subsystem/ {print $2}'; }
test "$(subsystem "$queens")" = "00000003" || { echo "queens.exe is not a console program" >&2; exit 1; }
test "$(subsystem "$exe_dir/queens-gui.exe")" = "00000002" || { echo "queens-gui.exe is not a GUI program" >&2; exit 1; }
echo "queens.exe: console (CUI); queens-gui.exe: windows (GUI)"
for exe in "$queens" "$exe_dir/queens-gui.exe"; do
  dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | awk '/DLL Name:/ {print tolower($3)}' | sort -u)
  echo "$(basename "$exe") imports: $(echo $dlls)"
  if echo "$dlls" | grep -Eq 'libgcc|libstdc|libwinpthread|mingw'; then
    echo "$(basename "$exe") needs a mingw run-time DLL" >&2; exit 1
  fi
  # The icon group (resource type 14) and the version information (type 16).
  wrestool -l "$exe" | grep -q 'type=14' || { echo "$(basename "$exe") has no icon" >&2; exit 1; }
  wrestool -l "$exe" | grep -q 'type=16' || { echo "$(basename "$exe") has no version resource" >&2; exit 1; }
  # Each program's own file name and the copyright holder in its version information;
  # the application manifest (type 24): common controls 6 (the current dialog style)
  # and per-monitor DPI awareness.
  strings16() { wrestool -x --raw --type="$1" "$exe" | x86_64-w64-mingw32-strings -el; }
  original=$(strings16 16 | grep -x -A1 OriginalFilename | tail -n 1)
  test "$original" = "$(basename "$exe")" || {
    echo "$(basename "$exe") says OriginalFilename $original" >&2; exit 1; }
  strings16 16 | grep '^Copyright (c) .* The Queens & Stones developers' >/dev/null || {
    echo "$(basename "$exe") names no copyright holder" >&2; exit 1; }
  manifest=$(wrestool -x --raw --type=24 "$exe")
  for needed in Microsoft.Windows.Common-Controls PerMonitorV2 asInvoker; do
    echo "$manifest" | grep -q "$needed" || {
      echo "$(basename "$exe")'s manifest lacks $needed" >&2; exit 1; }
  done
  echo "$(basename "$exe"): OriginalFilename $original, copyright, manifest"
done

echo "== smoke runs under wine"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { echo "\$ queens $*" >&2; wine "$queens" "$@"; }
expected='{"legal":true,"error":null,"score":[13,3],"free":0,"to_move":null,"over":true,"winner":1,"game":"size=4 moves=b2,d3,a4"}'
got=$(run replay --size 4 --moves b2,d3,a4 | tr -d '\r')
echo "$got"
test "$got" = "$expected" || { echo "replay differs from Linux" >&2; exit 1; }
# The same proof, node for node, as on Linux (only the time may differ).
no_time() { sed -E 's/"time_ms":[0-9]+,?//'; }
got=$(run solve --size 7 --random-stones 3 --seed 2 --threads 1 | tr -d '\r')
echo "$got"
linux=$(target/debug/queens solve --size 7 --random-stones 3 --seed 2 --threads 1)
test "$(echo "$got" | no_time)" = "$(echo "$linux" | no_time)" || {
  echo "solve differs from Linux: $linux" >&2; exit 1; }
echo "$got" | grep -q '"solved":true' || { echo "solve did not solve" >&2; exit 1; }
run analyse --game "size=5 stones=b2 moves=c3,a1,e2" --xlsx "$(winepath -w "$work/analysis.xlsx")" | tr -d '\r' | cut -c1-200
test -s "$work/analysis.xlsx"
# The default saves folder is %APPDATA%\queens\data\saves, not the current folder.
(cd "$work" && run arena --a alphabeta:1 --b minimax:1 --games 2 --size 4 --stones 0 | tr -d '\r' | cut -c1-200)
appdata_saves="$WINEPREFIX/drive_c/users/$(id -un)/AppData/Roaming/queens/data/saves"
ls "$appdata_saves/history" | grep -q '\.ron$' || { echo "the arena wrote no history in $appdata_saves" >&2; exit 1; }
test ! -e "$work/saves" || { echo "the arena wrote into the current folder" >&2; exit 1; }
run export --out "$(winepath -w "$work/history.xlsx")" | tr -d '\r' | cut -c1-200
test -s "$work/history.xlsx"

# Not checked here: the window where OpenGL 2 is missing (a message box). Driving that box
# under wine and Xvfb passed when run alone but failed in two of three full runs of this
# script (the program's exit code never came back as 1), so it is not a CI check until it
# is reliable; the box's words are unit-tested (crates/cli/src/gui.rs) and the box was looked at
# by hand (see the closing note of 2026-11-27).

echo "windows: all checks passed"
