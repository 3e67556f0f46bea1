//! Search benchmarks (placeholder).
fn main() {}
