//! Move values while playing (View > "Move values on the board"), driven through
//! egui_kittest: on a small board every move's value is proved, and the window's values
//! equal the exact solver's, move by move.

mod ui_support;

use egui_kittest::kittest::Queryable;
use queens::ai::strong::{SolveSettings, solve_board};
use queens::ui::Mode;
use ui_support::{click, frames, harness, settings, step_until};

const TOGGLE: &str = "Move values on the board (heat map and best line)";

#[test]
fn the_move_values_of_a_small_board_are_the_solvers() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 4, 1));
    frames(&mut harness, 2);
    // Off by default: nothing is computed.
    assert!(!harness.state().settings().heat_map);
    assert!(harness.state().live_values().is_none());

    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    assert!(harness.state().settings().heat_map);
    step_until(&mut harness, "every move to be proved", |app| {
        app.live_values().is_some_and(|v| v.solved())
    });
    let board = harness.state().board().clone();
    let values = harness
        .state()
        .live_values()
        .unwrap_or_else(|| panic!("no values"));
    assert_eq!(values.position, board.game_string());
    assert_eq!(values.moves.len(), board.free().count() as usize);
    for value in &values.moves {
        let mut child = board.clone();
        child.do_move(value.cell);
        let proved = solve_board(&child, SolveSettings::default(), 4);
        assert_eq!(Some(value.margin), proved.margin, "{}", value.cell);
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
        .map(|b| b.cell)
        .unwrap_or_else(|| panic!("no best"));
    click(&mut harness, &format!("cell {best}"));
    let after = harness.state().board().game_string();
    assert_ne!(after, board.game_string());
    step_until(&mut harness, "the new position's values", |app| {
        app.board().is_over() || app.live_values().is_some_and(|v| v.position == after)
    });

    // Off again: no values.
    click(&mut harness, "View");
    click(&mut harness, TOGGLE);
    frames(&mut harness, 2);
    assert!(harness.state().live_values().is_none());
}
