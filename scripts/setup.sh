#!/usr/bin/env bash
# Installs the system packages Queens & Stones needs on Debian/Ubuntu.
#   bash scripts/setup.sh build   # to build and test (a C compiler for a few -sys crates)
#   bash scripts/setup.sh window  # also what the window opens at run time (X11/Wayland, GL)
#   bash scripts/setup.sh windows # the Windows cross-build and wine (scripts/windows.sh)
#   bash scripts/setup.sh package # what scripts/package.sh and its checks need
#   bash scripts/setup.sh web     # the browser build's tools and its test's browser
#   bash scripts/setup.sh macos   # what scripts/macos.sh checks the bundle's icon with
#   bash scripts/setup.sh build windows web   # several sets with one apt-get run
# When every package asked for is installed already, apt is not run at all (CI asks for
# every set at its start, and then each script asks again for its own).
# No -dev packages are needed: winit, glow and rfd load their libraries at run time.
set -euo pipefail
# python3 runs the example engine programs and the scripted bad engines the engine
# protocol's tests play against (examples/, tests/engines/).
packages=(ca-certificates gcc libc6-dev python3)
window_libs=(libxkbcommon-x11-0 libxkbcommon0 libx11-6 libxcursor1 libxrandr2 libxi6
             libegl1 libegl-mesa0 libgl1 libgl1-mesa-dri libwayland-client0 libwayland-egl1)
for what in "${@:-build}"; do
  case "$what" in
    build) ;;
    window) packages+=("${window_libs[@]}") ;;
    # mingw-w64 links the .exe and its windres builds the icon resource; wine runs the
    # tests; icoutils' wrestool checks the resources; Xvfb (and xdotool to press OK in
    # its message box) for the window under wine; python3 for the zip's licence listing.
    windows) packages+=(gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64 icoutils
                        xvfb xauth x11-utils imagemagick xdotool python3) ;;
    # zip for the Windows download; python3 writes the third-party licence listing
    # (scripts/licenses.py); Xvfb and ImageMagick to open the installed window and take its
    # picture; xdotool/x11-utils to find the window. scripts/check-deb.sh's checkers:
    # lintian (man-db for its man page check), desktop-file-validate (desktop-file-utils),
    # appstreamcli (appstream), and shared-mime-info with gio (libglib2.0-bin) to see a
    # save recognised.
    package) packages+=("${window_libs[@]}" zip python3 xvfb xauth x11-utils imagemagick xdotool
                        gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64
                        lintian man-db desktop-file-utils appstream shared-mime-info
                        libglib2.0-bin) ;;
    # scripts/macos.sh measures the bundle icon's margin (icns2png, ImageMagick) and
    # checks the bundle's licence listing (python3).
    macos) packages+=(icnsutils imagemagick python3) ;;
    # Chromium runs the browser build's test headless (scripts/web-test.sh, driven by
    # playwright-core from npm with the machine's Node.js); tesseract reads the canvas's
    # words so the test can click menu items and buttons by their text.
    web) packages+=(chromium python3 tesseract-ocr tesseract-ocr-eng) ;;
    *) echo "setup: unknown set '$what' (build, window, windows, package, macos, web)" >&2; exit 2 ;;
  esac
done
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: no apt-get here; install the equivalents of: ${packages[*]}" >&2
  exit 0
fi
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: every package of '${*:-build}' is installed"
else
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  # A mirror in the middle of a sync fails an update now and then: try a few times.
  for attempt in 1 2 3; do
    if $sudo apt-get update -q; then break; fi
    if [ "$attempt" = 3 ]; then echo "setup: apt-get update failed three times" >&2; exit 1; fi
    sleep 10
  done
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found: install Rust 1.95 or newer (https://rustup.rs)" >&2
  exit 1
fi
