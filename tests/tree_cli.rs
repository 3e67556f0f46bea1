//! `queens tree --algo pvs` (NegaScout with its re-searches in the trace) and the
//! character position a refused tree is reported with.

use crate::common;

use common::{all_refused, json};
use serde_json::Value;

const THESIS_FIG_2_9: &str =
    "(((8 7 2)(9 1 6)(2 4 1)) ((1 3 5)(3 9 2)(6 5 2)) ((1 2 3)(9 7 2)(16 6 4)))";

fn events<'a>(out: &'a Value, kind: &str) -> Vec<&'a Value> {
    out["trace"]
        .as_array()
        .map(|trace| trace.iter().filter(|e| e["event"] == kind).collect())
        .unwrap_or_default()
}

#[test]
fn pvs_finds_the_thesis_value_and_shows_its_researches() {
    let out = json(&["tree", THESIS_FIG_2_9, "--algo", "pvs"]);
    assert_eq!(out["value"], 5);
    assert_eq!(out["best"], 1);
    let researches = out["researches"].as_u64().unwrap_or(0);
    assert!(researches >= 1, "{out}");
    assert_eq!(events(&out, "research").len() as u64, researches);
    // Every later child of an inner node is first tested with a null window.
    let tests = events(&out, "null_window");
    assert!(!tests.is_empty());
    for test in tests {
        assert_eq!(
            test["beta"].as_i64(),
            test["alpha"].as_i64().map(|a| a + 1),
            "{test}"
        );
    }
    // The middle branch is re-searched at the root's level (path [1]).
    assert!(
        events(&out, "research")
            .iter()
            .any(|e| e["path"] == serde_json::json!([1])),
        "{out}"
    );
    // "negascout" is another name for it.
    let alias = json(&["tree", THESIS_FIG_2_9, "--algo", "negascout"]);
    assert_eq!(alias, out);
}

#[test]
fn pvs_agrees_with_alphabeta_on_the_slides_and_a_min_root() {
    for (tree, root) in [("((3 12 8)(2 4 6)(14 5 2))", "max"), ("(3 -1 7)", "min")] {
        let pvs = json(&["tree", tree, "--root", root, "--algo", "pvs"]);
        let ab = json(&["tree", tree, "--root", root]);
        assert_eq!(pvs["value"], ab["value"], "{tree}");
        assert_eq!(pvs["best"], ab["best"], "{tree}");
        // The engine's answer has no re-search count.
        assert!(ab.get("researches").is_none());
    }
}

#[test]
fn a_bad_tree_is_refused_with_the_position_of_the_error() {
    all_refused(&[
        (&["tree", "(1 2 x)", "--algo", "pvs"], "'x' at position 5"),
        (
            &["tree", "((1 2)(3 4)", "--algo", "pvs"],
            "'(' at position 0 is never closed",
        ),
        (&["tree", "(1 2) 3"], "'3' at position 6"),
        (&["tree", "(1 (2) ())"], "empty node '()' at position 7"),
        (&["tree", "(1 2)", "--algo", "scout"], "'scout'"),
    ]);
}
