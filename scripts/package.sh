#!/usr/bin/env bash
# Makes what a user downloads, into target/dist/:
#   bash scripts/package.sh deb      # queens_VERSION_amd64.deb (Debian/Ubuntu)
#   bash scripts/package.sh windows  # queens-VERSION-windows-x86_64.zip (both programs)
#   bash scripts/package.sh mac      # on a Mac: the app bundle (cargo-bundle), universal
#   bash scripts/package.sh web      # queens-VERSION-web.zip: the browser site, for any
#                                    # static host (scripts/web.sh builds it)
#   bash scripts/package.sh all      # deb and windows (the Mac bundle needs a Mac)
# Release builds, without debug info. PROFILE=dev packages the test build instead (CI
# does, to check the package without a second full build; users get release builds).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
profile="${PROFILE:-release}"
version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
dist=target/dist
mkdir -p "$dist"
profile_dir() { if [ "$profile" = "dev" ]; then echo debug; else echo "$profile"; fi; }
# Where cargo builds (CARGO_TARGET_DIR when set); the packages go to target/dist here.
build_dir="${CARGO_TARGET_DIR:-target}"

# Who answers for the .deb (its Maintainer field and changelog): one place.
maintainer="The Queens & Stones developers <maintainers@queens-and-stones.org>"

# Text as a paragraph of a Debian copyright file: each line indented, blank lines ".".
dep5_text() { sed -e 's/^$/./' -e 's/^/ /' "$1"; }

deb() {
  bash scripts/setup.sh package
  cargo build --locked --profile "$profile" --bin queens
  local bin="$build_dir/$(profile_dir)/queens"
  local root="$dist/deb-root"
  local doc="$root/usr/share/doc/queens"
  # A Debian package's changelog names the version it packages.
  local logged
  logged=$(sed -n '1s/^queens (\([^)]*\)).*/\1/p' packaging/changelog)
  if [ "$logged" != "$version" ]; then
    echo "package: packaging/changelog starts with $logged, Cargo.toml says $version: add an entry" >&2
    exit 1
  fi
  rm -rf "$root"
  # A game: the program in /usr/games and its man pages in section 6 (Debian policy 11.11).
  mkdir -p "$root/DEBIAN" "$root/usr/games" "$root/usr/share/applications" "$doc" \
    "$root/usr/share/icons/hicolor/scalable/apps" "$root/usr/share/man/man6" \
    "$root/usr/share/metainfo" "$root/usr/share/mime/packages"
  install -m 0755 "$bin" "$root/usr/games/queens"
  # As dh_strip does: no symbols, no compiler's .comment.
  strip --strip-all --remove-section=.comment --remove-section=.note "$root/usr/games/queens"
  install -m 0644 packaging/queens.desktop "$root/usr/share/applications/queens.desktop"
  install -m 0644 packaging/queens.metainfo.xml \
    "$root/usr/share/metainfo/org.queens_and_stones.queens.metainfo.xml"
  install -m 0644 packaging/queens-mime.xml "$root/usr/share/mime/packages/queens.xml"
  for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$root/usr/share/icons/hicolor/${size}x${size}/apps"
    install -m 0644 "assets/icons/queens-$size.png" \
      "$root/usr/share/icons/hicolor/${size}x${size}/apps/queens.png"
  done
  install -m 0644 assets/icon.svg "$root/usr/share/icons/hicolor/scalable/apps/queens.svg"
  # Generated from the clap definition and checked against it by crates/cli/tests/manpage.rs.
  for page in docs/man/*.6; do
    gzip -9n < "$page" > "$root/usr/share/man/man6/$(basename "$page").gz"
  done
  # The user's README (packaging/README-linux.txt), not the developers'; documentation
  # over 4 kB compressed (Debian policy 12.3), the copyright file never.
  install -m 0644 packaging/README-linux.txt "$doc/README"
  gzip -9n < docs/rules.md > "$doc/rules.md.gz"
  gzip -9n < docs/cli.md > "$doc/cli.md.gz"
  # The guide and the install notes: rules.md and cli.md link to them.
  gzip -9n < docs/guide.md > "$doc/guide.md.gz"
  gzip -9n < docs/install.md > "$doc/install.md.gz"
  gzip -9n < packaging/changelog > "$doc/changelog.gz"
  python3 scripts/licenses.py x86_64-unknown-linux-gnu | gzip -9n > "$doc/third-party-licenses.txt.gz"
  {
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: Queens & Stones"
    echo "Upstream-Contact: $maintainer"
    echo "Comment: The Rust crates compiled into /usr/games/queens, with their licences"
    echo " and the licence texts they ship, are listed in third-party-licenses.txt.gz"
    echo " beside this file."
    echo
    echo "Files: *"
    echo "Copyright: 2026 The Queens & Stones developers"
    echo "License: MIT"
    echo
    echo "Files: assets/NotoSans-Regular.ttf"
    echo "Copyright: 2010, 2012-2020 Google Inc.; 2015-2020 Google LLC."
    echo "License: OFL-1.1"
    echo "Comment: Noto Sans, built into the program as the window's font."
    echo
    echo "License: MIT"
    dep5_text LICENSE
    echo
    echo "License: OFL-1.1"
    # OFL.txt's own header (which font, its copyright) is said above: the licence only.
    dep5_text <(sed -n '/^SIL OPEN FONT LICENSE Version 1.1/,$p' assets/OFL.txt)
  } > "$doc/copyright"
  chmod 0644 "$doc"/*
  # The newest glibc symbol version the program uses is the libc6 it needs.
  local glibc
  glibc=$(objdump -T "$root/usr/games/queens" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' \
    | sort -V | tail -n 1)
  local size_kb
  size_kb=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
  # winit and glow open these at run time (dlopen), so no tool finds them by itself.
  # Recommends: what shows a file dialog by itself (a portal backend with a FileChooser,
  # or zenity); without one the window asks for a path in a field of its own.
  cat > "$root/DEBIAN/control" <<CONTROL
Package: queens
Version: $version
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $size_kb
Depends: libc6 (>= $glibc), libgcc-s1, libgl1, libegl1, libgl1-mesa-dri, libxkbcommon0, libxkbcommon-x11-0, libx11-6, libxcursor1, libxrandr2, libxi6, libwayland-client0, libwayland-egl1
Recommends: xdg-desktop-portal-gtk | xdg-desktop-portal-gnome | xdg-desktop-portal-kde | zenity
Section: games
Priority: optional
Description: two-player queen placement game with minimax and alpha-beta
 Players alternately place queens on an N x N board with stone obstacles; each
 queen claims the free cells on its eight lines; most cells wins. The game of a
 master's thesis on minimax search, with the thesis's minimax and alpha-beta
 engines, a stronger engine, an exact solver, move-by-move analysis and a Tree
 Lab that traces minimax and alpha-beta step by step. English and Vietnamese.
 The command line (queens replay, bestmove, solve, arena, analyse, export)
 prints JSON.
CONTROL
  chmod -R u=rwX,go=rX "$root/usr"
  (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
  chmod 0644 "$root/DEBIAN/md5sums"
  local out="$dist/queens_${version}_amd64.deb"
  dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
  rm -rf "$root"
  echo "$out ($(du -h "$out" | cut -f1))"
}

windows() {
  local target=x86_64-pc-windows-gnu
  bash scripts/setup.sh windows
  rustup target add "$target" >/dev/null
  cargo build --locked --profile "$profile" --target "$target" --bins
  local dir="$build_dir/$target/$(profile_dir)"
  local name="queens-$version-windows-x86_64"
  local stage="$dist/$name"
  rm -rf "$stage" "$dist/$name.zip"
  mkdir -p "$stage"
  for exe in queens queens-gui; do
    x86_64-w64-mingw32-strip --strip-all -o "$stage/$exe.exe" "$dir/$exe.exe"
  done
  # Text files with Windows line ends: the README, our licence, the font's licence and
  # the licences of the crates built into the programs.
  sed 's/$/\r/' packaging/README-windows.txt > "$stage/README.txt"
  sed 's/$/\r/' LICENSE > "$stage/LICENSE.txt"
  sed 's/$/\r/' assets/OFL.txt > "$stage/OFL.txt"
  python3 scripts/licenses.py "$target" | sed 's/$/\r/' > "$stage/THIRD-PARTY-LICENSES.txt"
  (cd "$dist" && zip -qr "$name.zip" "$name")
  rm -rf "$stage"
  echo "$dist/$name.zip ($(du -h "$dist/$name.zip" | cut -f1))"
}

mac() {
  if [ "$(uname -s)" != "Darwin" ]; then
    echo "package: the macOS bundle is built on a Mac (it needs Apple's SDK to link):" >&2
    echo "  bash scripts/package.sh mac   (on the Mac)" >&2
    echo "  -> target/aarch64-apple-darwin/release/bundle/osx/Queens & Stones.app" >&2
    exit 2
  fi
  command -v cargo-bundle >/dev/null || cargo install cargo-bundle --locked
  # One bundle for every Mac: the Apple silicon and Intel programs joined by lipo into
  # one universal binary (a plain `cargo bundle` runs only on Macs of the builder's kind).
  rustup target add aarch64-apple-darwin x86_64-apple-darwin >/dev/null
  cargo bundle --release --bin queens-gui --target aarch64-apple-darwin
  cargo build --locked --release --bin queens-gui --target x86_64-apple-darwin
  local app="$build_dir/aarch64-apple-darwin/release/bundle/osx/Queens & Stones.app"
  local exe
  exe=$(find "$app/Contents/MacOS" -maxdepth 1 -type f | head -n 1)
  lipo -create -output "$exe" "$build_dir/aarch64-apple-darwin/release/queens-gui" \
    "$build_dir/x86_64-apple-darwin/release/queens-gui"
  lipo -info "$exe"
  # The licences travel with the program: ours, the font's, the crates'.
  cp LICENSE "$app/Contents/Resources/LICENSE.txt"
  cp assets/OFL.txt "$app/Contents/Resources/OFL.txt"
  python3 scripts/licenses.py aarch64-apple-darwin > "$app/Contents/Resources/THIRD-PARTY-LICENSES.txt"
  # Apple silicon runs only signed code: sign the whole bundle ad hoc (no identity; it is
  # still "unidentified" to Gatekeeper, see README), after lipo changed the program.
  codesign --force --deep --sign - "$app"
  codesign --verify --deep --strict "$app"
  echo "$app (universal: arm64 and x86_64)"
}

web() {
  command -v zip >/dev/null || bash scripts/setup.sh package
  bash scripts/web.sh
  local stage="$dist/queens-$version-web"
  rm -rf "$stage"
  cp -r target/web "$stage"
  cp LICENSE "$stage/LICENSE.txt"
  cp assets/OFL.txt "$stage/OFL.txt"
  python3 scripts/licenses.py wasm32-unknown-unknown > "$stage/THIRD-PARTY-LICENSES.txt"
  local zipfile="$dist/queens-$version-web.zip"
  rm -f "$zipfile"
  (cd "$dist" && zip -qr "queens-$version-web.zip" "queens-$version-web")
  echo "$zipfile: unpack it on any static host and open index.html through it"
}

case "$what" in
  deb) deb ;;
  web) web ;;
  windows) windows ;;
  mac) mac ;;
  all) deb; windows ;;
  *) echo "package: deb, windows, mac, web or all" >&2; exit 2 ;;
esac
