#!/usr/bin/env bash
# What each crate may have in its dependency tree (issue 42): the rules and the search
# know nothing of the window, the dialogs, the workbook or the command line, and nothing
# below the window pulls the window in. `cargo tree` reads Cargo.lock only: no build.
# Also: no `use` path reaches a crate that the crate's Cargo.toml does not name (cargo
# would refuse to build it anyway), so this checks the trees, not the code.
set -euo pipefail
cd "$(dirname "$0")/.."
window='eframe|egui|egui_extras|egui_plot|egui-winit|winit|rfd'
# crate: the packages its normal dependency tree must not hold (a regex of names).
checks=(
  "queens-board:$window|rust_xlsxwriter|clap|ron|web-time|queens-[a-z]+"
  "queens-engines:$window|rust_xlsxwriter|clap|indicatif|nix|queens-(programs|store|arena|cli|app)"
  "queens-programs:$window|rust_xlsxwriter|clap|indicatif|queens-(store|arena|cli|app)"
  "queens-store:$window|clap|indicatif|queens-(programs|arena|cli|app)"
  "queens-arena:$window|clap|indicatif|queens-(cli|app)"
  "queens-cli:$window|queens-app"
)
failed=0
for check in "${checks[@]}"; do
  crate=${check%%:*}
  banned=${check#*:}
  # Every target the crate is built for: this system, Windows, macOS and the browser.
  for target in x86_64-unknown-linux-gnu x86_64-pc-windows-gnu aarch64-apple-darwin wasm32-unknown-unknown; do
    if [ "$crate" = queens-cli ] && [ "$target" = wasm32-unknown-unknown ]; then continue; fi
    found=$(cargo tree --locked -p "$crate" -e normal --target "$target" --prefix none -f '{p}' |
      awk '{print $1}' | grep -v -x "$crate" | grep -E -x "$banned" | sort -u || true)
    if [ -n "$found" ]; then
      echo "$crate ($target) depends on: $(echo $found)" >&2
      failed=1
    fi
  done
  echo "$crate: none of $banned"
done
exit "$failed"
