//! Unit tests of the app's decisions that need no window.

use super::computer::{HINT_TIME_MS, hint_engine};
use super::replace::Replacement;
use super::*;
use crate::jobs::search::KeptEngine;
use crate::jobs::search::{Purpose, SearchJob, SearchTag, Slot};
use crate::session::settings::Preset;
use queens_board::Board;
use queens_store::{Loaded, LoadedGame};
use std::path::PathBuf;
use std::time::Duration;

#[test]
fn an_answer_for_another_game_is_dropped() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut settings = Settings::default();
    settings.setup.mode = crate::Mode::HumanVsHuman;
    settings.saves_dir = dir.path().display().to_string();
    let mut app = App::with_settings(settings);
    let board = app.board().clone();
    // A move search tagged with another game's id, as if it outlived its game.
    let stale = SearchTag::of(app.game_id() + 100, &board);
    let mut config = Preset::Easy.engine().config();
    (config.depth, config.time_ms) = (1, None);
    let engine = KeptEngine::later(config);
    app.search.job = Some(SearchJob::start(
        stale,
        Purpose::Move,
        Slot::Seat(0),
        engine,
        || {},
    ));
    for _ in 0..2_000 {
        if app.search.job.is_none() {
            break;
        }
        app.poll_search();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(app.search.job.is_none(), "the search did not answer");
    assert_eq!(app.board().ply(), 0);
}

#[test]
fn a_game_naming_an_unknown_engine_opens_paused_with_a_warning() {
    use queens_store::{EngineSettings, SavedGame, Side};
    let board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let newer = Side::Computer(EngineSettings {
        algorithm: "pvs-2030".into(),
        depth: 7,
        time_ms: Some(3_000),
        program: None,
    });
    let saved = SavedGame::new(&board, [newer, Side::Human], None);
    let loaded = Loaded::Queens(LoadedGame { saved, board });
    let opened = Message::Opened(PathBuf::from("new.ron"), 0);
    let replacement = Replacement::loaded(loaded, None, opened.clone());
    assert!(replacement.paused, "the stand-in would move without a word");
    let Message::Both(first, second) = &replacement.message else {
        panic!("no warning: {:?}", replacement.message)
    };
    assert_eq!(**first, opened);
    assert!(matches!(&**second, Message::UnknownEngine { name, .. } if name == "pvs-2030"));
    let names = [String::new(), String::new()];
    for language in crate::Language::ALL {
        let text = second.text(crate::i18n::texts(language), &names);
        assert!(
            text.contains("pvs-2030") && text.contains("minimax, alphabeta"),
            "{text}"
        );
    }
    // The record keeps the name it was saved with.
    assert_eq!(
        replacement.record.settings.players[0]
            .engine()
            .map(|e| e.algorithm.as_str()),
        Some("pvs-2030")
    );
}

#[test]
fn a_hint_asks_the_strong_engine_for_at_most_a_second_and_never_longer_than_the_opponent() {
    let expert = hint_engine(Preset::Expert.engine());
    assert_eq!(expert.time_ms, HINT_TIME_MS);
    assert_eq!(expert.engine, queens_engines::ai::EngineKind::PVS);
    assert_eq!(
        expert.depth,
        crate::session::settings::WINDOW_LIMITS.depth.1
    );
    let mut quick = Preset::Easy.engine();
    quick.time_ms = 300;
    assert_eq!(hint_engine(quick).time_ms, 300);
}

#[test]
fn choices_that_make_no_board_start_nothing_and_say_why() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let settings = Settings {
        saves_dir: dir.path().display().to_string(),
        ..Settings::default()
    };
    let mut app = App::with_settings(settings);
    let before = (app.game_id(), app.board().game_string());
    let bad = crate::session::settings::GameSetup {
        size: 40,
        ..crate::session::settings::GameSetup::default()
    };
    app.start_from_setup(&bad);
    assert!(
        matches!(app.message, Message::BadSetup(_)),
        "{:?}",
        app.message
    );
    assert!(app.message.is_error());
    assert_eq!((app.game_id(), app.board().game_string()), before);
}

#[test]
fn a_resigned_save_opens_as_resigned() {
    use queens_board::Player;
    use queens_store::{SavedGame, Side};
    let mut board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let _ = board.play(queens_board::Cell::new(0, 0));
    let mut saved = SavedGame::new(&board, [Side::Human, Side::Human], None);
    saved.update(&board, None);
    saved
        .resign(Player::Two)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let loaded = Loaded::Queens(LoadedGame { saved, board });
    let replacement = Replacement::loaded(loaded, None, Message::Pasted);
    let game = replacement.game;
    assert!(
        game.queens().is_some(),
        "a queens save put no queens game on screen"
    );
    assert_eq!(game.resigned(), Some(Player::Two));
    assert_eq!(game.winner(), Some(Player::One));
    assert!(game.is_over());
}

/// A hint's engine keeps a small table (issue 18.8): it thinks a second at most, and a
/// seat's 256 MiB table would cost its zero-filling time and memory for nothing.
#[test]
fn a_hint_uses_a_small_table_and_a_seat_the_full_one() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut settings = Settings::default();
    settings.setup.mode = crate::Mode::HumanVsComputer;
    settings.setup.human_first = true;
    settings.setup.engines[1] = Preset::Expert.engine();
    settings.saves_dir = dir.path().display().to_string();
    let mut app = App::with_settings(settings);
    let ctx = egui::Context::default();
    app.start_hint(&ctx);
    let hint = app
        .search_job()
        .map(|job| (job.purpose, job.config.hash_mb));
    assert_eq!(hint, Some((Purpose::Hint, super::computer::HINT_HASH_MB)));
    app.stop_search();
    let seat = Preset::Expert.engine().config().hash_mb;
    assert!(seat > super::computer::HINT_HASH_MB, "{seat}");
}
