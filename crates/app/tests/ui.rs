//! The window driven through egui_kittest by its accessible labels, as a user would: no
//! GPU, no display, no image snapshots.

use crate::ui_support;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use egui_kittest::kittest::Queryable;
use queens_app::{App, Language, Mode, Preset, Settings};
use queens_board::{CellState, Player};
use queens_engines::ai::EngineKind;
use std::path::Path;
use ui_support::{
    click, double_click, first_free, frames, harness, harness_in, open_history, settings,
    step_until, wait_for_computer,
};

#[test]
fn start_a_human_game_and_a_click_scores() {
    let (mut harness, _dir) = harness(Settings::default());
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    assert!(harness.state().new_game_open());
    click(&mut harness, "Human vs Human");
    click(&mut harness, "Start");
    let state = harness.state();
    assert!(!state.new_game_open());
    assert_eq!(state.board().ply(), 0);
    let cell = first_free(state.board());
    click(&mut harness, &cell);
    let board = harness.state().board();
    assert_eq!(board.ply(), 1);
    assert!(board.score(Player::One) > 0);
    assert!(harness.state().status_text().contains("played"));
}

#[test]
fn clicking_a_taken_cell_changes_nothing_and_says_why() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    let before = harness.state().board().clone();
    click(&mut harness, "cell c3");
    assert_eq!(*harness.state().board(), before);
    let status = harness.state().status_text();
    assert!(
        status.contains("c3") && status.contains("queen"),
        "{status}"
    );
    click(&mut harness, "cell c5");
    assert_eq!(*harness.state().board(), before);
    assert!(harness.state().status_text().contains("controlled"));
}

#[test]
fn a_whole_game_against_the_computer() {
    let mut settings = settings(Mode::HumanVsComputer, 5, 2);
    settings.setup.engines[1] = Preset::Medium.engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    let mut turns = 0;
    while !harness.state().board().is_over() {
        turns += 1;
        assert!(turns < 30, "the game did not end");
        let cell = first_free(harness.state().board());
        click(&mut harness, &cell);
        wait_for_computer(&mut harness);
    }
    let board = harness.state().board();
    assert_eq!(board.score(Player::One) + board.score(Player::Two), 25 - 2);
    assert!(board.ply() >= 2);
    assert!(
        harness.query_all_by_label_contains("Game over").count() > 0,
        "no game-over banner"
    );
}

#[test]
fn undo_takes_back_the_pair_and_redo_replays_it() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsComputer, 7, 3));
    frames(&mut harness, 2);
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    wait_for_computer(&mut harness);
    assert_eq!(harness.state().board().ply(), 2);
    click(&mut harness, "Undo");
    assert_eq!(harness.state().board().ply(), 0);
    assert!(!harness.state().is_thinking());
    click(&mut harness, "Redo");
    assert_eq!(harness.state().board().ply(), 2);
    // The shortcuts do the same.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().ply(), 0);
    // Cmd+Shift+Z (Ctrl+Shift+Z) redoes, as Mac users expect; it is not an undo.
    harness.key_press_modifiers(
        egui::Modifiers::COMMAND.plus(egui::Modifiers::SHIFT),
        egui::Key::Z,
    );
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().ply(), 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().ply(), 2, "nothing more to redo");
}

#[test]
fn switching_to_vietnamese_translates_and_renders_the_window() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    frames(&mut harness, 2);
    click(&mut harness, "View");
    click(&mut harness, "Tiếng Việt");
    assert_eq!(harness.state().settings().language, Language::Vietnamese);
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Ván mới").is_some());
    // The strings drawn here must have their glyphs: epaint panics on a missing one while
    // laying out (seen: "No glyph for ..."). Every string, drawn or not, is checked
    // against the fonts directly in crates/app/tests/ui_look.rs.
    click(&mut harness, "Trợ giúp");
    click(&mut harness, "Luật chơi");
    click(&mut harness, "cell a1");
    click(&mut harness, "cell a1");
    assert!(harness.state().status_text().contains("hậu"));
    click(&mut harness, "Ván mới");
    click(&mut harness, "Máy với máy");
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Bắt đầu").is_some());
}

#[test]
fn a_bad_pasted_position_is_explained_and_changes_nothing() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    frames(&mut harness, 2);
    click(&mut harness, "cell d4");
    let before = harness.state().board().clone();
    let id = harness.state().game_id();
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness
        .get_by_label("game string")
        .type_text("size=8 moves=c3,zz");
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    assert_eq!(*harness.state().board(), before);
    assert_eq!(harness.state().game_id(), id);
    let status = harness.state().status_text();
    assert!(status.contains("'zz'"), "{status}");
}

#[test]
fn a_good_pasted_position_is_loaded() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness
        .get_by_label("game string")
        .type_text("size=4 moves=b2,d3,a4");
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    let board = harness.state().board();
    assert_eq!(
        (board.score(Player::One), board.score(Player::Two)),
        (13, 3)
    );
    assert!(harness.query_all_by_label_contains("Game over").count() > 0);
}

#[test]
fn a_pasted_link_to_a_position_is_loaded() {
    // The browser build's address bar carries the game string URL-encoded after '#'.
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness
        .get_by_label("game string")
        .type_text("http://127.0.0.1:8080/#size%3D4%20moves%3Db2%2Cd3%2Ca4");
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    let board = harness.state().board();
    assert_eq!(board.game_string(), "size=4 moves=b2,d3,a4");
}

fn long_search_settings() -> Settings {
    let mut settings = settings(Mode::HumanVsComputer, 15, 10);
    settings.setup.human_first = false;
    settings.setup.engines[0] = ui_support::minute_long_engine();
    settings
}

#[test]
fn a_long_search_can_be_cancelled_and_the_window_stays_responsive() {
    let (mut harness, _dir) = harness(long_search_settings());
    frames(&mut harness, 3);
    assert!(harness.state().is_thinking());
    // Frames keep coming while the engine works: had a frame waited for the search
    // (a depth-20 search of a 15x15 board), it would be over after them.
    frames(&mut harness, 20);
    assert!(harness.state().is_thinking());
    click(&mut harness, "Cancel");
    assert!(!harness.state().is_thinking());
    assert!(harness.state().is_paused());
    assert_eq!(harness.state().board().ply(), 0);
    // A click on the board while paused says so, and how to go on.
    click(&mut harness, "cell a1");
    let status = harness.state().status_text();
    assert!(
        status.contains("paused") && status.contains("Resume") && !status.contains("thinking"),
        "{status}"
    );
    click(&mut harness, "Resume computer");
    // The cancelled search hands its engine back first (a state, not a deadline).
    step_until(&mut harness, "the search again", App::is_thinking);
}

#[test]
fn move_now_plays_the_best_move_found_so_far() {
    let (mut harness, _dir) = harness(long_search_settings());
    frames(&mut harness, 3);
    // Even before a depth is complete, the answer is a legal move (depth 1 always ends).
    click(&mut harness, "Move now");
    wait_for_computer(&mut harness);
    let board = harness.state().board();
    assert_eq!(board.ply(), 1);
    let last = board.last_move().unwrap_or_else(|| panic!("no move"));
    assert_eq!(board.cell_state(last), Some(CellState::Queen(Player::One)));
}

#[test]
fn a_new_game_during_a_search_stops_the_search() {
    let (mut harness, _dir) = harness(long_search_settings());
    frames(&mut harness, 3);
    assert!(harness.state().is_thinking());
    let old_id = harness.state().game_id();
    // Start a new game while the computer thinks: its search must go with the old game.
    click(&mut harness, "New game");
    click(&mut harness, "Human vs Human");
    click(&mut harness, "Start");
    // Its job (and the channel its answer would come by) is gone with the old game: a
    // search left running would still be the window's job here. (Its answer could not
    // land in time to be seen: this search runs for minutes. That an answer which
    // still came is refused by its tag is the unit test
    // an_answer_for_another_game_is_dropped in crates/app/src/app/tests.rs.)
    assert!(!harness.state().is_thinking());
    frames(&mut harness, 3);
    assert_ne!(harness.state().game_id(), old_id);
    assert_eq!(harness.state().board().ply(), 0);
    assert!(!harness.state().is_thinking());
}

#[test]
fn reviewing_an_earlier_move_is_read_only() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    click(&mut harness, "cell b3");
    // Anywhere on the row of move 1: here its cell, not its number.
    click(&mut harness, "a1");
    assert_eq!(harness.state().reviewing(), Some(1));
    let before = harness.state().board().clone();
    click(&mut harness, "cell f6");
    assert_eq!(*harness.state().board(), before);
    click(&mut harness, "Back to game");
    assert_eq!(harness.state().reviewing(), None);
}

#[test]
fn review_shows_the_reviewed_scores_and_turn_and_steps_by_keys_and_buttons() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    click(&mut harness, "cell b3");
    let one = harness.state().board().at_ply(1).score(Player::One);
    assert!(harness.query_by_label("Score 0").is_none());
    harness.key_press(egui::Key::ArrowLeft);
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), Some(1));
    // The cards and the turn line are those of the position after move 1.
    assert!(harness.query_by_label("Score 0").is_some());
    assert!(harness.query_by_label(&format!("Score {one}")).is_some());
    assert!(
        harness
            .query_by_label("Position after move 1 of 2: Player 2 to move")
            .is_some()
    );
    assert!(harness.state().status_text().contains("Reviewing"));
    harness.key_press(egui::Key::Home);
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), Some(0));
    harness.key_press(egui::Key::ArrowRight);
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), Some(1));
    harness.key_press(egui::Key::End);
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), None);
    // The buttons do the same.
    click(&mut harness, "|<");
    assert_eq!(harness.state().reviewing(), Some(0));
    click(&mut harness, ">");
    click(&mut harness, ">");
    assert_eq!(harness.state().reviewing(), None);
    click(&mut harness, "<");
    assert_eq!(harness.state().reviewing(), Some(1));
    click(&mut harness, ">|");
    assert_eq!(harness.state().reviewing(), None);
}

#[test]
fn a_hint_shows_a_free_cell() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 2));
    frames(&mut harness, 2);
    click(&mut harness, "Hint");
    wait_for_computer(&mut harness);
    let hint = harness.state().hint().unwrap_or_else(|| panic!("no hint"));
    assert!(harness.state().board().free().contains(hint));
    assert!(harness.state().status_text().contains(&hint.to_string()));
}

#[test]
fn computers_play_each_other_to_the_end() {
    let mut settings = settings(Mode::ComputerVsComputer, 4, 0);
    settings.setup.watch_delay_ms = 0;
    settings.setup.engines = [Preset::Beginner.engine(), Preset::Easy.engine()];
    let (mut harness, _dir) = harness(settings);
    // Two computers at start wait for Resume computer (issue 38).
    click(&mut harness, "Resume computer");
    step_until(&mut harness, "the end of the game", |app| {
        app.board().is_over()
    });
    frames(&mut harness, 2);
    // Every move the computers made is in the record, the game is over by the rules, and
    // the summary names the side the scores make the winner.
    let app = harness.state();
    let board = app.board();
    assert_eq!(app.record().moves.len(), board.ply());
    assert!(app.record().is_finished());
    assert!(app.summary_shown());
    let (one, two) = (board.score(Player::One), board.score(Player::Two));
    let expected = match one.cmp(&two) {
        std::cmp::Ordering::Greater => Some(Player::One),
        std::cmp::Ordering::Less => Some(Player::Two),
        std::cmp::Ordering::Equal => None,
    };
    assert_eq!(app.winner(), expected, "{one} : {two}");
}

#[test]
fn the_theme_and_view_options_switch() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    click(&mut harness, "View");
    click(&mut harness, "Dark theme");
    assert!(harness.state().settings().dark);
    click(&mut harness, "View");
    click(&mut harness, "Show coordinates");
    assert!(!harness.state().settings().show_coordinates);
}

#[test]
fn ctrl_n_opens_the_new_game_panel_and_close_keeps_the_game() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    frames(&mut harness, 2);
    assert!(harness.state().new_game_open());
    click(&mut harness, "Close");
    assert!(!harness.state().new_game_open());
    assert_eq!(harness.state().board().ply(), 1);
}

/// Plays the first free cell until the game is over (a game between two people).
fn play_to_the_end(harness: &mut Harness<'_, App>) {
    let mut turns = 0;
    while !harness.state().board().is_over() {
        turns += 1;
        assert!(turns < 60, "the game did not end");
        let cell = first_free(harness.state().board());
        click(harness, &cell);
    }
}

#[test]
fn save_as_then_open_restores_the_game_and_ctrl_s_saves_again() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 2));
    frames(&mut harness, 2);
    for _ in 0..2 {
        let cell = first_free(harness.state().board());
        click(&mut harness, &cell);
    }
    let saved_board = harness.state().board().clone();
    click(&mut harness, "Game");
    // A menu item with a shortcut is labelled with its shortcut too.
    harness.get_by_label_contains("Save as…").click();
    frames(&mut harness, 3);
    // No native dialog in tests: the window's own path field, prefilled in the folder.
    click(&mut harness, "OK");
    let path = harness
        .state()
        .save_path()
        .unwrap_or_else(|| panic!("not saved: {}", harness.state().status_text()))
        .to_path_buf();
    assert!(path.starts_with(dir.path()) && path.exists());
    assert!(harness.state().status_text().contains("saved"));
    // Another move, then open the file: the two-move game comes back.
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    let id = harness.state().game_id();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    let name = path
        .file_name()
        .unwrap_or_else(|| panic!("no name"))
        .to_string_lossy()
        .into_owned();
    // A click selects a listed save, a double click opens it.
    double_click(&mut harness, &name);
    // The third move is not saved: the window asks first.
    click(&mut harness, "Discard it");
    assert_eq!(*harness.state().board(), saved_board);
    assert_ne!(harness.state().game_id(), id);
    assert_eq!(harness.state().save_path(), Some(path.as_path()));
    // Ctrl+S writes to the same file without asking.
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    frames(&mut harness, 2);
    let loaded = queens_store::load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.board.ply(), 3);
}

#[test]
fn a_corrupt_save_is_explained_and_changes_nothing() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    std::fs::write(
        dir.path().join("bad.ron"),
        "(version: 1, moves: [(cell: \"zz\"",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    let before = harness.state().board().clone();
    let id = harness.state().game_id();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    double_click(&mut harness, "bad.ron");
    assert_eq!(*harness.state().board(), before);
    assert_eq!(harness.state().game_id(), id);
    let status = harness.state().status_text();
    assert!(
        status.contains("Cannot open") && status.contains("bad.ron"),
        "{status}"
    );
}

#[test]
fn a_move_is_autosaved_and_continued_in_a_new_window() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut first = settings(Mode::HumanVsComputer, 6, 2);
    first.setup.engines[1] = Preset::Medium.engine();
    let mut harness = harness_in(first, dir.path());
    frames(&mut harness, 2);
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    wait_for_computer(&mut harness);
    let board = harness.state().board().clone();
    assert_eq!(board.ply(), 2);
    assert!(queens_store::autosave_path(dir.path()).exists());
    // The window is gone without any goodbye (as if killed): the autosave remains.
    drop(harness);
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 8, 0), dir.path());
    frames(&mut harness, 2);
    assert!(harness.state().continue_offered());
    click(&mut harness, "Continue");
    assert!(!harness.state().continue_offered());
    assert_eq!(*harness.state().board(), board);
    // The seats come from the save: the computer still plays P2.
    assert!(
        harness.state().record().settings.players[1]
            .engine()
            .is_some()
    );
    assert!(harness.state().status_text().contains("Continuing"));
}

#[test]
fn a_finished_game_is_in_the_history_once_and_can_be_opened() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 4, 0));
    frames(&mut harness, 2);
    play_to_the_end(&mut harness);
    // The autosave keeps the finished game (the next start shows it, never offers it).
    assert!(autosave_is_finished(dir.path()));
    // Taking back the last move and playing it again is the same game.
    click(&mut harness, "Undo");
    click(&mut harness, "Redo");
    let (entries, bad) = queens_store::load_history(dir.path());
    assert_eq!((entries.len(), bad.len()), (1, 0));
    std::fs::write(dir.path().join("history").join("broken.ron"), "(((")
        .unwrap_or_else(|e| panic!("{e}"));
    open_history(&mut harness);
    assert!(harness.query_by_label("Match history").is_some());
    assert!(harness.query_by_label("1 of 1 game").is_some());
    assert!(
        harness
            .query_by_label("1 damaged file(s) skipped:")
            .is_some()
    );
    assert!(harness.query_by_label("4x4").is_some());
    let id = harness.state().game_id();
    click(&mut harness, "Open");
    assert_ne!(harness.state().game_id(), id);
    assert!(harness.state().board().is_over());
    assert!(harness.state().status_text().contains("history"));
    // Opening it did not add it again.
    assert_eq!(queens_store::load_history(dir.path()).0.len(), 1);
}

#[test]
fn the_history_exports_to_a_workbook() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 3, 0));
    frames(&mut harness, 2);
    play_to_the_end(&mut harness);
    click(&mut harness, "Game");
    click(&mut harness, "Export history to Excel…");
    click(&mut harness, "OK");
    step_until(&mut harness, "the export", |app| !app.is_exporting());
    let path = dir.path().join("history.xlsx");
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    assert!(size > 0, "no workbook at {}", path.display());
    let status = harness.state().status_text();
    assert!(status.contains("Exported 1 game"), "{status}");
}

/// Issue 19 (16): a Vietnamese window exports its workbook with Vietnamese sheet names.
#[test]
fn a_vietnamese_window_names_the_sheets_in_vietnamese() {
    use calamine::Reader;
    let mut settings = settings(Mode::HumanVsHuman, 3, 0);
    settings.language = Language::Vietnamese;
    let (mut harness, dir) = harness(settings);
    frames(&mut harness, 2);
    play_to_the_end(&mut harness);
    click(&mut harness, "Trò chơi");
    click(&mut harness, "Xuất lịch sử ra Excel…");
    click(&mut harness, "Đồng ý");
    step_until(&mut harness, "the export", |app| !app.is_exporting());
    let path = dir.path().join("history.xlsx");
    let book: calamine::Xlsx<_> =
        calamine::open_workbook(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        book.sheet_names(),
        ["Trận đấu", "Nước đi", "Tổng kết", "Người chơi"]
    );
}

/// A game of two people with one move played, in `dir`, then the window dropped (as if
/// killed): its autosave is left behind.
fn leave_an_autosave(dir: &Path) -> Vec<u8> {
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir);
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    assert_eq!(harness.state().board().ply(), 1);
    drop(harness);
    std::fs::read(queens_store::autosave_path(dir)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn while_the_autosave_is_offered_the_board_and_shortcuts_change_nothing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let before = leave_an_autosave(dir.path());
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    frames(&mut harness, 2);
    assert!(harness.state().continue_offered());
    // A click on the board, Ctrl+N and Ctrl+O: the offer stays, nothing is written.
    harness.get_by_label("cell a1").click();
    frames(&mut harness, 3);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 3);
    assert_eq!(harness.state().board().ply(), 0);
    assert!(!harness.state().new_game_open());
    assert!(harness.state().continue_offered());
    let after = std::fs::read(queens_store::autosave_path(dir.path()));
    assert_eq!(after.ok(), Some(before));
    // The player chooses: Discard removes it, and the board plays again.
    click(&mut harness, "Discard");
    assert!(!harness.state().continue_offered());
    assert!(!queens_store::autosave_path(dir.path()).exists());
    click(&mut harness, "cell a1");
    assert_eq!(harness.state().board().ply(), 1);
}

#[test]
fn a_new_game_asks_before_replacing_an_unfinished_one() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    let played = harness.state().board().clone();
    let start_new = |harness: &mut Harness<'_, App>| {
        click(harness, "New game");
        click(harness, "Start");
    };
    // Cancel keeps the game and its autosave.
    start_new(&mut harness);
    assert!(harness.state().replace_asked());
    assert_eq!(*harness.state().board(), played);
    click(&mut harness, "Cancel");
    assert!(!harness.state().replace_asked());
    assert_eq!(*harness.state().board(), played);
    assert!(queens_store::autosave_path(dir.path()).exists());
    // Save it first: the game goes to a new file in the saves folder, then the new game.
    start_new(&mut harness);
    click(&mut harness, "Save it first");
    assert_eq!(harness.state().board().ply(), 0);
    let saves = queens_store::list_saves(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saves.len(), 1, "{saves:?}");
    let saved = queens_store::load_from(&saves[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.board, played);
    let status = harness.state().status_text();
    assert!(
        status.contains("saved") && status.contains("New game"),
        "{status}"
    );
    // Discard: no question's trace, the new game is on.
    click(&mut harness, "cell c3");
    start_new(&mut harness);
    click(&mut harness, "Discard it");
    assert_eq!(harness.state().board().ply(), 0);
    assert!(!harness.state().replace_asked());
}

#[test]
fn a_game_equal_to_its_file_is_replaced_without_asking() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    frames(&mut harness, 2);
    click(&mut harness, "OK");
    assert!(harness.state().save_path().is_some());
    click(&mut harness, "New game");
    click(&mut harness, "Start");
    assert!(!harness.state().replace_asked());
    assert_eq!(harness.state().board().ply(), 0);
}

#[test]
fn opening_a_history_game_asks_first_and_cancel_keeps_the_autosave() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 3, 0));
    frames(&mut harness, 2);
    play_to_the_end(&mut harness);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    click(&mut harness, "cell a1");
    let autosave = queens_store::autosave_path(dir.path());
    let before = std::fs::read(&autosave).unwrap_or_else(|e| panic!("{e}"));
    open_history(&mut harness);
    click(&mut harness, "Open");
    assert!(harness.state().replace_asked());
    click(&mut harness, "Cancel");
    assert_eq!(harness.state().board().ply(), 1);
    assert_eq!(std::fs::read(&autosave).ok(), Some(before));
}

#[test]
fn a_damaged_autosave_is_moved_aside_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let autosave = queens_store::autosave_path(dir.path());
    std::fs::write(&autosave, "garbage").unwrap_or_else(|e| panic!("{e}"));
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    frames(&mut harness, 2);
    let moved: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("autosave.damaged-"))
        })
        .collect();
    assert_eq!(moved.len(), 1);
    let status = harness.state().status_text();
    let name = moved[0]
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    assert!(name.is_some_and(|n| status.contains(&n)), "{status}");
    // Play, start again, quit: the damaged file is untouched throughout.
    click(&mut harness, "cell c3");
    assert!(autosave.exists());
    click(&mut harness, "New game");
    click(&mut harness, "Start");
    click(&mut harness, "Discard it");
    drop(harness);
    assert_eq!(
        std::fs::read_to_string(&moved[0]).ok().as_deref(),
        Some("garbage")
    );
}

#[cfg(unix)]
fn make_fifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_named_autosave_or_in_the_history_does_not_freeze_the_window() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    make_fifo(&queens_store::autosave_path(dir.path()));
    std::fs::create_dir(dir.path().join("history")).unwrap_or_else(|e| panic!("{e}"));
    make_fifo(&dir.path().join("history").join("stuck.ron"));
    // harness_in waits for the autosave check: it ends, the FIFO is not opened.
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    frames(&mut harness, 2);
    let status = harness.state().status_text();
    assert!(status.contains("not a regular file"), "{status}");
    // The history loads off the window's thread: frames and moves go on meanwhile.
    click(&mut harness, "Game");
    click(&mut harness, "History…");
    click(&mut harness, "cell c3");
    assert_eq!(harness.state().board().ply(), 1);
}

#[test]
fn undo_is_off_when_only_the_computer_has_moved() {
    let mut settings = settings(Mode::HumanVsComputer, 5, 0);
    settings.setup.human_first = false;
    settings.setup.engines[0] = Preset::Beginner.engine();
    let (mut harness, _dir) = harness(settings);
    wait_for_computer(&mut harness);
    assert_eq!(harness.state().board().ply(), 1);
    assert!(!harness.state().can_undo());
    // The Game menu's Undo is greyed out too.
    click(&mut harness, "Game");
    assert!(harness.get_by_label("Undo").accesskit_node().is_disabled());
    harness.key_press(egui::Key::Escape);
    frames(&mut harness, 2);
    // Ctrl+Z says so; the computer's move stays and it does not think again.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    frames(&mut harness, 3);
    assert_eq!(harness.state().board().ply(), 1);
    assert!(!harness.state().is_thinking());
    assert!(harness.state().status_text().contains("Nothing to undo"));
    // After the human's move, Undo takes it back (and the computer's reply, if any).
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    assert!(harness.state().can_undo());
}

/// The rectangle of the node labelled `label`.
fn rect_of(harness: &Harness<'_, App>, label: &str) -> egui::Rect {
    harness.get_by_label(label).rect()
}

#[test]
fn the_game_over_summary_does_not_move_the_board_and_offers_what_next() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 3, 0));
    frames(&mut harness, 2);
    let before = rect_of(&harness, "cell a1");
    play_to_the_end(&mut harness);
    frames(&mut harness, 2);
    assert!(harness.state().summary_shown());
    assert_eq!(rect_of(&harness, "cell a1"), before);
    let board = harness.state().board().clone();
    for player in [Player::One, Player::Two] {
        let line = format!(
            "Player {}: {} cells",
            player.index() + 1,
            board.score(player)
        );
        assert!(harness.query_by_label(&line).is_some(), "no {line}");
    }
    assert!(harness.query_by_label("Save").is_some());
    click(&mut harness, "New game (same settings)");
    assert_eq!(harness.state().board().ply(), 0);
    assert!(!harness.state().summary_shown());
}

#[test]
fn a_rematch_swaps_the_seats_on_the_same_board() {
    let mut settings = settings(Mode::HumanVsComputer, 3, 0);
    settings.setup.engines[1] = Preset::Beginner.engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    let start = harness.state().board().at_ply(0);
    while !harness.state().board().is_over() {
        let cell = first_free(harness.state().board());
        click(&mut harness, &cell);
        wait_for_computer(&mut harness);
    }
    click(&mut harness, "Rematch (colours swapped)");
    let players = &harness.state().record().settings.players;
    assert!(players[0].engine().is_some() && players[1].engine().is_none());
    // The computer now moves first, on the same starting board.
    wait_for_computer(&mut harness);
    assert_eq!(harness.state().board().at_ply(0), start);
    assert_eq!(harness.state().board().ply(), 1);
}

#[test]
fn resigning_ends_the_game_and_its_autosave_holds_it_finished() {
    let mut settings = settings(Mode::HumanVsComputer, 6, 0);
    settings.setup.engines[1] = Preset::Beginner.engine();
    let (mut harness, dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    wait_for_computer(&mut harness);
    assert!(queens_store::autosave_path(dir.path()).exists());
    click(&mut harness, "Resign");
    click(&mut harness, "Yes, resign");
    assert!(harness.state().game_ended());
    assert!(harness.state().summary_shown());
    // In the summary and in the status line.
    let said = harness.query_all_by_label("You resigned: the game goes to Computer (Beginner).");
    assert_eq!(said.count(), 2);
    assert!(autosave_is_finished(dir.path()));
    // The history has it, as resigned by the human (P1), won by the computer.
    let (history, bad) = queens_store::load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(history.len(), 1);
    let resigned = &history[0].game;
    assert_eq!(resigned.resigned(), Some(Player::One));
    assert!(resigned.is_finished());
    assert_eq!(
        resigned.result.map(|r| r.describe()),
        Some("P2 wins (P1 resigned)".to_string())
    );
    assert_eq!(harness.state().record().resigned(), Some(Player::One));
    let ply = harness.state().board().ply();
    let cell = first_free(harness.state().board());
    click(&mut harness, "Close");
    click(&mut harness, &cell);
    frames(&mut harness, 3);
    assert_eq!(harness.state().board().ply(), ply);
    assert!(!harness.state().is_thinking());
}

#[test]
fn computers_can_be_paused_and_resumed_without_undo() {
    // The largest board: two quick computers must not finish the game before Pause is
    // clicked (on 12x12 they sometimes did under load, and a finished game has no Pause).
    // Beginners end a 15x15 game in about ten plies, within a few frames at full speed:
    // a pause between moves leaves the clicks below time to land mid-game.
    let mut settings = settings(Mode::ComputerVsComputer, 15, 0);
    settings.setup.watch_delay_ms = 1_000;
    settings.setup.engines = [Preset::Beginner.engine(), Preset::Beginner.engine()];
    let (mut harness, _dir) = harness(settings);
    // Two computers at start wait for Resume computer (issue 38).
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, queens_app::Action::Resume);
    step_until(&mut harness, "a first move", |app| app.board().ply() > 0);
    // The Pause button moves between the thinking row and the waiting row as the
    // computers alternate; a click on last frame's button may miss, so retry a few times.
    for _ in 0..10 {
        click(&mut harness, "Pause");
        if harness.state().is_paused() {
            break;
        }
    }
    assert!(
        harness.state().is_paused(),
        "ply {} over {} status {}",
        harness.state().board().ply(),
        harness.state().board().is_over(),
        harness.state().status_text()
    );
    let ply = harness.state().board().ply();
    frames(&mut harness, 20);
    assert_eq!(harness.state().board().ply(), ply);
    assert!(!harness.state().is_thinking());
    click(&mut harness, "Resume computer");
    step_until(&mut harness, "another move", move |app| {
        app.board().ply() > ply
    });
}

#[test]
fn a_hint_can_be_stopped_and_still_answers() {
    let mut settings = settings(Mode::HumanVsHuman, 15, 10);
    settings.setup.engines[1] = ui_support::minute_long_engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "Hint");
    assert!(harness.state().is_thinking());
    click(&mut harness, "Stop");
    wait_for_computer(&mut harness);
    let hint = harness.state().hint().unwrap_or_else(|| panic!("no hint"));
    assert!(harness.state().board().free().contains(hint));
}

#[test]
fn hovering_previews_claims_while_the_computer_thinks() {
    let (mut harness, _dir) = harness(long_search_settings());
    frames(&mut harness, 3);
    assert!(harness.state().is_thinking());
    assert!(harness.state().board_previews());
    let cell = first_free(harness.state().board());
    harness.get_by_label(&cell).hover();
    frames(&mut harness, 2);
    let preview = harness
        .query_all_by_label_contains("a queen here claims")
        .count();
    assert_eq!(preview, 1);
}

#[test]
fn the_new_questions_and_the_summary_render_in_vietnamese() {
    let mut settings = settings(Mode::HumanVsHuman, 3, 0);
    settings.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    // The glyphs drawn must exist in the fonts (epaint panics on a missing one; every
    // string is checked directly in crates/app/tests/ui_look.rs).
    click(&mut harness, "cell a1");
    harness.key_press(egui::Key::ArrowLeft);
    frames(&mut harness, 2);
    harness.key_press(egui::Key::End);
    frames(&mut harness, 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    frames(&mut harness, 2);
    click(&mut harness, "Bắt đầu");
    assert!(harness.state().replace_asked());
    assert!(harness.query_by_label("Thay ván chưa xong?").is_some());
    click(&mut harness, "Hủy");
    click(&mut harness, "Đóng");
    play_to_the_end(&mut harness);
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Đấu lại (đổi màu)").is_some());
}

#[test]
fn the_new_game_panel_offers_every_registry_engine_by_its_label() {
    let (mut harness, _dir) = harness(Settings::default());
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    let label = |engine| queens_app::engine_label(Language::English, engine);
    // The default computer plays alpha-beta; its combo box shows that label as its value.
    harness.get_by_value(label(EngineKind::ALPHABETA)).click();
    frames(&mut harness, 3);
    for engine in EngineKind::all() {
        let label = label(engine);
        assert!(
            harness.query_all_by_label(label).count() >= 1,
            "the engine list lacks {label}"
        );
    }
    click(&mut harness, label(EngineKind::MINIMAX));
    click(&mut harness, "Start");
    let seat = &harness.state().settings().setup.engines[1];
    assert_eq!(seat.engine, EngineKind::MINIMAX);
}

#[test]
fn the_window_keeps_each_computers_engine_between_its_moves() {
    let mut settings = settings(Mode::ComputerVsComputer, 8, 0);
    settings.setup.engines = [Preset::Beginner.engine(), Preset::Easy.engine()];
    settings.setup.watch_delay_ms = 0;
    let (mut harness, _dir) = harness(settings);
    // Two computers at start wait for Resume computer (issue 38).
    click(&mut harness, "Resume computer");
    step_until(&mut harness, "four computer moves", |app| {
        app.board().ply() >= 4 || app.board().is_over()
    });
    assert!(
        harness.state().board().ply() >= 4,
        "the game ended too soon"
    );
    // One engine per seat, however many moves they played (a fresh engine per move
    // would count four or more).
    assert_eq!(harness.state().engines_built(), 2);
}

#[test]
fn a_result_proven_by_the_search_is_shown_for_its_position_only() {
    let mut settings = settings(Mode::HumanVsComputer, 4, 2);
    settings.setup.human_first = false;
    // Depth 20 covers every line of a 4x4 board: the search proves the result.
    settings.setup.engines[0] = Preset::Expert.engine();
    let (mut harness, _dir) = harness(settings);
    wait_for_computer(&mut harness);
    assert_eq!(harness.state().board().ply(), 1);
    let Some(margin) = harness.state().known_margin() else {
        panic!("a search to the end proved nothing")
    };
    let shown = harness
        .query_all_by_label_contains("with best play (proven)")
        .count();
    assert_eq!(shown, 1, "margin {margin} not shown");
    // After the person's move the claim no longer holds until the computer proves again.
    let cell = first_free(harness.state().board());
    harness.get_by_label(&cell).click();
    harness.step();
    assert!(harness.state().board().ply() >= 2);
    if harness.state().board().ply() == 2 && !harness.state().board().is_over() {
        assert_eq!(harness.state().known_margin(), None);
    }
}

/// Issue 32.11: the board's keys, Redo's Ctrl+Shift+Z and the review's Home, Left,
/// Right and End are listed with their keys.
#[test]
fn help_lists_the_board_keys_and_every_review_key() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    click(&mut harness, "Help");
    click(&mut harness, "Keyboard shortcuts");
    frames(&mut harness, 2);
    let redo = if cfg!(target_os = "macos") {
        "⇧⌘Z"
    } else {
        "Ctrl+Shift+Z"
    };
    for keys in [redo, "Home", "End", "B", "Tab"] {
        assert!(harness.query_by_label(keys).is_some(), "no {keys:?}");
    }
    for text in ["Take the keyboard to the board", "Move the board's cursor"] {
        assert!(harness.query_by_label(text).is_some(), "no {text:?}");
    }
    assert!(
        harness
            .query_by_label_contains("Place a queen on the cursor")
            .is_some()
    );
}

#[test]
fn help_lists_the_keyboard_shortcuts_as_this_system_writes_them() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    click(&mut harness, "Help");
    click(&mut harness, "Keyboard shortcuts");
    // The window's title, a shortcut and what it does.
    assert!(harness.query_by_label("Keyboard shortcuts").is_some());
    let undo_keys = if cfg!(target_os = "macos") {
        "⌘Z"
    } else {
        "Ctrl+Z"
    };
    assert!(
        harness.query_by_label(undo_keys).is_some(),
        "no {undo_keys}"
    );
    assert!(
        harness
            .query_by_label("Paste a game string onto the board")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Previous move (Left arrow)")
            .is_some()
    );
}

/// Whether the autosave of `dir` holds a finished game (kept so that the next start
/// shows it as it ended: issue 38).
fn autosave_is_finished(dir: &std::path::Path) -> bool {
    queens_store::load_game(&queens_store::autosave_path(dir))
        .is_ok_and(|loaded| loaded.saved().is_finished())
}
