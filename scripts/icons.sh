#!/usr/bin/env bash
# Renders assets/icon.svg (the source, drawn for this project) into the PNGs, the Windows
# .ico and the macOS .icns that the builds embed. The outputs are committed, so a build
# needs none of these tools; run this after changing the SVG.
#   needs: rsvg-convert (librsvg2-bin), icotool (icoutils), png2icns (icnsutils)
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/icons
mkdir -p "$out"
sizes=(16 24 32 48 64 128 192 256 512 1024)
for size in "${sizes[@]}"; do
  rsvg-convert --width "$size" --height "$size" assets/icon.svg --output "$out/queens-$size.png"
done
# Windows: the classic sizes as bitmaps and 256 px as PNG, as Windows 10/11 expects.
icotool --create --output "$out/queens.ico" \
  "$out/queens-16.png" "$out/queens-24.png" "$out/queens-32.png" "$out/queens-48.png" \
  "$out/queens-64.png" "$out/queens-128.png" --raw="$out/queens-256.png"
# macOS: an icon set up to 1024 px (512@2x), drawn on Apple's icon grid: the rounded
# square is 824 of 1024 px with a 100 px margin all round (the Dock and Finder draw every
# app's icon at that size; one that fills the canvas looks too big beside them). Our
# square is 976 px at 24 px, so the drawing is scaled by 824/976 about the centre.
mac=$(mktemp -d)
trap 'rm -rf "$mac"' EXIT
{
  echo '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">'
  echo '<g transform="translate(512 512) scale(0.844262295) translate(-512 -512)">'
  sed -e '/<svg /d' -e '/<\/svg>/d' assets/icon.svg
  echo '</g>'
  echo '</svg>'
} > "$mac/icon-mac.svg"
for size in 16 32 128 256 512 1024; do
  rsvg-convert --width "$size" --height "$size" "$mac/icon-mac.svg" --output "$mac/mac-$size.png"
done
png2icns "$out/queens.icns" "$mac/mac-16.png" "$mac/mac-32.png" "$mac/mac-128.png" \
  "$mac/mac-256.png" "$mac/mac-512.png" "$mac/mac-1024.png" >/dev/null
ls -l "$out"
