# Sourced by the scripts that build (test.sh, windows.sh, web-test.sh, .ci/run): our own
# crates are compiled by clippy-driver, the program `cargo clippy` runs as their compiler,
# with warnings as errors, so a real build lints them as it goes (test.sh says why).
# CLIPPY_ARGS is how cargo-clippy hands clippy-driver its flags; test.sh checks that a
# warning really fails.
RUSTC_WORKSPACE_WRAPPER=$(command -v clippy-driver) || {
  echo "clippy-driver not found: rustup component add clippy" >&2; exit 1; }
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
