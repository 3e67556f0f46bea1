#!/usr/bin/env bash
# Renders assets/icon.svg (the source, drawn for this project) into the PNGs, the Windows
# .ico and the macOS .icns that the builds embed. The outputs are committed, so a build
# needs none of these tools; run this after changing the SVG.
#   needs: rsvg-convert (librsvg2-bin), icotool (icoutils), png2icns (icnsutils)
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/icons
mkdir -p "$out"
sizes=(16 24 32 48 64 128 256 512 1024)
for size in "${sizes[@]}"; do
  rsvg-convert --width "$size" --height "$size" assets/icon.svg --output "$out/queens-$size.png"
done
# Windows: the classic sizes as bitmaps and 256 px as PNG, as Windows 10/11 expects.
icotool --create --output "$out/queens.ico" \
  "$out/queens-16.png" "$out/queens-24.png" "$out/queens-32.png" "$out/queens-48.png" \
  "$out/queens-64.png" "$out/queens-128.png" --raw="$out/queens-256.png"
# macOS: an icon set up to 1024 px (512@2x).
png2icns "$out/queens.icns" "$out/queens-16.png" "$out/queens-32.png" "$out/queens-128.png" \
  "$out/queens-256.png" "$out/queens-512.png" "$out/queens-1024.png" >/dev/null
ls -l "$out"
