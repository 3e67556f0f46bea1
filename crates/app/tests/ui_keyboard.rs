//! Playing without a mouse (issue 19.17): Tab reaches the board, the arrow keys move its
//! cursor with the claims previewed as for a hovered cell, Enter plays; each cell is
//! found by its accessible name and says what it holds.

use crate::ui_support;

use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{Action, App, Language, Mode};
use queens_board::Cell;
use ui_support::{frames, harness, settings};

/// What the cell named `name` holds, as a screen reader reads it.
fn holds(harness: &Harness<'_, App>, name: &str) -> Option<String> {
    harness.get_by_label(name).value()
}

/// The board cell that has the keyboard, if any.
fn focused_cell(harness: &Harness<'_, App>) -> Option<String> {
    harness
        .query_all_by_label_contains("cell ")
        .find(|node| node.is_focused())
        .and_then(|node| node.accesskit_node().label())
}

fn empty_board(language: Language) -> Harness<'static, App> {
    let mut chosen = settings(Mode::HumanVsHuman, 8, 0);
    chosen.language = language;
    let (mut harness, dir) = harness(chosen);
    std::mem::forget(dir);
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, Action::PasteText("size=8 stones=b2".into()));
    frames(&mut harness, 3);
    harness
}

/// Presses Tab until a board cell has the keyboard (the board is one stop).
fn tab_to_board(harness: &mut Harness<'_, App>) -> String {
    for _ in 0..80 {
        if let Some(cell) = focused_cell(harness) {
            return cell;
        }
        harness.key_press(Key::Tab);
        frames(harness, 1);
    }
    panic!("Tab never reached the board");
}

#[test]
fn a_move_is_played_by_keys_alone() {
    let mut harness = empty_board(Language::English);
    assert_eq!(holds(&harness, "cell d4").as_deref(), Some("empty"));
    assert_eq!(holds(&harness, "cell b2").as_deref(), Some("stone"));

    assert_eq!(tab_to_board(&mut harness), "cell d4");
    harness.key_press(Key::ArrowRight);
    frames(&mut harness, 1);
    harness.key_press(Key::ArrowUp);
    frames(&mut harness, 2);
    assert_eq!(focused_cell(&harness).as_deref(), Some("cell e5"));
    // The arrows moved the cursor, not through the game's positions.
    assert_eq!(harness.state().reviewing(), None);
    // The same preview as under the mouse, in the status bar.
    assert!(
        harness
            .query_by_label_contains("e5: a queen here claims")
            .is_some(),
        "no preview for the keyboard's cell"
    );

    harness.key_press(Key::Enter);
    frames(&mut harness, 3);
    let board = harness.state().board();
    assert_eq!(board.ply(), 1);
    assert_eq!(
        board.history().last().map(|m| m.cell),
        Some(Cell::new(4, 4))
    );
    assert_eq!(
        holds(&harness, "cell e5").as_deref(),
        Some("queen of Player 1")
    );
    assert_eq!(
        holds(&harness, "cell e1").as_deref(),
        Some("claimed by Player 1")
    );

    // Space plays too, for the other side.
    harness.key_press(Key::ArrowLeft);
    frames(&mut harness, 1);
    harness.key_press(Key::ArrowLeft);
    frames(&mut harness, 1);
    harness.key_press(Key::ArrowUp);
    frames(&mut harness, 2);
    harness.key_press(Key::Space);
    frames(&mut harness, 3);
    assert_eq!(harness.state().board().ply(), 2);
    assert_eq!(
        holds(&harness, "cell c6").as_deref(),
        Some("queen of Player 2")
    );
}

#[test]
fn cells_say_what_they_hold_in_vietnamese() {
    let harness = empty_board(Language::Vietnamese);
    assert_eq!(holds(&harness, "cell d4").as_deref(), Some("trống"));
    assert_eq!(holds(&harness, "cell b2").as_deref(), Some("đá"));
}

/// Issue 32.11: the board is one key away (B), not some 16 Tabs.
#[test]
fn b_takes_the_keyboard_to_the_board() {
    let mut harness = empty_board(Language::English);
    assert_eq!(focused_cell(&harness), None);
    harness.key_press(Key::B);
    frames(&mut harness, 2);
    assert!(focused_cell(&harness).is_some(), "no cell has the keyboard");
}

/// Issue 32.11: the board is early in the Tab order: the first Tab from the start takes
/// the keyboard to it (it was some 16 Tabs away), and Tab from there goes on.
#[test]
fn the_first_tab_goes_to_the_board() {
    let mut harness = empty_board(Language::English);
    assert_eq!(focused_cell(&harness), None);
    harness.key_press(Key::Tab);
    frames(&mut harness, 2);
    assert_eq!(focused_cell(&harness).as_deref(), Some("cell d4"));
    harness.key_press(Key::Tab);
    frames(&mut harness, 2);
    assert_eq!(
        focused_cell(&harness),
        None,
        "the next Tab leaves the board"
    );
}
