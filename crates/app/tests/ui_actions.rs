//! Actions that did something else, or nothing (issue 19, items 6-11 and 15), driven
//! through kittest by accessible labels: each test failed on the window before its fix.

use crate::ui_support;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, Language, Mode, Preset, Settings};
use queens_board::Player;
use std::collections::HashSet;
use ui_support::{
    click, double_click, first_free, frames, harness, harness_in, settings, step_until,
    wait_for_computer,
};

/// A computer (Expert on 15x15, P2) that thinks for a long time after the person's
/// first move.
fn long_thinker() -> Settings {
    let mut settings = settings(Mode::HumanVsComputer, 15, 10);
    settings.setup.engines[1] = ui_support::minute_long_engine();
    settings
}

/// Plays the person's first move and waits until the computer thinks.
fn start_thinking(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    let cell = first_free(harness.state().board());
    click(harness, &cell);
    step_until(harness, "the computer to think", App::is_thinking);
    frames(harness, 2);
}

// Item 9: Resign asks first; Redo is off once there is nothing to redo.
#[test]
fn resign_asks_first_and_redo_is_off_after_it() {
    let mut settings = settings(Mode::HumanVsComputer, 6, 0);
    settings.setup.engines[1] = Preset::Beginner.engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "cell a1");
    wait_for_computer(&mut harness);
    click(&mut harness, "Undo");
    assert!(harness.state().board().ply() == 0);
    // One click only asks.
    click(&mut harness, "Resign");
    assert!(!harness.state().game_ended(), "one click resigned");
    assert!(harness.query_by_label("Resign this game?").is_some());
    click(&mut harness, "Keep playing");
    assert!(!harness.state().game_ended());
    assert!(harness.query_by_label("Resign this game?").is_none());
    click(&mut harness, "Resign");
    click(&mut harness, "Yes, resign");
    assert_eq!(harness.state().resigned(), Some(Player::One));
    // The undone move cannot come back into a resigned game: Redo is off, in the
    // panel and in the Game menu.
    click(&mut harness, "Close");
    assert!(harness.get_by_label("Redo").accesskit_node().is_disabled());
    click(&mut harness, "Game");
    for node in harness.query_all_by_label_contains("Redo") {
        assert!(node.accesskit_node().is_disabled(), "{node:?}");
    }
}

// Item 11: Hint is off once the game is over, in the menu as in the panel.
#[test]
fn hint_is_off_in_the_menu_once_the_game_is_over() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 3, 0));
    frames(&mut harness, 2);
    // On 3x3 the centre claims every other cell.
    click(&mut harness, "cell b2");
    assert!(harness.state().game_ended());
    click(&mut harness, "Close");
    click(&mut harness, "Game");
    let hints: Vec<_> = harness.query_all_by_label_contains("Hint").collect();
    assert!(hints.len() >= 2, "the menu has no Hint item");
    for node in hints {
        assert!(node.accesskit_node().is_disabled(), "{node:?}");
    }
}

// Item 10: choosing Computer 2 in Computer vs Computer leaves the human-vs-computer
// opponent as it was.
#[test]
fn computer_vs_computer_engines_leave_the_human_opponent_alone() {
    let mut settings = settings(Mode::HumanVsComputer, 6, 0);
    settings.setup.engines = [Preset::Beginner.engine(), Preset::Expert.engine()];
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    click(&mut harness, "Computer vs Computer");
    // Computer 2's level shows Expert (its remembered engine); choose Medium.
    harness.get_by_value("Expert").click();
    frames(&mut harness, 3);
    click(&mut harness, "Medium");
    click(&mut harness, "Start");
    let state = harness.state();
    assert_eq!(
        state.record().settings.players[1].engine().map(|e| e.depth),
        Some(Preset::Medium.engine().depth)
    );
    assert_eq!(state.settings().setup.engines[1], Preset::Expert.engine());
    // Back to Human vs Computer: the computer is still Expert.
    click(&mut harness, "New game");
    click(&mut harness, "Human vs Computer");
    assert!(harness.query_by_value("Expert").is_some());
}

// Item 10: "By hand" starts from the random stones on show.
#[test]
fn stones_by_hand_start_from_the_random_stones() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 6));
    frames(&mut harness, 2);
    let random: Vec<_> = harness.state().board().stones().into_iter().collect();
    assert_eq!(random.len(), 6);
    click(&mut harness, "New game");
    click(&mut harness, "By hand");
    click(&mut harness, "Start");
    let stones: Vec<_> = harness.state().board().stones().into_iter().collect();
    assert_eq!(stones, random);
}

// Item 10: a computer paused when the window closed is still paused after Continue.
#[test]
fn continue_keeps_a_paused_computer_paused() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut harness = harness_in(long_thinker(), dir.path());
    start_thinking(&mut harness);
    click(&mut harness, "Cancel");
    assert!(harness.state().is_paused());
    let board = harness.state().board().clone();
    // The window is gone without any goodbye (as if killed).
    drop(harness);
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 8, 0), dir.path());
    frames(&mut harness, 2);
    click(&mut harness, "Continue");
    assert_eq!(*harness.state().board(), board);
    frames(&mut harness, 10);
    assert!(harness.state().is_paused(), "the computer was let go");
    assert!(!harness.state().is_thinking());
}

// Item 10: the Vietnamese Continue question says the autosave is deleted, not skipped.
#[test]
fn the_vietnamese_autosave_question_says_delete() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut first = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    frames(&mut first, 2);
    click(&mut first, "cell c3");
    drop(first);
    let mut vietnamese = settings(Mode::HumanVsHuman, 6, 0);
    vietnamese.language = Language::Vietnamese;
    let mut harness = harness_in(vietnamese, dir.path());
    frames(&mut harness, 2);
    assert!(harness.state().continue_offered());
    assert!(harness.query_by_label("Bỏ qua").is_none());
    assert!(harness.query_by_label("Xóa ván này").is_some());
}

// Item 6: a click in the Open list selects; a double click (or OK) opens, and the
// board gets no click.
#[test]
fn the_open_list_selects_on_a_click_and_opens_on_a_double_click() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let mut board = queens_board::Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
    board
        .play(queens_board::Cell::new(0, 0))
        .unwrap_or_else(|e| panic!("{e}"));
    let saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    saved
        .save_to(&dir.path().join("one.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    frames(&mut harness, 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    click(&mut harness, "one.ron");
    frames(&mut harness, 2);
    assert_eq!(
        harness.state().board().ply(),
        0,
        "one click opened the save"
    );
    assert!(harness.query_by_label("OK").is_some(), "the prompt closed");
    double_click(&mut harness, "one.ron");
    step_until(&mut harness, "the save to open", |app| {
        app.board().ply() == 1
    });
    frames(&mut harness, 3);
    assert!(harness.query_by_label("OK").is_none());
    assert_eq!(*harness.state().board(), board);
}

// Item 6: with a save selected, OK opens it and the click does not reach the board.
#[test]
fn ok_opens_the_selected_save_and_its_click_stays_off_the_board() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let board = queens_board::Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    saved
        .save_to(&dir.path().join("five.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    frames(&mut harness, 2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    click(&mut harness, "five.ron");
    click(&mut harness, "OK");
    step_until(&mut harness, "the save to open", |app| {
        app.board().size() == 5
    });
    frames(&mut harness, 3);
    assert_eq!(
        harness.state().board().ply(),
        0,
        "the OK click played a move"
    );
}

/// Steps once and, as eframe does, answers a request for the clipboard with a paste
/// event holding `clipboard` in the next frame. Returns whether it was asked.
fn step_with_clipboard(harness: &mut Harness<'_, App>, clipboard: &str) -> bool {
    harness.step();
    let asked = harness.output().viewport_output.values().any(|viewport| {
        viewport
            .commands
            .iter()
            .any(|command| matches!(command, egui::ViewportCommand::RequestPaste))
    });
    if asked {
        harness.event(egui::Event::Paste(clipboard.to_string()));
    }
    asked
}

// Item 7: Paste position reads the system clipboard when the box is empty, and says
// so when the clipboard holds nothing either.
#[test]
fn paste_position_reads_the_clipboard() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    let game = "size=5 stones=a1 moves=c3,b5";
    harness.get_by_label("Paste position").click();
    let mut asked = false;
    for _ in 0..3 {
        asked |= step_with_clipboard(&mut harness, game);
    }
    assert!(asked, "the clipboard was not asked for");
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().game_string(), game);
    // An empty clipboard (nobody answers the request): said in one line.
    harness.get_by_label("Paste position").click();
    frames(&mut harness, 3);
    let status = harness.state().status_text();
    assert!(status.contains("clipboard"), "{status}");
    assert_eq!(harness.state().board().game_string(), game);
}

// Item 8: the buttons stay where they are when the computer starts or stops thinking,
// so a double click on Cancel cannot land on Undo; also in a narrow Vietnamese window,
// where "your move" wraps and "the computer's move" does not.
#[test]
fn the_buttons_stay_put_when_the_computer_starts_and_stops() {
    let cases = [
        (
            Language::English,
            ui_support::DEFAULT_SIZE,
            "Undo",
            "Cancel",
        ),
        (Language::Vietnamese, [640.0, 480.0], "Đi lại", "Hủy"),
    ];
    for (language, size, undo, cancel) in cases {
        let mut settings = long_thinker();
        settings.language = language;
        let (mut harness, _dir) = ui_support::harness_sized(settings, size);
        frames(&mut harness, 2);
        let before = harness.get_by_label(undo).rect();
        start_thinking(&mut harness);
        let thinking = harness.get_by_label(undo).rect();
        assert_eq!(
            thinking, before,
            "{language:?}: Undo moved when the computer started"
        );
        let cancel_rect = harness.get_by_label(cancel).rect();
        click(&mut harness, cancel);
        assert!(harness.state().is_paused());
        let paused = harness.get_by_label(undo).rect();
        assert_eq!(
            paused, before,
            "{language:?}: Undo moved when the computer stopped"
        );
        // The second click of a double click on Cancel meets no button.
        let ply = harness.state().board().ply();
        for pressed in [true, false] {
            harness.event(egui::Event::PointerButton {
                pos: cancel_rect.center(),
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::default(),
            });
        }
        frames(&mut harness, 3);
        assert_eq!(harness.state().board().ply(), ply);
        assert!(
            harness.state().is_paused(),
            "{language:?}: the second click resumed"
        );
    }
}

// Item 11: the New game preview's hover says nothing about the old board's claims.
#[test]
fn the_new_game_preview_hover_reports_no_old_claims() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    harness.get_by_label("cell c3").hover();
    frames(&mut harness, 2);
    assert_eq!(
        harness
            .query_all_by_label_contains("a queen here claims")
            .count(),
        1
    );
    click(&mut harness, "New game");
    harness.get_by_label("cell c3").hover();
    frames(&mut harness, 2);
    assert_eq!(
        harness
            .query_all_by_label_contains("a queen here claims")
            .count(),
        0
    );
}

/// The fill colours of every rectangle and path drawn in the last frame.
fn fills(harness: &Harness<'_, App>) -> HashSet<egui::Color32> {
    fn add(shape: &egui::Shape, out: &mut HashSet<egui::Color32>) {
        match shape {
            egui::Shape::Rect(rect) => {
                out.insert(rect.fill);
            }
            egui::Shape::Path(path) => {
                out.insert(path.fill);
            }
            egui::Shape::Circle(circle) => {
                out.insert(circle.fill);
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| add(s, out)),
            _ => {}
        }
    }
    let mut out = HashSet::new();
    for clipped in &harness.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// The colours the hover preview of `cell` adds to the frame.
fn preview_fills(harness: &mut Harness<'_, App>, cell: &str) -> HashSet<egui::Color32> {
    harness.remove_cursor();
    frames(harness, 2);
    let plain = fills(harness);
    harness.get_by_label(cell).hover();
    frames(harness, 2);
    let hovered = fills(harness);
    hovered.difference(&plain).copied().collect()
}

// Item 11: the hover preview during the computer's turn is the person's, not the
// computer's colour.
#[test]
fn the_hover_preview_keeps_the_persons_colour_on_the_computers_turn() {
    let (mut harness, _dir) = harness(long_thinker());
    frames(&mut harness, 2);
    let board = harness.state().board().clone();
    let mine = preview_fills(&mut harness, &first_free(&board));
    assert!(!mine.is_empty(), "no preview drawn");
    start_thinking(&mut harness);
    let board = harness.state().board().clone();
    let on_its_turn = preview_fills(&mut harness, &first_free(&board));
    assert!(harness.state().is_thinking());
    assert_eq!(on_its_turn, mine);
    click(&mut harness, "Cancel");
}

// Item 15: "alternate who starts": the next game of the series swaps who moves first,
// and the choice is kept in the settings.
#[test]
fn alternate_who_starts_swaps_the_first_move_in_the_next_game() {
    let mut settings = settings(Mode::HumanVsComputer, 3, 0);
    settings.setup.engines[1] = Preset::Beginner.engine();
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    click(&mut harness, "Alternate who starts");
    click(&mut harness, "Start");
    // On 3x3 the centre ends the game at once.
    click(&mut harness, "cell b2");
    assert!(harness.state().game_ended());
    click(&mut harness, "New game (same settings)");
    wait_for_computer(&mut harness);
    let state = harness.state();
    assert!(!state.settings().setup.human_first);
    assert!(state.record().settings.players[0].engine().is_some());
    assert!(state.board().ply() >= 1, "the computer did not start");
}

// Item 15: the board's proven first-move advantage is stated before the first move (side
// panel) and in the New game panel; nothing for a board the table does not know.
#[test]
fn a_proven_first_move_advantage_is_stated_and_only_then() {
    let sentence = "This board favours the first player by 18 cells with best play (proven).";
    let (mut empty, _dir) = harness(settings(Mode::HumanVsHuman, 8, 0));
    frames(&mut empty, 2);
    assert_eq!(empty.query_all_by_label(sentence).count(), 1);
    click(&mut empty, "New game");
    assert_eq!(empty.query_all_by_label(sentence).count(), 1);
    click(&mut empty, "Close");
    click(&mut empty, "cell d4");
    assert_eq!(empty.query_all_by_label(sentence).count(), 0);
    let (mut stones, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    frames(&mut stones, 2);
    click(&mut stones, "New game");
    let said = stones.query_all_by_label_contains("favours the first player");
    assert_eq!(said.count(), 0);
}

// Issue 30 (12): a save double-clicked in a file manager (`queens gui FILE`, the desktop
// entry's %f) opens in the window as Game > Open would.
#[test]
fn a_save_given_at_start_opens_in_the_window() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let mut board = queens_board::Board::new(7, &[]).unwrap_or_else(|e| panic!("{e}"));
    board
        .play(queens_board::Cell::new(3, 3))
        .unwrap_or_else(|e| panic!("{e}"));
    let saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    let path = dir.path().join("double-clicked.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let ctx = harness.ctx.clone();
    harness.state_mut().open_file(&ctx, &path);
    step_until(&mut harness, "the save to open", |app| {
        app.board().size() == 7
    });
    assert_eq!(*harness.state().board(), board);
}

/// Issue 32.11: Enter confirms the typed-path prompt, for a path typed in its field
/// and for a save picked from its list.
#[test]
fn enter_opens_the_path_typed_or_picked_in_the_prompt() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let mut board = queens_board::Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
    board
        .play(queens_board::Cell::new(0, 0))
        .unwrap_or_else(|e| panic!("{e}"));
    let saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    saved
        .save_to(&dir.path().join("one.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    frames(&mut harness, 2);
    // Picked from the list, then Enter.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 2);
    click(&mut harness, "one.ron");
    frames(&mut harness, 2);
    harness.key_press(egui::Key::Enter);
    step_until(&mut harness, "the picked save to open", |app| {
        app.board().ply() == 1
    });
    frames(&mut harness, 3);
    assert!(harness.query_by_label("OK").is_none());
    // Typed, then Enter (the field has the keyboard as the prompt opens).
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    frames(&mut harness, 2);
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, queens_app::Action::PasteText("size=6".into()));
    frames(&mut harness, 2);
    assert_eq!(harness.state().board().ply(), 0);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    frames(&mut harness, 3);
    // The field keeps the last path: select it all to type over it.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("file path")
        .type_text(&dir.path().join("one.ron").display().to_string());
    frames(&mut harness, 1);
    harness.key_press(egui::Key::Enter);
    step_until(&mut harness, "the typed save to open", |app| {
        app.board().ply() == 1
    });
}
