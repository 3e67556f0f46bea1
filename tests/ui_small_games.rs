//! Tic-tac-toe and Dodgem in the real window (issue 20.3), driven by kittest through
//! accessible labels: New game picks the game, whole games are played by clicking
//! squares (and Dodgem's exit), undo / redo and review work as for queens, the finished
//! game goes to the history, a save opens again as the same game, the Tree Lab grows the
//! game's tree from the position on screen, and the window speaks Vietnamese.

#[path = "ui_support/mod.rs"]
mod ui_support;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens::games::play::{SmallKind, SmallPosition};
use queens::store::GameKind;
use queens::ui::{Action, App, Language, Mode, Settings};
use ui_support::{click, frames, harness, step_until};

/// Settings whose New game starts `kind` in `mode` (the person first).
fn small_settings(kind: SmallKind, mode: Mode) -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = mode;
    settings.setup.small.game = kind.into();
    settings
}

fn position(harness: &Harness<'_, App>) -> SmallPosition {
    harness
        .state()
        .small_game()
        .unwrap_or_else(|| panic!("no small game on screen"))
        .position
        .clone()
}

/// Carries out `action` as the window would after its dialog.
fn apply(harness: &mut Harness<'_, App>, action: Action) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, action);
    frames(harness, 3);
}

/// Clicks square `name` ("b2") of the small board.
fn square(harness: &mut Harness<'_, App>, name: &str) {
    click(harness, &format!("square {name}"));
}

/// Waits until the small game's computer has moved (or the game is over).
fn wait_for_small_computer(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    step_until(harness, "the small game's computer", |app| {
        app.small_game()
            .is_some_and(|game| !game.computer_to_move() && app.small_thinking().is_none())
    });
    frames(harness, 2);
}

#[test]
fn new_game_picks_tic_tac_toe_and_a_whole_game_against_alpha_beta_ends_in_the_history() {
    let (mut harness, dir) = harness(Settings::default());
    frames(&mut harness, 2);
    assert!(harness.state().small_game().is_none(), "queens first");
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "Tic-tac-toe")
        .click();
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    assert_eq!(position(&harness).kind(), SmallKind::TicTacToe);
    // The person (X) plays the first free square in the engine's own order each turn;
    // the full-depth alpha-beta answers.
    while !harness.state().game_ended() {
        let free = position(&harness)
            .legal_moves()
            .first()
            .map(ToString::to_string)
            .unwrap_or_else(|| panic!("no move left in an unfinished game"));
        square(&mut harness, &free);
        wait_for_small_computer(&mut harness);
    }
    let finished = position(&harness);
    // A perfect O never loses: X's best is a draw.
    assert_ne!(finished.result(), Some(Some(0)), "{finished}");
    let search = harness
        .state()
        .small_search()
        .unwrap_or_else(|| panic!("the computer never searched"));
    assert!(search.exact, "a 9-ply alpha-beta reaches every game's end");
    // The move list lists every move; a click on the first reviews it.
    click(&mut harness, &format!("1. {}", finished.moves()[0]));
    assert_eq!(harness.state().reviewing(), Some(1));
    apply(&mut harness, Action::BackToGame);
    assert_eq!(harness.state().reviewing(), None);
    // Finished: it went to the history, as a tic-tac-toe game.
    frames(&mut harness, 3);
    let (entries, bad) = queens::store::load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].game.kind, GameKind::TicTacToe);
    assert_eq!(entries[0].game.moves.len(), finished.ply());
}

#[test]
fn the_tree_lab_grows_the_tree_of_the_position_on_screen() {
    let (mut harness, _dir) = harness(small_settings(SmallKind::TicTacToe, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    square(&mut harness, "b2");
    click(&mut harness, "Open in the Tree Lab");
    let lab = harness.state().tree_lab();
    assert!(lab.open);
    assert_eq!(lab.grow.position, ".../.x./...");
    assert!(lab.grow.error.is_none(), "{:?}", lab.grow.error);
    // Two plies from b2 with O to move: 8 replies, 7 answers each.
    assert_eq!(lab.model.tree.leaf_count(), 8 * 7);
}

#[test]
fn the_small_games_speak_vietnamese() {
    let mut settings = small_settings(SmallKind::TicTacToe, Mode::HumanVsHuman);
    settings.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Cờ ca-rô 3x3").is_some());
    square(&mut harness, "a1");
    let status = harness.state().status_text();
    assert!(status.contains("đi a1"), "{status}");
    // The square's value is read out in Vietnamese.
    let value = harness.get_by_label("square b2").value();
    assert_eq!(value.as_deref(), Some("trống"));
}
