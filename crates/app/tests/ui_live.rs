//! Move values while playing (View > "Move values on the board"), driven through
//! egui_kittest: on a small board every move's value is proved, and the window's values
//! equal the exact solver's, move by move.

use crate::ui_support;

use egui_kittest::kittest::Queryable;
use queens_app::Mode;
use queens_engines::ai::strong::{SolveSettings, solve_board};
use queens_engines::analysis::ValueKind;
use ui_support::{click, frames, harness, settings, step_until};

const TOGGLE: &str = "Move values on the board (heat map and best line)";

#[test]
fn the_move_values_of_a_small_board_are_the_solvers() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 4, 1));
    frames(&mut harness, 2);
    // Off by default: nothing is computed.
    assert!(!harness.state().settings().heat_map);
    assert!(harness.state().move_values().is_none());

    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    assert!(harness.state().settings().heat_map);
    step_until(&mut harness, "every move to be proved", |app| {
        app.move_values().is_some_and(|v| v.solved())
    });
    let board = harness.state().board().clone();
    let values = harness
        .state()
        .move_values()
        .unwrap_or_else(|| panic!("no values"));
    assert_eq!(values.position, board.game_string());
    assert_eq!(values.moves.len(), board.free().count() as usize);
    for value in &values.moves {
        let mut child = board.clone();
        child.do_move(cell(&value.mv));
        let proved = solve_board(&child, SolveSettings::default(), 4);
        assert_eq!(Some(value.margin), proved.margin, "{}", value.mv);
    }
    // The position's proved result is said in the panel.
    let root = solve_board(&board, SolveSettings::default(), 4);
    assert_eq!(values.margin(), root.margin);
    frames(&mut harness, 2);
    assert!(
        harness
            .query_all_by_label_contains("with best play (proven)")
            .count()
            >= 1
    );

    // A move: the values follow the new position.
    let best = values
        .best()
        .map(|b| b.mv.clone())
        .unwrap_or_else(|| panic!("no best"));
    click(&mut harness, &format!("cell {best}"));
    let after = harness.state().board().game_string();
    assert_ne!(after, board.game_string());
    step_until(&mut harness, "the new position's values", |app| {
        app.board().is_over() || app.move_values().is_some_and(|v| v.position == after)
    });

    // Off again: no values.
    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    frames(&mut harness, 2);
    assert!(harness.state().move_values().is_none());
}

/// Issue 19 (2): the side panel said a proven "7 cells ahead" beside the heat map's
/// estimated "5 cells ahead ... at depth 6", and on an empty board the heat map said 20
/// where the exact value was 35. A 12x12 board after a move has too many moves to prove
/// each, but the position itself is proved in a blink: every line then tells the proven
/// margin, and what is left of the estimates (the heat map's colours) says it is one.
#[test]
fn a_proven_margin_is_the_one_every_line_tells() {
    // After one move on 12x12 (an empty board is the opening book's, every move proved).
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 12, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    step_until(&mut harness, "the position to be proved", |app| {
        app.move_values()
            .is_some_and(|v| v.proved_margin().is_some())
    });
    frames(&mut harness, 2);
    let board = harness.state().board().clone();
    let exact = solve_board(&board, SolveSettings::default(), 16)
        .margin
        .unwrap_or_else(|| panic!("not solved"));
    let values = harness
        .state()
        .move_values()
        .unwrap_or_else(|| panic!("no values"));
    assert_eq!(values.margin(), Some(exact));
    assert_eq!(harness.state().known_margin(), Some(exact));
    // Before the first move the panel words it as the board's advantage (the opening
    // book's), after it as the final margin: either way this one figure, proven.
    let proven = [
        format!("{exact} cells ahead with best play (proven)"),
        format!("first player by {exact} cells with best play (proven)"),
    ];
    assert!(
        proven
            .iter()
            .any(|words| harness.query_all_by_label_contains(words).count() >= 1),
        "no line says {proven:?}"
    );
    // No line tells another "best play" figure.
    assert!(
        harness
            .query_all_by_label_contains("with best play (estimate")
            .next()
            .is_none(),
        "an estimate is told beside the proven margin"
    );
    // What is left of the estimates says it is one (the rounds of proofs replace them
    // with bounds and exact values as they come: there may be none left).
    let values = harness
        .state()
        .move_values()
        .unwrap_or_else(|| panic!("no values"));
    if values.counts().estimate > 0 {
        assert!(
            harness
                .query_by_label_contains("Move values: estimates at depth")
                .is_some()
        );
    }
    // The best line drawn is the proved one: its first move keeps the margin.
    let first = values.principal_variation()[0].clone();
    let mut child = board.clone();
    child.do_move(cell(&first));
    let after = solve_board(&child, SolveSettings::default(), 16).margin;
    assert_eq!(after, Some(exact));
}

/// A margin the analysis proved is told for that position while it is reviewed, the
/// same words as any other proof.
#[test]
fn the_analysis_proofs_are_told_while_reviewing() {
    let game = "size=5 stones=b2 moves=c3,a1,e2";
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness.get_by_label("game string").type_text(game);
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "the analysis to finish", |app| {
        !app.is_analysing()
    });
    click(&mut harness, "move 1");
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), Some(1));
    let shown = queens_board::Board::from_game_string(game)
        .unwrap_or_else(|e| panic!("{e}"))
        .at_ply(1);
    let exact = solve_board(&shown, SolveSettings::default(), 4)
        .margin
        .unwrap_or_else(|| panic!("not solved"));
    assert_eq!(harness.state().known_margin(), Some(exact));
    let proven = format!("{} cells ahead with best play (proven)", exact.abs());
    assert!(
        harness.query_all_by_label_contains(&proven).count() >= 1,
        "no line says {proven}"
    );
}

/// Issue 33.2: on a board too big to prove each move (15x15 after one move: 224), once
/// the position is proved its moves get proved bounds, and a bound is told as one: the
/// cell's accessible label and the side panel (the hovered cell) say "loses at least",
/// the progress line counts it apart from the proved moves, and Stop keeps the values.
#[test]
fn a_proved_bound_is_told_as_a_bound() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 15, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    step_until(&mut harness, "a move with a proved bound", |app| {
        app.move_values()
            .is_some_and(|v| v.moves.iter().any(|m| m.kind == ValueKind::Bound))
    });
    // Stop: the values stay as they are, so the ones read below are the ones drawn.
    click(&mut harness, "Stop valuing");
    step_until(&mut harness, "the move values to stop", |app| {
        !app.move_values_running()
    });
    frames(&mut harness, 2);
    let values = harness
        .state()
        .move_values()
        .unwrap_or_else(|| panic!("no values after Stop"));
    let bound = values
        .moves
        .iter()
        .find(|m| m.kind == ValueKind::Bound)
        .unwrap_or_else(|| panic!("no bound left"));
    let loss = values.loss(&bound.mv).unwrap_or_else(|| panic!("no loss"));
    assert!(loss > 0, "a bound that proves no loss: {bound:?}");
    let cell = format!("cell {}", bound.mv);
    let unit = if loss == 1 { "cell" } else { "cells" };
    let words = format!("loses at least {loss} {unit} against the best move (a proved bound");
    let said = harness.get_by_label(&cell).value().unwrap_or_default();
    assert!(said.contains(&words), "{cell} says {said:?}");
    // The side panel says the same of the hovered cell, never as if exact.
    harness.get_by_label(&cell).hover();
    frames(&mut harness, 2);
    assert!(
        harness
            .query_by_label_contains(&format!("{}: {words}", bound.mv))
            .is_some(),
        "the panel does not tell {cell}'s bound"
    );
    let counts = values.counts();
    let progress = format!(
        "Move values: {} of {} moves proved exactly, {} with a proved bound",
        counts.exact,
        values.moves.len(),
        counts.bound
    );
    assert!(
        harness.query_by_label_contains(&progress).is_some(),
        "no progress line {progress:?}"
    );
}

/// The cell of a queens move in notation (the values name moves as the game does).
fn cell(name: &str) -> queens_board::Cell {
    queens_board::Cell::parse(name).unwrap_or_else(|| panic!("{name} is no cell"))
}
