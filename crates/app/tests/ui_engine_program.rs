//! An engine program (docs/protocol.md) as a computer in the real window (issue 40.2),
//! driven by kittest through accessible labels: New game offers "An engine program…",
//! its command is typed or chosen as a file and remembered in the settings, a whole
//! game is played against the example alpha-beta engine with its search reported as
//! ours is, and an engine that goes wrong forfeits the game with the reason said.
//!
//! Unix only: the engines are Python and shell scripts, which the Windows build under
//! wine cannot start (the engine-process tests say the same).
#![cfg(unix)]

use crate::ui_support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::{App, Mode, Settings};
use queens_engines::games::seam::AnyGame;
use queens_store::Side;
use ui_support::{click, frames, harness, step_until};

use eframe::egui;

/// A file of the repository, by its absolute path.
fn repository_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The command that runs the example alpha-beta engine.
fn alphabeta_command() -> String {
    format!(
        "python3 {}",
        repository_file("examples/engine_alphabeta.py")
    )
}

/// Settings whose New game starts tic-tac-toe, the person first against the computer.
fn tic_tac_toe() -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = Mode::HumanVsComputer;
    settings.setup.table.table = Some("game=tictactoe".to_string());
    settings
}

fn position(harness: &Harness<'_, App>) -> Box<dyn AnyGame> {
    harness
        .state()
        .grid_game()
        .unwrap_or_else(|| panic!("no table game on screen"))
        .game
        .clone()
}

/// Opens New game, switches the computer to an engine program and types `command`.
fn choose_program(harness: &mut Harness<'_, App>, command: &str) {
    click(harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "An engine program…")
        .click();
    frames(harness, 2);
    harness
        .get_by_role_and_label(Role::TextInput, "Command")
        .focus();
    frames(harness, 1);
    harness
        .get_by_role_and_label(Role::TextInput, "Command")
        .type_text(command);
    frames(harness, 2);
}

/// Starts tic-tac-toe against the scripted fake engine in `mode` (tests/engines/) and
/// plays b2.
fn against_fake_engine(harness: &mut Harness<'_, App>, mode: &str) {
    frames(harness, 2);
    let fake = format!(
        "python3 {} {mode}",
        repository_file("tests/engines/fake_engine.py")
    );
    choose_program(harness, &fake);
    click(harness, "Start");
    click(harness, "square b2");
}

/// Waits until the computer has answered (or the game is over).
fn wait_for_program(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    step_until(harness, "the engine program's move", |app| {
        app.game_ended()
            || app
                .grid_game()
                .is_some_and(|game| !game.computer_to_move() && app.grid_thinking().is_none())
    });
    frames(harness, 2);
}

#[test]
fn a_whole_game_against_an_engine_program_is_played_reported_and_kept() {
    let (mut harness, dir) = harness(tic_tac_toe());
    frames(&mut harness, 2);
    let command = alphabeta_command();
    choose_program(&mut harness, &command);
    click(&mut harness, "Start");
    assert_eq!(position(&harness).tag(), "tictactoe");
    let mut answers = 0;
    while !harness.state().game_ended() {
        let free = position(&harness).legal_moves()[0].clone();
        click(&mut harness, &format!("square {free}"));
        wait_for_program(&mut harness);
        assert!(
            harness.state().resigned().is_none(),
            "{}",
            harness.state().status_text()
        );
        answers += 1;
    }
    let finished = position(&harness);
    // The engine searches the whole game (depth 9): X, playing the first free square,
    // never wins.
    assert_ne!(finished.result(), Some(Some(0)), "{finished}");
    assert!(answers >= 3, "{answers} answers");
    // Its info lines arrived as our engines' depths do.
    let (_, search) = harness
        .state()
        .grid_game()
        .and_then(|game| game.searched.clone())
        .unwrap_or_else(|| panic!("the program never answered"));
    assert!(!search.iterations.is_empty(), "{search:?}");
    assert!(!search.exact, "nothing a program says is a proof");
    // The player is named by its file, and the settings remember the program.
    let names = harness.state().player_names();
    assert!(names[1].contains("engine_alphabeta.py"), "{names:?}");
    let setup = &harness.state().settings().setup;
    assert_eq!(setup.program, command);
    assert_eq!(
        setup.table.engines[1].program.as_deref(),
        Some(command.as_str())
    );
    // The history keeps the game with the program as the computer's side.
    frames(&mut harness, 3);
    let (entries, bad) = queens_store::load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    let Side::Computer(engine) = &entries[0].game.settings.players[1] else {
        panic!("{:?}", entries[0].game.settings.players)
    };
    assert_eq!(engine.program.as_deref(), Some(command.as_str()));
}

/// Issue 40 with round five (nothing lost): a game against a program is autosaved with
/// the program's command, and Continue in a new window seats the program again, which
/// then answers the next move. (The saves' shape check refused the command at first.)
#[test]
fn a_game_against_a_program_is_continued_with_the_program() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut harness = ui_support::harness_in(tic_tac_toe(), dir.path());
    frames(&mut harness, 2);
    let command = alphabeta_command();
    choose_program(&mut harness, &command);
    click(&mut harness, "Start");
    click(&mut harness, "square b2");
    wait_for_program(&mut harness);
    assert_eq!(position(&harness).moves().len(), 2);
    let autosave = queens_store::autosave_path(dir.path());
    step_until(&mut harness, "the autosave", |_| autosave.exists());
    // The window is gone without any goodbye: the autosave keeps the program.
    drop(harness);
    let mut harness = ui_support::harness_in(Settings::default(), dir.path());
    frames(&mut harness, 2);
    click(&mut harness, "Continue");
    let Side::Computer(engine) = &harness.state().record().settings.players[1] else {
        panic!("{:?}", harness.state().record().settings.players)
    };
    assert_eq!(engine.program.as_deref(), Some(command.as_str()));
    let free = position(&harness).legal_moves()[0].clone();
    click(&mut harness, &format!("square {free}"));
    wait_for_program(&mut harness);
    assert_eq!(
        position(&harness).moves().len(),
        4,
        "{}",
        harness.state().status_text()
    );
    assert!(harness.state().resigned().is_none());
}

#[test]
fn an_engine_program_that_crashes_forfeits_the_game_with_the_reason() {
    let (mut harness, _dir) = harness(tic_tac_toe());
    against_fake_engine(&mut harness, "crash");
    wait_for_program(&mut harness);
    let app = harness.state();
    assert!(app.game_ended());
    assert_eq!(app.resigned(), Some(queens_board::Player::Two));
    let status = app.status_text();
    assert!(
        status.starts_with("Forfeit by Computer (fake_engine.py"),
        "{status}"
    );
    assert!(status.contains("crash"), "{status}");
    // The game-over window says why too.
    frames(&mut harness, 2);
    assert!(
        harness
            .query_by_label_contains("The engine program lost by forfeit: crashed")
            .is_some()
    );
}

#[test]
fn a_thinking_program_shows_its_search_live_and_move_now_stops_it() {
    let (mut harness, _dir) = harness(tic_tac_toe());
    against_fake_engine(&mut harness, "think");
    // Its `info depth 2 nodes 40` line is shown while it still thinks.
    step_until(&mut harness, "the program's info line", |app| {
        app.grid_thinking() == Some(40)
    });
    frames(&mut harness, 2);
    assert!(
        harness
            .query_by_label_contains("depth 2 · 40 nodes")
            .is_some()
    );
    click(&mut harness, "Move now");
    wait_for_program(&mut harness);
    let game = position(&harness);
    assert_eq!(
        game.moves(),
        ["b2", "a1"],
        "{}",
        harness.state().status_text()
    );
    assert!(harness.state().resigned().is_none());
}

#[test]
fn a_program_that_does_not_start_forfeits_and_an_empty_command_starts_nothing() {
    let (mut harness, _dir) = harness(tic_tac_toe());
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "An engine program…")
        .click();
    frames(&mut harness, 2);
    let id = harness.state().game_id();
    click(&mut harness, "Start");
    assert_eq!(harness.state().game_id(), id, "started with no command");
    let status = harness.state().status_text();
    assert!(status.contains("Type the program's command"), "{status}");
    harness
        .get_by_role_and_label(Role::TextInput, "Command")
        .focus();
    frames(&mut harness, 1);
    harness
        .get_by_role_and_label(Role::TextInput, "Command")
        .type_text("/no/such/engine --really");
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    click(&mut harness, "square b2");
    wait_for_program(&mut harness);
    let status = harness.state().status_text();
    assert_eq!(harness.state().resigned(), Some(queens_board::Player::Two));
    assert!(
        status.contains("did not start") || status.contains("could not start"),
        "{status}"
    );
}

#[test]
fn a_chosen_file_becomes_the_command_and_the_next_new_game_offers_it_again() {
    let (mut harness, _dir) = harness(tic_tac_toe());
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "An engine program…")
        .click();
    frames(&mut harness, 2);
    // No native dialog in the tests: the window's own path field asks.
    click(&mut harness, "Choose a file…");
    let file = repository_file("examples/engine_minimax.py");
    harness.get_by_label("file path").focus();
    frames(&mut harness, 1);
    harness.get_by_label("file path").type_text(&file);
    frames(&mut harness, 1);
    click(&mut harness, "OK");
    let expected = format!("python3 {file}");
    assert_eq!(
        harness.state().new_game_draft().table.engines[1]
            .program
            .as_deref(),
        Some(expected.as_str())
    );
    click(&mut harness, "Start");
    assert_eq!(harness.state().settings().setup.program, expected);
    // Back to the built-in engine, then to a program again: the file is offered again.
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "Built-in engine")
        .click();
    frames(&mut harness, 2);
    assert_eq!(
        harness.state().new_game_draft().table.engines[1].program,
        None
    );
    harness
        .get_by_role_and_label(Role::RadioButton, "An engine program…")
        .click();
    frames(&mut harness, 2);
    assert_eq!(
        harness.state().new_game_draft().table.engines[1]
            .program
            .as_deref(),
        Some(expected.as_str())
    );
}
