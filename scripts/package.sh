#!/usr/bin/env bash
# Makes what a user downloads, into target/dist/:
#   bash scripts/package.sh deb      # queens_VERSION_amd64.deb (Debian/Ubuntu)
#   bash scripts/package.sh windows  # queens-VERSION-windows-x86_64.zip (both programs)
#   bash scripts/package.sh mac      # on a Mac: the app bundle (cargo-bundle)
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

deb() {
  bash scripts/setup.sh package
  cargo build --locked --profile "$profile" --bin queens
  local bin="target/$(profile_dir)/queens"
  local root="$dist/deb-root"
  rm -rf "$root"
  mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/applications" \
    "$root/usr/share/doc/queens" "$root/usr/share/icons/hicolor/scalable/apps"
  install -m 0755 "$bin" "$root/usr/bin/queens"
  strip --strip-all "$root/usr/bin/queens"
  install -m 0644 packaging/queens.desktop "$root/usr/share/applications/queens.desktop"
  for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$root/usr/share/icons/hicolor/${size}x${size}/apps"
    install -m 0644 "assets/icons/queens-$size.png" \
      "$root/usr/share/icons/hicolor/${size}x${size}/apps/queens.png"
  done
  install -m 0644 assets/icon.svg "$root/usr/share/icons/hicolor/scalable/apps/queens.svg"
  install -m 0644 README.md docs/rules.md docs/cli.md "$root/usr/share/doc/queens/"
  printf 'Queens & Stones %s\nLicense: MIT\nFont: Noto Sans, SIL Open Font License 1.1\n' \
    "$version" > "$root/usr/share/doc/queens/copyright"
  # The newest glibc symbol version the program uses is the libc6 it needs.
  local glibc
  glibc=$(objdump -T "$root/usr/bin/queens" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' \
    | sort -V | tail -n 1)
  local size_kb
  size_kb=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
  # winit and glow open these at run time (dlopen), so no tool finds them by itself.
  cat > "$root/DEBIAN/control" <<CONTROL
Package: queens
Version: $version
Architecture: amd64
Maintainer: Queens & Stones developers <queens@localhost>
Installed-Size: $size_kb
Depends: libc6 (>= $glibc), libgcc-s1, libgl1, libegl1, libgl1-mesa-dri, libxkbcommon0, libxkbcommon-x11-0, libx11-6, libxcursor1, libxrandr2, libxi6, libwayland-client0, libwayland-egl1
Recommends: xdg-desktop-portal | zenity
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
  local dir="target/$target/$(profile_dir)"
  local name="queens-$version-windows-x86_64"
  local stage="$dist/$name"
  rm -rf "$stage" "$dist/$name.zip"
  mkdir -p "$stage"
  for exe in queens queens-gui; do
    x86_64-w64-mingw32-strip --strip-all -o "$stage/$exe.exe" "$dir/$exe.exe"
  done
  sed 's/$/\r/' packaging/README-windows.txt > "$stage/README.txt"
  (cd "$dist" && zip -qr "$name.zip" "$name")
  rm -rf "$stage"
  echo "$dist/$name.zip ($(du -h "$dist/$name.zip" | cut -f1))"
}

mac() {
  if [ "$(uname -s)" != "Darwin" ]; then
    echo "package: the macOS bundle is built on a Mac (it needs Apple's SDK to link):" >&2
    echo "  cargo install cargo-bundle --locked && cargo bundle --release --bin queens-gui" >&2
    echo "  -> target/release/bundle/osx/Queens & Stones.app" >&2
    exit 2
  fi
  command -v cargo-bundle >/dev/null || cargo install cargo-bundle --locked
  cargo bundle --release --bin queens-gui
}

case "$what" in
  deb) deb ;;
  windows) windows ;;
  mac) mac ;;
  all) deb; windows ;;
  *) echo "package: deb, windows, mac or all" >&2; exit 2 ;;
esac
