//! The window holds one game (issue 31.2): a queens game and a small game go through the
//! same paths. Driven by kittest through accessible labels: one replace question that
//! counts the moves of whichever game is on screen, one Undo / Resign path, and the
//! queens-only tools (move values, hints, the analysis) read from the games table row of
//! the game on screen, so nothing runs on a queens game that is not shown.

use crate::ui_support;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::{App, Mode};
use ui_support::{click, first_free, frames, harness, settings, step_until};

/// Pastes `text` onto the board (Ctrl+V outside a text field).
fn paste(harness: &mut Harness<'_, App>, text: &str) {
    harness.event(egui::Event::Paste(text.into()));
    // The paste is read in the first frame, a question drawn in the next ones.
    frames(harness, 3);
}

/// Whether the replace question on screen counts `moves` moves.
fn asks_about(harness: &Harness<'_, App>, moves: &str) -> bool {
    let asked = format!(
        "The game on the board is not finished ({moves}) and not saved to a file. Save it \
         first, or discard it?"
    );
    harness.query_by_label(&asked).is_some()
}

#[test]
fn a_pasted_small_game_and_a_queens_game_share_one_replace_question_counting_the_game_on_screen() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    // The fresh queens game has no moves: the small game replaces it unasked.
    paste(&mut harness, "game=tictactoe moves=b2,a1,c3");
    assert!(!harness.state().replace_asked());
    assert_eq!(harness.state().current_ply(), 3);
    // A queens position in place of the small game: asked, counting its 3 moves.
    paste(&mut harness, "size=6 moves=a1");
    assert!(harness.state().replace_asked());
    assert!(
        asks_about(&harness, "3 moves"),
        "the question counts the small game"
    );
    click(&mut harness, "Discard it");
    assert!(harness.state().grid_game().is_none());
    assert_eq!(harness.state().board().game_string(), "size=6 moves=a1");
    // One more queen by a click on the board: the same click path as the small game's.
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    assert_eq!(harness.state().board().ply(), 2);
    // A small game in place of the queens game: asked, counting the queens moves;
    // Cancel keeps the queens game on screen and nothing else.
    paste(&mut harness, "game=dodgem");
    assert!(
        asks_about(&harness, "2 moves"),
        "the question counts the queens game"
    );
    click(&mut harness, "Cancel");
    assert!(!harness.state().replace_asked());
    assert!(harness.state().grid_game().is_none());
    assert_eq!(harness.state().board().ply(), 2);
    // Undo takes back the queens move through the one undo path.
    click(&mut harness, "Undo");
    assert_eq!(harness.state().current_ply(), 1);
}

#[test]
fn a_small_game_on_screen_runs_no_queens_tool_on_a_game_not_shown() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    paste(&mut harness, "game=tictactoe moves=b2");
    assert!(harness.state().grid_game().is_some());
    // Tic-tac-toe has an exact solver: its proved tools (issue 39), never queens' ones.
    let tools = harness.state().tools();
    assert!(tools.move_values() && tools.analysis());
    // Move values on: the small game's are proved, through the one job every game's
    // values go through, and of the position on screen (no queens board is valued).
    click(&mut harness, "View");
    click(
        &mut harness,
        "Move values on the board (heat map and best line)",
    );
    assert!(harness.state().settings().heat_map);
    step_until(&mut harness, "tic-tac-toe's values", |app| {
        app.move_values().is_some_and(|values| values.solved())
    });
    let values = harness.state().move_values();
    let values = values.as_ref().unwrap_or_else(|| panic!("no values"));
    assert_eq!(values.position, "game=tictactoe moves=b2");
    assert_eq!(values.moves.len(), 8);
    assert_eq!(values.proved_margin(), Some(0), "tic-tac-toe is a draw");
    // The analysis and a hint are the game's own, on the position on screen.
    assert!(harness.state().can_analyse());
    assert!(harness.state().can_hint());
    click(&mut harness, "Hint");
    step_until(&mut harness, "the hint", |app| {
        app.grid_game().is_some_and(|g| g.hint.is_some())
    });
    assert!(
        harness
            .state()
            .move_values()
            .is_some_and(|values| values.position == "game=tictactoe moves=b2"),
        "a hint leaves the values of the position on screen"
    );
    // Back to queens: the tools are the table's queens row again.
    paste(&mut harness, "size=5");
    click(&mut harness, "Discard it");
    assert!(harness.state().tools().move_values());
    assert!(harness.state().can_hint());
}
