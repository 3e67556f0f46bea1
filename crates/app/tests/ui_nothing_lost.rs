//! Nothing lost, round five (issue 38, items 1-4), in the real window through kittest:
//! 1. a finished computer-vs-computer game is shown again at the next start as it ended,
//!    never played again by the autosave, and nothing enters the history that was not
//!    played in front of the user (queens, tic-tac-toe, Dodgem, Othello);
//! 2. a link opened at start never costs the unfinished autosaved game;
//! 3. our own path field asks before a Save as or an export replaces a file;
//! 4. a game from a pasted position is marked so and credited to nobody.

use crate::ui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::{Action, App, Mode, Settings};
use std::path::Path;
use ui_support::{click, first_free, frames, harness, harness_in, step_until};

/// Settings whose game is `game` ("queens", or a games-table tag) with two computers
/// playing at once (speed Instant).
fn watching(game: &str) -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = Mode::ComputerVsComputer;
    settings.setup.watch_delay_ms = 0;
    if game == "queens" {
        settings.setup.size = 5;
        settings.setup.stones = 3;
    } else {
        settings.setup.table.table = Some(format!("game={game}"));
    }
    settings
}

fn history_len(dir: &Path) -> usize {
    let (entries, problems) = queens_store::load_history(dir);
    assert!(problems.is_empty(), "{problems:?}");
    entries.len()
}

/// The game on screen as its game string, its ply and whether it is over.
fn on_screen(harness: &Harness<'_, App>) -> (String, usize, bool) {
    let app = harness.state();
    (
        app.record().game.clone(),
        app.current_ply(),
        app.game_ended(),
    )
}

/// Plays `game` computer against computer to its end, quits, then starts the window
/// three times more in the same folder: each start shows the finished game, plays no
/// move, and the history keeps one game.
fn a_finished_game_between_computers_is_shown_again_not_replayed(game: &str) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let settings = watching(game);
    let finished = {
        let mut first = harness_in(settings.clone(), dir.path());
        // The first start of this folder has no game to show: the watcher presses
        // Resume computer (or New game > Start) to let the engines play.
        if first.state().is_paused() {
            ui_support::click(&mut first, "Resume computer");
        }
        step_until(&mut first, "the end of the game", App::game_ended);
        frames(&mut first, 4);
        first.state_mut().shut_down();
        on_screen(&first)
    };
    assert!(finished.1 > 0 && finished.2, "{game}: {finished:?}");
    assert_eq!(history_len(dir.path()), 1, "{game}: the game played");
    for start in 2..=4 {
        let mut again = harness_in(settings.clone(), dir.path());
        // As many frames as the whole first game took at most: the engines would have
        // played (and the history grown) by then, if they were let to.
        for _ in 0..60 {
            again.step();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        frames(&mut again, 4);
        assert_eq!(
            on_screen(&again),
            finished,
            "{game}: start {start} shows the finished game as it ended"
        );
        assert!(!again.state().is_thinking(), "{game}: no engine searches");
        again.state_mut().shut_down();
        assert_eq!(
            history_len(dir.path()),
            1,
            "{game}: start {start} added nothing to the history"
        );
    }
}

#[test]
fn a_finished_dodgem_game_between_computers_is_not_played_again_at_the_next_start() {
    a_finished_game_between_computers_is_shown_again_not_replayed("dodgem");
}

#[test]
fn a_finished_tic_tac_toe_game_between_computers_is_not_played_again_at_the_next_start() {
    a_finished_game_between_computers_is_shown_again_not_replayed("tictactoe");
}

#[test]
fn a_finished_queens_game_between_computers_is_not_played_again_at_the_next_start() {
    a_finished_game_between_computers_is_shown_again_not_replayed("queens");
}

#[test]
fn a_finished_othello_game_between_computers_is_not_played_again_at_the_next_start() {
    a_finished_game_between_computers_is_shown_again_not_replayed("othello size=6");
}

// ---- 2. A link never costs the unfinished game ----

/// Two people, 8x8, no stones.
fn two_people() -> Settings {
    let mut settings = ui_support::settings(Mode::HumanVsHuman, 8, 0);
    settings.setup.names = [String::new(), String::new()];
    settings
}

/// Leaves an unfinished 8x8 game of two moves autosaved in `dir`; returns its bytes.
fn leave_two_moves(dir: &Path) -> Vec<u8> {
    let mut first = harness_in(two_people(), dir);
    frames(&mut first, 2);
    click(&mut first, "cell a1");
    click(&mut first, "cell b4");
    frames(&mut first, 2);
    first.state_mut().shut_down();
    drop(first);
    autosave_bytes(dir).unwrap_or_else(|| panic!("no autosave"))
}

fn autosave_bytes(dir: &Path) -> Option<Vec<u8>> {
    std::fs::read(queens_store::autosave_path(dir)).ok()
}

/// The window started on `link` (as the browser's address or `QUEENS_POSITION` gives
/// it) with `dir` as its saves folder, once the look for an autosave has ended.
fn opened_on_link(dir: &Path, link: &str) -> Harness<'static, App> {
    let mut settings = two_people();
    settings.saves_dir = dir.display().to_string();
    let link = link.to_owned();
    let mut harness = Harness::builder()
        .with_size(ui_support::DEFAULT_SIZE)
        .build_eframe(move |_cc| {
            let mut app = App::with_settings(settings);
            app.set_native_dialogs(false);
            app.open_link(&link);
            app
        });
    step_until(&mut harness, "the autosave check", |app| {
        !app.checking_autosave()
    });
    frames(&mut harness, 2);
    harness
}

#[test]
fn a_link_opened_at_start_keeps_the_unfinished_game_until_a_move_is_played_on_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let before = leave_two_moves(dir.path());
    {
        let mut linked = opened_on_link(dir.path(), "http://127.0.0.1:8080/#size%3D6%20moves%3Dc3");
        // The link's board is on screen, and the earlier game is offered, not discarded.
        assert_eq!(linked.state().board().size(), 6);
        assert!(linked.state().continue_offered());
        assert!(linked.query_by_label("Discard").is_none());
        click(&mut linked, "Stay on the link");
        assert!(!linked.state().continue_offered());
        frames(&mut linked, 4);
        linked.state_mut().shut_down();
        assert_eq!(
            autosave_bytes(dir.path()),
            Some(before.clone()),
            "nothing written"
        );
    }
    // A tic-tac-toe link with no move at all replaces nothing either.
    {
        let mut linked = opened_on_link(dir.path(), "game=tictactoe");
        click(&mut linked, "Stay on the link");
        frames(&mut linked, 4);
        linked.state_mut().shut_down();
        assert_eq!(autosave_bytes(dir.path()), Some(before.clone()));
    }
    // The bare address later: Continue offers the 8x8 game of two moves.
    {
        let mut bare = harness_in(two_people(), dir.path());
        frames(&mut bare, 2);
        assert!(bare.state().continue_offered());
        click(&mut bare, "Continue");
        assert_eq!(bare.state().board().size(), 8);
        assert_eq!(bare.state().board().ply(), 2);
        bare.state_mut().shut_down();
    }
    // Staying on a link and playing there: the link's game is the player's now.
    let mut linked = opened_on_link(dir.path(), "size=6 moves=c3");
    click(&mut linked, "Stay on the link");
    click(&mut linked, "cell f4");
    frames(&mut linked, 4);
    linked.state_mut().shut_down();
    let kept = queens_store::load_game(&queens_store::autosave_path(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept.saved().game, "size=6 moves=c3,f4");
}

#[test]
fn continue_over_a_link_takes_the_earlier_game_up_and_no_autosave_means_no_question() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let before = leave_two_moves(dir.path());
    let mut linked = opened_on_link(dir.path(), "size=6 moves=c3");
    click(&mut linked, "Continue");
    assert_eq!(linked.state().board().size(), 8);
    assert_eq!(linked.state().board().ply(), 2);
    linked.state_mut().shut_down();
    assert_eq!(autosave_bytes(dir.path()), Some(before));
    // The offer beside a link blocks nothing: the board plays, and that move makes the
    // link's game the player's (the notice said so), so the offer is withdrawn.
    let mut linked = opened_on_link(dir.path(), "size=6 moves=c3");
    assert!(linked.state().continue_offered());
    assert!(!linked.state().asking());
    click(&mut linked, "cell f4");
    assert_eq!(linked.state().board().ply(), 2);
    assert!(!linked.state().continue_offered());
    frames(&mut linked, 4);
    linked.state_mut().shut_down();
    let kept = queens_store::load_game(&queens_store::autosave_path(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept.saved().game, "size=6 moves=c3,f4");
    // A link to the autosaved game itself (a reload of the browser's page, whose address
    // follows the game) takes it up with no question.
    let mut same = opened_on_link(dir.path(), "size=6 moves=c3,f4");
    assert!(!same.state().continue_offered());
    assert_eq!(same.state().board().ply(), 2);
    assert!(
        same.state().status_text().contains("Continuing"),
        "{}",
        same.state().status_text()
    );
    same.state_mut().shut_down();
    // A folder without an autosave: the link opens with no question, and nothing is
    // written until a move is played on it.
    let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut linked = opened_on_link(empty.path(), "size=6 moves=c3");
    assert!(!linked.state().continue_offered());
    frames(&mut linked, 4);
    assert_eq!(autosave_bytes(empty.path()), None);
    click(&mut linked, "cell f4");
    frames(&mut linked, 4);
    assert!(autosave_bytes(empty.path()).is_some());
}

// ---- 3. Replacing a file is asked first ----

/// Plays the queens game on screen to its end with the first free cells.
fn play_to_the_end(harness: &mut Harness<'_, App>) {
    for _ in 0..60 {
        if harness.state().board().is_over() {
            return;
        }
        let cell = first_free(harness.state().board());
        click(harness, &cell);
    }
    panic!("the game did not end");
}

#[test]
fn the_path_field_asks_before_an_export_or_a_save_replaces_a_file() {
    let (mut harness, dir) = harness(ui_support::settings(Mode::HumanVsHuman, 3, 0));
    frames(&mut harness, 2);
    play_to_the_end(&mut harness);
    frames(&mut harness, 2);
    let workbook = dir.path().join("history.xlsx");
    std::fs::write(&workbook, b"an earlier workbook with an Analysis 1 sheet")
        .unwrap_or_else(|e| panic!("{e}"));
    click(&mut harness, "Game");
    click(&mut harness, "Export history to Excel…");
    click(&mut harness, "OK");
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Replace the file?").is_some());
    assert!(!harness.state().is_exporting());
    // Cancel goes back to the field; the file is untouched.
    click(&mut harness, "Cancel");
    assert!(harness.query_by_label("Replace the file?").is_none());
    assert!(harness.query_by_label("file path").is_some());
    assert_eq!(
        std::fs::read(&workbook).ok().as_deref(),
        Some(&b"an earlier workbook with an Analysis 1 sheet"[..])
    );
    // OK again, then Replace: the workbook is written.
    click(&mut harness, "OK");
    click(&mut harness, "Replace");
    step_until(&mut harness, "the export", |app| !app.is_exporting());
    let written = std::fs::read(&workbook).unwrap_or_default();
    assert!(written.starts_with(b"PK"), "an xlsx (a zip) was written");
    // Save as onto an existing file asks too.
    let save = dir.path().join("mine.ron");
    std::fs::write(&save, b"keep").unwrap_or_else(|e| panic!("{e}"));
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, Action::SaveAs);
    frames(&mut harness, 2);
    harness.state_mut().apply(
        &ctx,
        Action::PathChosen(queens_app::FileTask::SaveAs, save.clone()),
    );
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Replace the file?").is_some());
    assert_eq!(std::fs::read(&save).ok().as_deref(), Some(&b"keep"[..]));
}

// ---- 4. A game from a pasted position ----

#[test]
fn a_game_from_a_pasted_position_is_marked_so_and_credited_to_nobody() {
    let (mut harness, dir) = harness(ui_support::settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    // Two moves were played before the paste.
    harness.event(eframe::egui::Event::Paste("size=4 moves=a1,b3".into()));
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().ply(), 2);
    play_to_the_end(&mut harness);
    frames(&mut harness, 4);
    let (entries, bad) = queens_store::load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), 1);
    let game = &entries[0].game;
    assert_eq!(game.from_position, Some(2));
    let here = game.moves.len() - 2;
    assert_eq!(game.moves_played_here(), Some(here));
    // Player records credit nobody with it.
    let mut records = queens_store::Records::default();
    for entry in &entries {
        records.add(&entry.game);
    }
    assert!(records.records().is_empty(), "{:?}", records.records());
    // The History window says so.
    ui_support::open_history(&mut harness);
    let moves = if here == 1 { "move" } else { "moves" };
    let said = format!("from a position, {here} {moves} played here");
    assert!(harness.query_by_label(&said).is_some(), "{said}");
}

/// The game string of whatever game is on screen.
fn shown(app: &App) -> String {
    app.grid_game()
        .map_or_else(|| app.board().game_string(), |game| game.game.game_string())
}

/// Issue 41.8: Redo survives the autosave. Before, Continue brought the moves back with
/// Redo greyed: the undone moves were not kept. Tic-tac-toe too (every game's record).
#[test]
fn continue_brings_back_the_moves_to_redo() {
    for (game, moves) in [
        ("queens", ["cell a1", "cell b4", "cell c6"]),
        ("tictactoe", ["square b2", "square a1", "square c3"]),
    ] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut people = two_people();
        if game != "queens" {
            people.setup.table.table = Some(format!("game={game}"));
        }
        let mut first = harness_in(people.clone(), dir.path());
        frames(&mut first, 2);
        for mv in moves {
            click(&mut first, mv);
        }
        click(&mut first, "Undo");
        click(&mut first, "Undo");
        frames(&mut first, 2);
        assert!(first.state().can_redo(), "{game}");
        let left = shown(first.state());
        first.state_mut().shut_down();
        drop(first);

        let mut again = harness_in(people, dir.path());
        frames(&mut again, 2);
        assert!(again.state().continue_offered(), "{game}");
        click(&mut again, "Continue");
        assert_eq!(shown(again.state()), left, "{game}");
        assert!(
            again.state().can_redo(),
            "{game}: Redo greyed after Continue"
        );
        click(&mut again, "Redo");
        click(&mut again, "Redo");
        frames(&mut again, 2);
        assert_eq!(
            shown(again.state()).matches(',').count(),
            2,
            "{game}: {}",
            shown(again.state())
        );
        assert!(!again.state().can_redo(), "{game}");
        again.state_mut().shut_down();
    }
}
