//! The `queens` command line.
