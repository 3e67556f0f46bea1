#!/usr/bin/env bash
# The whole check, as CI runs it: system packages, formatting, lints, the crates' trees,
# docs, every test of every crate of the workspace.
#   bash scripts/test.sh           # everything
#   bash scripts/test.sh --build   # all but docs and running the tests (CI's first half)
#   bash scripts/test.sh --run     # run the tests --build built (CI runs them beside its
#                                  # next builds, and docs beside the macOS check)
#   bash scripts/test.sh --no-gui  # the `queens` program without the window (the root's
#                                  # `gui` feature), linted, and its tests run against it
#
# Lints come with the build: clippy-driver, which `cargo clippy` runs as the compiler of
# the workspace's own crates, does that here in the real test build (RUSTC_WORKSPACE_WRAPPER;
# CLIPPY_ARGS is how cargo-clippy hands it `-D warnings`), so one pass lints every target
# (libraries, programs, tests, benchmarks, examples) and builds the tests. A separate
# `cargo clippy` type-checks every dependency once more: 148 s of a fresh 2-core run
# (BENCHMARKS.md, "CI in half the time"). A plain `cargo test` afterwards rebuilds our own
# crates once, since their compiler differs.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case "$mode" in
  all | --build | --run | --no-gui) ;;
  *) echo "test.sh: unknown option '$mode' (--build, --run, --no-gui)" >&2; exit 2 ;;
esac
bash scripts/setup.sh build
export CARGO_TERM_COLOR=never
source scripts/clippy-build.sh
timed() {
  local start
  start=$(date +%s)
  "$@"
  echo "   ($(( $(date +%s) - start )) s)"
}
# The wrapper must really deny warnings, or every lint below would pass unseen: a file
# with one warn-by-default lint has to fail.
lints_are_denied() {
  local probe
  probe=$(mktemp -d)
  printf 'fn one() -> i32 {\n    return 1;\n}\nfn main() {\n    one();\n}\n' > "$probe/probe.rs"
  if "$RUSTC_WORKSPACE_WRAPPER" rustc --edition 2024 --crate-type bin --crate-name probe \
      --emit=metadata -o "$probe/probe.rmeta" "$probe/probe.rs" 2>/dev/null; then
    rm -rf "$probe"
    echo "test.sh: clippy-driver let a warning pass with CLIPPY_ARGS=$CLIPPY_ARGS" >&2
    return 1
  fi
  rm -rf "$probe"
}
tests_run() {
  echo "== cargo test --workspace (run)"
  timed cargo test --workspace --lib --bins --tests --locked
}
docs() {
  echo "== cargo doc (a broken link, or a public page linking a private item, fails)"
  RUSTDOCFLAGS="-D warnings" timed cargo doc --workspace --no-deps --locked "$@"
}

if [ "$mode" = --no-gui ]; then
  lints_are_denied
  echo "== cargo test -p queens --no-default-features (linted)"
  cargo test -p queens --no-default-features --bins --tests --locked
  exit 0
fi
if [ "$mode" = --run ]; then
  tests_run
  exit 0
fi
echo "== cargo fmt --check"
cargo fmt --all --check
echo "== clippy-driver denies warnings"
lints_are_denied
echo "== cargo test --workspace --all-targets --no-run (linted: clippy -D warnings)"
# Every target of every crate is linted and built; the benchmarks are built in test mode
# and run by hand (BENCHMARKS.md), since running them optimised would double CI time.
timed cargo test --workspace --all-targets --no-run --locked
# The program without the window (docs/install.md, "Without the window"): only the root
# package has the `gui` feature, so only its programs need this second look.
echo "== cargo build -p queens --no-default-features --bins (linted)"
timed cargo build -p queens --no-default-features --bins --locked
echo "== the crates' trees (scripts/check-crates.sh)"
bash scripts/check-crates.sh
echo "== every pub function, constant and module is a neighbour's (scripts/check-public.py)"
python3 scripts/check-public.py
if [ "$mode" = --build ]; then
  exit 0
fi
docs
tests_run
