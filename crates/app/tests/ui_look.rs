//! The window's look and texts (issue 8), driven through egui_kittest by accessible
//! labels: clipboard, panels at small and large sizes, the new-game panel, error texts,
//! player names. No GPU, no display, no image snapshots.

use crate::ui_support;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, Mode, Preset, Settings};
use std::path::Path;
use ui_support::{
    click, frames, harness, harness_sized, harness_sized_in, open_history, settings,
    wait_for_computer,
};

/// The texts the app sent to the clipboard during the last frame.
fn copied(harness: &Harness<'_, App>) -> Vec<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn copy_position_sends_the_game_string_to_the_clipboard() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    harness.get_by_label("Copy position").click();
    harness.step();
    let expected = harness.state().board().game_string();
    assert_eq!(copied(&harness), vec![expected]);
}

#[test]
fn copy_link_sends_a_link_that_paste_position_reads_back() {
    let mut with_page = settings(Mode::HumanVsHuman, 6, 0);
    with_page.web_page = "https://school.example/queens/".into();
    let (mut harness, _dir) = harness(with_page);
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    click(&mut harness, "cell a1");
    harness.get_by_label("Copy link").click();
    harness.step();
    let game = harness.state().board().game_string();
    let page = std::env::var("QUEENS_WEB_PAGE")
        .ok()
        .filter(|page| !page.trim().is_empty())
        .unwrap_or("https://school.example/queens/".into());
    let expected = format!(
        "{page}#{}",
        game.replace('=', "%3D")
            .replace(' ', "%20")
            .replace(',', "%2C")
    );
    assert_eq!(copied(&harness), vec![expected.clone()]);
    // The link pasted into a fresh window opens the same position.
    let (mut other, _dir) = harness_sized(settings(Mode::HumanVsHuman, 8, 0), [1280.0, 900.0]);
    frames(&mut other, 2);
    other.event(egui::Event::Paste(expected));
    frames(&mut other, 2);
    assert_eq!(other.state().board().game_string(), game);
}

/// Issue 41.9: a link with one broken percent-escape is said to be malformed, naming
/// the escape, rather than read as a game string whose parser blamed the position
/// ("size '8%20moves=c3%zz' is not allowed"); the game on screen stays.
#[test]
fn a_link_with_a_broken_escape_is_called_malformed_and_changes_nothing() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "cell c3");
    let before = harness.state().board().game_string();
    harness.event(egui::Event::Paste(
        "http://127.0.0.1:8080/#size=8%20moves=c3%zz".into(),
    ));
    frames(&mut harness, 2);
    let said = harness.state().status_text();
    assert!(
        said.starts_with("This link is malformed:") && said.contains("“%zz” at character 18"),
        "{said}"
    );
    assert_eq!(harness.state().board().game_string(), before);
}

/// Issue 38 (16): with no page serving the browser build known, the desktop offers no
/// link (one to 127.0.0.1 opens for nobody else): Copy link is greyed and says why,
/// and Copy position still works.
#[test]
fn without_a_known_web_page_copy_link_is_not_offered_and_says_why() {
    if std::env::var("QUEENS_WEB_PAGE").is_ok_and(|page| !page.trim().is_empty()) {
        panic!("this test needs QUEENS_WEB_PAGE unset");
    }
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    assert_eq!(harness.state().link_page(), None);
    let button = harness.get_by_label("Copy link");
    assert!(button.accesskit_node().is_disabled(), "Copy link is greyed");
    // The action itself (a shortcut, a test) copies nothing and says why.
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, queens_app::Action::CopyLink);
    harness.step();
    assert!(copied(&harness).is_empty());
    let said = harness.state().status_text();
    assert!(
        said.starts_with("No link:") && said.contains("Copy position"),
        "{said}"
    );
    harness.get_by_label("Copy position").click();
    harness.step();
    assert_eq!(copied(&harness).len(), 1);
}

#[test]
fn a_small_games_game_string_pastes_and_copies_back() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    // As a link, as the browser's address bar gives it.
    harness.event(egui::Event::Paste(
        "http://127.0.0.1:8080/#game%3Dtictactoe%20moves%3Db2%2Ca1".into(),
    ));
    frames(&mut harness, 2);
    let game = harness
        .state()
        .grid_game()
        .map(|game| game.game.game_string());
    assert_eq!(game.as_deref(), Some("game=tictactoe moves=b2,a1"));
    harness.get_by_label("Copy position").click();
    harness.step();
    assert_eq!(
        copied(&harness),
        vec!["game=tictactoe moves=b2,a1".to_string()]
    );
    // Dodgem, with its moves replayed, in place of the unsaved game once asked.
    harness.event(egui::Event::Paste("game=dodgem moves=a3-b3".into()));
    frames(&mut harness, 2);
    click(&mut harness, "Discard it");
    let game = harness
        .state()
        .grid_game()
        .map(|game| game.game.game_string());
    assert_eq!(game.as_deref(), Some("game=dodgem moves=a3-b3"));
}

#[test]
fn a_bad_or_unplayable_game_string_changes_nothing_and_says_why() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    harness.event(egui::Event::Paste("game=tictactoe moves=b2,b2".into()));
    frames(&mut harness, 2);
    let status = harness.state().status_text();
    assert!(status.contains("move 2 'b2'"), "{status}");
    assert!(harness.state().grid_game().is_none());
    // Othello is played now (crates/app/tests/ui_othello.rs); a size its rules refuse is not.
    harness.event(egui::Event::Paste("game=othello size=7".into()));
    frames(&mut harness, 2);
    let status = harness.state().status_text();
    assert!(
        status.contains('7') && harness.state().message_is_error(),
        "{status}"
    );
    assert!(harness.state().grid_game().is_none());
    harness.event(egui::Event::Paste("game=chess".into()));
    frames(&mut harness, 2);
    let status = harness.state().status_text();
    assert!(status.contains("'chess' is not a game"), "{status}");
    assert_eq!(harness.state().board().game_string(), "size=6");
}

#[test]
fn ctrl_v_on_the_board_pastes_a_position() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    harness.event(egui::Event::Paste("size=5 stones=a1 moves=c3".into()));
    frames(&mut harness, 2);
    let board = harness.state().board();
    assert_eq!(board.size(), 5);
    assert_eq!(board.ply(), 1);
    assert_eq!(board.game_string(), "size=5 stones=a1 moves=c3");
}

/// Clicks the number field whose value is `value` (a slider's or a drag value's), selects
/// its text and types `text`, one character per frame, then Enter.
fn type_into_number(harness: &mut Harness<'_, App>, value: &str, text: &str) {
    harness
        .get_by(|node| {
            node.role() == egui::accesskit::Role::SpinButton
                && node.value().as_deref() == Some(value)
        })
        .click();
    frames(harness, 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    frames(harness, 1);
    for c in text.chars() {
        harness.event(egui::Event::Text(c.to_string()));
        frames(harness, 1);
    }
    harness.key_press(egui::Key::Enter);
    frames(harness, 2);
}

#[test]
fn typing_a_board_size_keeps_the_stone_count() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 20));
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    type_into_number(&mut harness, "8", "12");
    click(&mut harness, "Start");
    let board = harness.state().board();
    assert_eq!(board.size(), 12);
    assert_eq!(board.stones().count(), 20);
}

/// The engine settings of each side of the game on screen (None for a person).
fn engines(harness: &Harness<'_, App>) -> [Option<(u32, Option<u64>)>; 2] {
    harness
        .state()
        .record()
        .settings
        .players
        .clone()
        .map(|side| side.engine().map(|e| (e.depth, e.time_ms)))
}

/// Clicks the button (not a plain label) called `label`.
fn click_button(harness: &mut Harness<'_, App>, label: &str) {
    let app = harness.state();
    let state = format!(
        "new game panel open: {}, asking: {}, thinking: {}, ply: {}",
        app.new_game_open(),
        app.asking(),
        app.is_thinking(),
        app.board().ply()
    );
    harness
        .query_by(|node| {
            node.label().as_deref() == Some(label) && node.role() != egui::accesskit::Role::Label
        })
        .unwrap_or_else(|| panic!("no button {label:?} ({state})"))
        .click();
    frames(harness, 3);
}

#[test]
fn who_moves_first_keeps_the_computer_level() {
    let mut settings = settings(Mode::HumanVsComputer, 6, 0);
    settings.setup.engines[1] = Preset::Medium.engine();
    let medium = Preset::Medium.engine();
    let medium = Some((medium.depth, Some(medium.time_ms)));
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    click_button(&mut harness, "Computer");
    click(&mut harness, "Start");
    assert_eq!(engines(&harness), [medium, None]);
    // A click lands where its button was drawn last frame: the side panel changes when
    // the computer's move arrives, so let it arrive first.
    wait_for_computer(&mut harness);
    click(&mut harness, "New game");
    click_button(&mut harness, "You");
    click(&mut harness, "Start");
    // The computer has moved: the unfinished game is not replaced unasked.
    click(&mut harness, "Discard it");
    assert_eq!(engines(&harness), [None, medium]);
}

/// The right edge of the board's grid (cell `last` is its top-right cell).
fn board_right(harness: &Harness<'_, App>, last: &str) -> f32 {
    harness.get_by_label(last).rect().right()
}

/// Asserts that every labelled widget and number field right of the board ends inside
/// the window, and that at least a few were found (the side panel is checked).
fn assert_panel_fits(harness: &Harness<'_, App>, size: [f32; 2], context: &str) {
    let board = board_right(harness, "cell h8");
    // Labelled widgets and number fields (the sliders' values have no label).
    let shown = |node: &egui_kittest::kittest::AccessKitNode<'_>| {
        node.label().is_some_and(|l| !l.is_empty()) || node.value().is_some()
    };
    let mut checked = 0;
    for node in harness.query_all_by(shown) {
        let rect = node.rect();
        if rect.left() < board || !rect.is_finite() {
            continue; // the board, the menu bar and the status bar
        }
        checked += 1;
        assert!(
            rect.right() <= size[0] + 0.5,
            "{context} {size:?}: {:?} ends at {} ({rect:?})",
            node.accesskit_node().label(),
            rect.right()
        );
    }
    assert!(
        checked > 8,
        "{context}: only {checked} widgets in the panel"
    );
}

#[test]
fn the_new_game_panel_fits_small_and_large_windows() {
    let sizes = [[640.0, 480.0], [1100.0, 760.0], [1920.0, 1080.0]];
    for (language, size) in queens_app::Language::ALL
        .into_iter()
        .flat_map(|language| sizes.map(|size| (language, size)))
    {
        let mut settings = settings(Mode::ComputerVsComputer, 8, 6);
        settings.language = language;
        let (mut harness, _dir) = harness_sized(settings, size);
        frames(&mut harness, 2);
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
        frames(&mut harness, 3);
        assert!(harness.state().new_game_open());
        assert_panel_fits(&harness, size, &format!("{language:?}"));
        if language == queens_app::Language::English {
            // Nothing of the panel starts under the board (it was clipped on the left).
            let board = board_right(&harness, "cell h8");
            for label in ["Start", "Close"] {
                assert!(harness.get_by_label(label).rect().left() >= board);
            }
        }
    }
}

#[test]
fn the_status_panel_fits_a_640x480_window_with_long_names() {
    for language in queens_app::Language::ALL {
        let mut settings = settings(Mode::HumanVsComputer, 8, 0);
        settings.language = language;
        settings.setup.engines[1] = Preset::Medium.engine();
        let (mut harness, _dir) = harness_sized(settings, [640.0, 480.0]);
        frames(&mut harness, 2);
        harness.event(egui::Event::Paste("size=8 moves=a1,c2".into()));
        frames(&mut harness, 3);
        assert_eq!(harness.state().board().ply(), 2);
        assert_panel_fits(&harness, [640.0, 480.0], &format!("{language:?}"));
    }
}

/// Adds a finished 3x3 game between two engines to the history of `dir` (long player
/// descriptions: the widest rows the History window shows).
fn finished_engine_game_in(dir: &Path) {
    use queens_store::{EngineSettings, SavedGame, Side, append_history};
    let mut board = queens_board::Board::new(3, &[]).unwrap_or_else(|e| panic!("{e}"));
    board
        .play(queens_board::Cell::new(1, 1))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(board.is_over());
    let engine = |depth| {
        Side::Computer(EngineSettings::new(
            queens_engines::ai::EngineKind::ALPHABETA,
            depth,
            None,
        ))
    };
    let saved = SavedGame::new(&board, [engine(3), engine(1)], None);
    append_history(dir, &saved).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_history_open_buttons_are_in_view_at_640x480() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    finished_engine_game_in(dir.path());
    let mut harness = harness_sized_in(
        settings(Mode::HumanVsHuman, 6, 0),
        dir.path(),
        [640.0, 480.0],
    );
    frames(&mut harness, 2);
    open_history(&mut harness);
    let rect = harness.get_by_label("Open").rect();
    assert!(rect.left() >= 0.0 && rect.right() <= 640.0, "{rect:?}");
}

#[test]
fn a_large_window_scales_the_ui_up_and_a_small_one_does_not() {
    for (size, zoom) in [
        ([640.0, 480.0], 1.0),
        ([1100.0, 760.0], 1.0),
        ([1920.0, 1080.0], 1.4),
    ] {
        let (mut harness, _dir) = harness_sized(Settings::default(), size);
        frames(&mut harness, 4);
        assert_eq!(harness.ctx.zoom_factor(), zoom, "{size:?}");
    }
}

#[test]
fn a_bad_save_is_explained_in_the_window_language_detail_last() {
    let mut settings = settings(Mode::HumanVsHuman, 6, 0);
    settings.language = queens_app::Language::Vietnamese;
    let (mut harness, dir) = harness(settings);
    std::fs::write(dir.path().join("bad.ron"), "(version: 1, settings: 42)")
        .unwrap_or_else(|e| panic!("{e}"));
    frames(&mut harness, 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    ui_support::double_click(&mut harness, "bad.ron");
    let status = harness.state().status_text();
    let sentence = status.find("không phải là ván đã lưu");
    let detail = status.find("Chi tiết");
    assert!(
        matches!((sentence, detail), (Some(a), Some(b)) if a < b),
        "{status}"
    );
    assert!(status.starts_with("Không mở được tệp này"), "{status}");
}

#[test]
fn the_export_prompt_has_a_whole_title() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "Game");
    click(&mut harness, "Export history to Excel…");
    assert!(harness.query_by_label("Export history to Excel").is_some());
}

#[test]
fn the_computer_is_named_by_level_with_its_settings_second() {
    let mut settings = settings(Mode::HumanVsComputer, 6, 0);
    settings.setup.engines[1] = Preset::Medium.engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    let name = harness.get_by_label("Computer (Medium)").rect();
    let technical = harness.get_by_label("Alpha-beta, depth 4, 2.0 s").rect();
    assert!(name.top() < technical.top(), "{name:?} {technical:?}");
    assert!(harness.query_by_label("You").is_some());
}

#[test]
fn the_thinking_line_explains_the_value_to_the_person() {
    // Stones: an empty board's margin is in the opening book, and a proven margin is
    // told instead of the search's estimate.
    let mut settings = settings(Mode::HumanVsComputer, 13, 4);
    settings.setup.human_first = false;
    settings.setup.engines[0].depth = 30;
    settings.setup.engines[0].time_ms = 60_000;
    let (mut harness, _dir) = harness(settings);
    // Steps until the first depth is reported (bounded by steps, not by time).
    let mut steps = 0;
    while harness
        .query_by_label_contains("with best play (estimate, depth")
        .is_none()
    {
        steps += 1;
        assert!(steps < 20_000, "no value shown while thinking");
        harness.step();
    }
    let told = ["you are", "level with best play"]
        .iter()
        .any(|words| harness.query_by_label_contains(words).is_some());
    assert!(told, "the value is not told from the person's side");
    click(&mut harness, "Cancel");
}

#[test]
fn the_position_string_is_in_readable_print() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    let rect = harness.get_by_label("size=6").rect();
    // One line of 15-point text; small print (9 points) was about 12 high.
    assert!(rect.height() >= 17.0, "{rect:?}");
}

#[test]
fn stones_placed_by_hand_show_their_count() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    click(&mut harness, "By hand");
    assert!(
        harness
            .query_by_label("0 stones placed (at most 16)")
            .is_some()
    );
    click(&mut harness, "cell b2");
    click(&mut harness, "cell e5");
    assert!(
        harness
            .query_by_label("2 stones placed (at most 16)")
            .is_some()
    );
}

#[test]
fn typed_player_names_are_shown_saved_and_remembered() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut harness = harness_sized_in(
        settings(Mode::HumanVsHuman, 3, 0),
        dir.path(),
        [1100.0, 760.0],
    );
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    for (field, name) in [("Name of player 1", "Ann"), ("Name of player 2", "Bob")] {
        let input = egui::accesskit::Role::TextInput;
        harness.get_by_role_and_label(input, field).focus();
        frames(&mut harness, 1);
        harness.get_by_role_and_label(input, field).type_text(name);
        frames(&mut harness, 2);
    }
    click(&mut harness, "Start");
    assert!(
        harness.query_all_by_label("Ann").count() >= 1,
        "no card for Ann"
    );
    assert_eq!(
        harness.state().settings().setup.names,
        ["Ann".to_string(), "Bob".to_string()]
    );
    // A 3x3 game ends after one move in the centre: it goes to the history, names too.
    click(&mut harness, "cell b2");
    assert!(harness.state().status_text().contains("Ann played b2"));
    let (entries, _) = queens_store::load_history(dir.path());
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].game.names,
        ["Ann".to_string(), "Bob".to_string()]
    );
}

#[test]
fn the_history_says_you_rather_than_human() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut board = queens_board::Board::new(3, &[]).unwrap_or_else(|e| panic!("{e}"));
    board
        .play(queens_board::Cell::new(1, 1))
        .unwrap_or_else(|e| panic!("{e}"));
    let engine = queens_store::Side::Computer(queens_store::EngineSettings::new(
        queens_engines::ai::EngineKind::ALPHABETA,
        4,
        Some(2_000),
    ));
    let saved = queens_store::SavedGame::new(&board, [queens_store::Side::Human, engine], None);
    queens_store::append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    // Two people on screen, so "You" can only come from the History window.
    let mut harness = harness_sized_in(
        settings(Mode::HumanVsHuman, 6, 0),
        dir.path(),
        [1100.0, 760.0],
    );
    frames(&mut harness, 2);
    open_history(&mut harness);
    assert!(harness.query_by_label("Computer (Medium)").is_some());
    assert!(harness.query_all_by_label("You").count() >= 1);
    assert!(harness.query_by_label("human").is_none());
}

#[test]
fn a_save_from_before_names_still_loads() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let board =
        queens_board::Board::from_game_string("size=5 moves=c3").unwrap_or_else(|e| panic!("{e}"));
    let mut saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    saved.names = ["Ann".to_string(), String::new()];
    let path = dir.path().join("game.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("Ann"), "{text}");
    let old: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("names:"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(!old.contains("Ann"), "{old}");
    std::fs::write(&path, old).unwrap_or_else(|e| panic!("{e}"));
    let loaded = queens_store::load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved.names, [String::new(), String::new()]);
    assert_eq!(loaded.board.ply(), 1);
}

#[test]
fn an_analysed_game_with_its_worst_moves_fits_the_panel_at_640x480() {
    for language in queens_app::Language::ALL {
        let mut setup = settings(Mode::HumanVsHuman, 8, 0);
        setup.language = language;
        let (mut harness, _dir) = harness_sized(setup, [640.0, 480.0]);
        frames(&mut harness, 2);
        let game = queens_board::random_position(8, 0, 4, 3)
            .unwrap_or_else(|e| panic!("{e}"))
            .game_string();
        harness.event(egui::Event::Paste(game.clone()));
        frames(&mut harness, 3);
        assert_eq!(harness.state().board().game_string(), game);
        click(
            &mut harness,
            if language == queens_app::Language::English {
                "Game"
            } else {
                "Trò chơi"
            },
        );
        click(
            &mut harness,
            if language == queens_app::Language::English {
                "Analyse game"
            } else {
                "Phân tích ván"
            },
        );
        ui_support::step_until(&mut harness, "the analysis", |app| !app.is_analysing());
        frames(&mut harness, 3);
        let analysis = harness
            .state()
            .analysis()
            .cloned()
            .unwrap_or_else(|| panic!("no analysis"));
        // The chart, the move rows and the worst-moves entries end inside the window.
        // (The game string field below them still ends a few points out while the
        // panel scrolls: not checked here.)
        let mut labels = vec!["margin chart".to_string()];
        labels.extend(analysis.moves.iter().map(|m| format!("move {}", m.ply)));
        let worst = [1u8, 2]
            .iter()
            .flat_map(|&p| analysis.worst_moves(p, 3))
            .count();
        assert!(worst > 0, "{language:?}: no worst move listed");
        let entries = harness
            .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
                node.label()
                    .is_some_and(|l| l.contains(" lost ") || l.contains(" mất "))
            })
            .count();
        assert_eq!(entries, worst, "{language:?}");
        for node in harness.query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
            node.label()
                .is_some_and(|l| labels.contains(&l) || l.contains(" lost ") || l.contains(" mất "))
        }) {
            let rect = node.rect();
            assert!(
                rect.right() <= 640.5,
                "{language:?}: {:?} ends at {rect:?}",
                node.accesskit_node().label()
            );
        }
    }
}

/// The characters of every string literal in `source` (comments left out; escapes are
/// skipped, so `\n` and `\u{..}` count for nothing).
fn literal_chars(source: &str) -> Vec<char> {
    let mut chars = Vec::new();
    let mut it = source.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '/' if it.peek() == Some(&'/') => {
                for c in it.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if it.peek() == Some(&'*') => {
                let mut last = ' ';
                for c in it.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' => {
                while let Some(c) = it.next() {
                    match c {
                        '\\' => {
                            it.next();
                        }
                        '"' => break,
                        c => chars.push(c),
                    }
                }
            }
            _ => {}
        }
    }
    chars
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot list {dir:?}");
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every character any string of the window's code holds (both languages' tables, the
/// windows' own text tables, the small games' texts) has a glyph in the fonts the window
/// installs, in both families. egui draws a replacement box for a missing glyph rather
/// than failing, so rendering a string proves nothing: this asks the fonts directly.
#[test]
fn every_character_of_every_window_string_has_a_glyph() {
    let (harness, _dir) = harness(settings(Mode::HumanVsHuman, 4, 0));
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut missing = std::collections::BTreeMap::new();
    let mut checked = 0;
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        for c in literal_chars(&source) {
            if c.is_control() {
                continue;
            }
            checked += 1;
            for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
                let font = egui::FontId::new(14.0, family.clone());
                if !harness.ctx.fonts_mut(|fonts| fonts.has_glyph(&font, c)) {
                    missing
                        .entry((c, format!("{family:?}")))
                        .or_insert_with(|| file.display().to_string());
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} characters found");
    assert!(missing.is_empty(), "no glyph for: {missing:#?}");
}
