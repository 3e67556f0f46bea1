#!/usr/bin/env bash
# Installs what the window needs (Debian/Ubuntu), builds an optimised binary and opens it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh window
cargo run --release --locked --bin queens -- "$@"
