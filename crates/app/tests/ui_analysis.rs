//! "Analyse game" in the window, driven through egui_kittest by accessible labels: the
//! analysis runs to the end in the background and the move list then shows each move's
//! loss, as `queens analyse` reports it.

use crate::ui_support;

use calamine::{Reader, Xlsx, open_workbook};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use queens_app::Mode;
use queens_board::{Board, random_position};
use queens_engines::analysis::{AnalysisSettings, analyse};
use std::time::Duration;
use ui_support::{click, frames, harness, settings, step_until};

/// P2's second move d1 gives away cells (see the expected losses below).
const GAME: &str = "size=5 stones=b2 moves=c3,a1,e2";

#[test]
fn analyse_game_marks_every_move_with_its_loss() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness.get_by_label("game string").type_text(GAME);
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    assert_eq!(harness.state().board().game_string(), GAME);

    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "the analysis to finish", |app| {
        !app.is_analysing()
    });
    frames(&mut harness, 2);
    let analysis = harness
        .state()
        .analysis()
        .cloned()
        .unwrap_or_else(|| panic!("no analysis shown"));
    assert!(analysis.complete);

    // The same answer as the library's (and so the CLI's) analysis of the game.
    let board = Board::from_game_string(GAME).unwrap_or_else(|e| panic!("{e}"));
    let expected = analyse(
        &board,
        AnalysisSettings {
            time: Duration::from_secs(5),
            threads: 1,
            hash_mb: 4,
            retry: std::time::Duration::ZERO,
        },
        &|| false,
        &mut |_, _| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let losses: Vec<Option<u32>> = analysis.moves.iter().map(|m| m.loss).collect();
    let expected_losses: Vec<Option<u32>> = expected.moves.iter().map(|m| m.loss).collect();
    assert_eq!(losses, expected_losses);
    // A 5x5 game is proved move by move.
    assert!(losses.iter().all(Option::is_some), "{losses:?}");
    assert!(losses.iter().any(|&loss| loss > Some(0)), "{losses:?}");

    // Each move's loss is in the move list, readable by its label.
    for m in &analysis.moves {
        let loss = m.loss.unwrap_or_default();
        let label = format!("loss of move {}: {} {}", m.ply, loss, m.class.name());
        assert!(
            harness.query_by_label(&label).is_some(),
            "{label} is not in the move list"
        );
    }
    // The players' totals are shown.
    assert!(
        harness
            .query_all_by_label_contains("cells given away, accuracy")
            .count()
            == 2
    );

    // The chart of the margins is there.
    assert!(harness.query_by_label("margin chart").is_some());

    // A move changes the game: the old analysis is no longer shown.
    click(&mut harness, "Undo");
    assert!(harness.state().analysis().is_none());
}

/// Pastes `game` and runs "Analyse game" to the end.
fn analysed(game: &str) -> egui_kittest::Harness<'static, queens_app::App> {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    // The saves folder lives as long as the test binary: nothing is saved here.
    std::mem::forget(dir);
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness.get_by_label("game string").type_text(game);
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "the analysis to finish", |app| {
        !app.is_analysing()
    });
    frames(&mut harness, 2);
    harness
}

#[test]
fn a_worst_move_shows_the_position_before_it_with_the_better_move() {
    let mut harness = analysed(GAME);
    let analysis = harness
        .state()
        .analysis()
        .cloned()
        .unwrap_or_else(|| panic!("no analysis shown"));
    // The costliest move of the game, as the list orders them.
    let worst = [1u8, 2]
        .iter()
        .flat_map(|&p| analysis.worst_moves(p, 3))
        .max_by_key(|m| m.loss_lower)
        .cloned()
        .unwrap_or_else(|| panic!("no move lost anything"));
    let better = worst
        .best
        .clone()
        .unwrap_or_else(|| panic!("no better move"));
    assert_ne!(better, worst.played);
    assert!(worst.better_proved);
    let loss = worst
        .loss
        .unwrap_or_else(|| panic!("not proved: {worst:?}"));
    let label = format!(
        "{}. {} lost {}, better {}",
        worst.ply, worst.played, loss, better
    );
    click(&mut harness, &label);

    // The board shows the position before the move, replayed by the board itself.
    assert_eq!(harness.state().reviewing(), Some(worst.ply - 1));
    let game = Board::from_game_string(GAME).unwrap_or_else(|e| panic!("{e}"));
    let compare = harness
        .state()
        .compared_move()
        .unwrap_or_else(|| panic!("the moves are not marked"));
    assert_eq!(
        (compare.played.to_string(), compare.better.to_string()),
        (worst.played.clone(), better)
    );
    // Both cells are free there: the played move is yet to come.
    let before = game.at_ply(worst.ply - 1);
    assert!(before.free().contains(compare.played) && before.free().contains(compare.better));

    // Back to the live position: the marks go with the review.
    click(&mut harness, "Back to game");
    assert_eq!(harness.state().reviewing(), None);
    assert!(harness.state().compared_move().is_none());
    assert_eq!(harness.state().board().game_string(), GAME);
}

#[test]
fn an_analysis_can_be_cancelled() {
    // A 15x15 game: far too long to finish before the cancel arrives.
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 15, 0));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    let game = random_position(15, 0, 6, 1)
        .unwrap_or_else(|e| panic!("{e}"))
        .game_string();
    harness.get_by_label("game string").type_text(&game);
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    assert_eq!(harness.state().board().game_string(), game);
    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    assert!(harness.state().is_analysing());
    click(&mut harness, "Cancel analysis");
    step_until(&mut harness, "the analysis to stop", |app| {
        !app.is_analysing()
    });
    frames(&mut harness, 2);
    if let Some(analysis) = harness.state().analysis() {
        assert!(!analysis.complete);
    }
}

#[test]
fn a_history_game_is_opened_and_analysed_from_the_history_window() {
    use queens_store::{SavedGame, Side, append_history};
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let finished = random_position(5, 1, 100, 7).unwrap_or_else(|e| panic!("{e}"));
    assert!(finished.is_over());
    let saved = SavedGame::new(&finished, [Side::Human, Side::Human], None);
    append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    let mut harness = ui_support::harness_in(settings(Mode::HumanVsHuman, 5, 0), dir.path());
    frames(&mut harness, 2);
    ui_support::open_history(&mut harness);
    click(&mut harness, "Analyse");
    assert_eq!(
        harness.state().board().game_string(),
        finished.game_string()
    );
    step_until(&mut harness, "the history game's analysis", |app| {
        !app.is_analysing() && app.analysis().is_some()
    });
    let analysis = harness
        .state()
        .analysis()
        .cloned()
        .unwrap_or_else(|| panic!("no analysis"));
    assert_eq!(analysis.game, finished.game_string());
    assert_eq!(analysis.moves.len(), finished.ply());
}

#[test]
fn clicking_the_margin_chart_shows_that_position() {
    let mut harness = analysed(GAME);
    let game = Board::from_game_string(GAME).unwrap_or_else(|e| panic!("{e}"));
    let rect = harness.get_by_label("margin chart").rect();
    // Near the left edge: the start (ply 0 lies at the left of the data); then near the
    // right edge, the last positions.
    let mut shown = Vec::new();
    for share in [0.05, 0.6] {
        let pos = egui::pos2(rect.left() + rect.width() * share, rect.center().y);
        harness.event(egui::Event::PointerMoved(pos));
        frames(&mut harness, 1);
        for pressed in [true, false] {
            harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
            frames(&mut harness, 1);
        }
        frames(&mut harness, 2);
        let ply = harness
            .state()
            .reviewing()
            .unwrap_or_else(|| panic!("the click at {share} showed no position"));
        assert!(ply < game.ply());
        // The status line names the position the board replayed.
        assert!(
            harness.state().status_text().contains("Reviewing"),
            "{}",
            harness.state().status_text()
        );
        shown.push(ply);
    }
    assert!(shown[0] < shown[1], "{shown:?}");
    click(&mut harness, "Back to game");
    assert_eq!(harness.state().reviewing(), None);
}

#[test]
fn the_exported_workbook_takes_the_analysis_of_the_game_on_screen() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness.get_by_label("game string").type_text(GAME);
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "the analysis to finish", |app| {
        !app.is_analysing()
    });
    let losses: Vec<Option<u32>> = harness
        .state()
        .analysis()
        .map(|analysis| analysis.moves.iter().map(|m| m.loss).collect())
        .unwrap_or_default();
    assert_eq!(losses.len(), 3);

    click(&mut harness, "Game");
    click(&mut harness, "Export history to Excel…");
    click(&mut harness, "OK");
    step_until(&mut harness, "the export", |app| !app.is_exporting());
    let path = dir.path().join("history.xlsx");
    let mut workbook: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        workbook.sheet_names().contains(&"Analysis 1".to_string()),
        "{:?}",
        workbook.sheet_names()
    );
    let range = workbook
        .worksheet_range("Analysis 1")
        .unwrap_or_else(|e| panic!("{e}"));
    let cells: Vec<String> = range.cells().map(|(_, _, cell)| cell.to_string()).collect();
    // Every move of the game is on the sheet.
    for played in ["c3", "a1", "e2"] {
        assert!(
            cells.iter().any(|cell| cell == played),
            "{played} in {cells:?}"
        );
    }
}

/// Issue 19 (1): a loss the analysis could not prove in its time is not stated. Since the
/// greedy bounds (issue 33.1) the solver proves a 15x15 opening with 20 stones in a
/// fraction of a second, so the window's half second a position would prove it; the test
/// gives Analyse game one millisecond a position instead (hundreds of times too little).
/// The second look that would prove it is cancelled (issue 21: Cancel keeps the first
/// pass's answers): the move list marks the move unproved ("?" or proved bounds, never an
/// estimated "-5"), no worst move is listed for it, and the totals say how many moves are
/// unproved.
#[test]
fn an_unproved_loss_is_marked_and_never_stated() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    std::mem::forget(dir);
    harness
        .state_mut()
        .set_analysis_time(std::time::Duration::from_millis(1));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness.get_by_label("game string").type_text(
        "size=15 stones=d1,i1,d2,k2,a3,k4,o5,i7,c8,m8,g9,f10,m10,o11,k12,n13,o13,i15,m15,o15 \
         moves=h11",
    );
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    click(&mut harness, "Game");
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "the second look", |app| {
        app.is_taking_second_look()
    });
    frames(&mut harness, 1);
    assert!(
        harness.query_by_label_contains("Second look").is_some(),
        "the progress bar names the second look"
    );
    click(&mut harness, "Cancel analysis");
    step_until(&mut harness, "the analysis to end", |app| {
        !app.is_analysing()
    });
    frames(&mut harness, 2);
    let analysis = harness
        .state()
        .analysis()
        .cloned()
        .unwrap_or_else(|| panic!("no analysis shown"));
    let m = &analysis.moves[0];
    assert_eq!(m.loss, None, "{m:?}");
    assert_eq!(m.class, queens_engines::analysis::Class::Unproved);
    let label = format!(
        "loss of move 1: {}..{} unproved",
        m.loss_lower, m.loss_upper
    );
    assert!(harness.query_by_label(&label).is_some(), "{label}");
    assert!(
        harness
            .query_by_label_contains("not proved in the time")
            .is_some()
    );
    assert!(analysis.worst_moves(1, 3).is_empty());
    assert!(harness.query_by_label_contains("1. h11 lost").is_none());
    frames(&mut harness, 1);
}

/// Issue 32.9: the game-over window offers "Analyse this game", as lichess does.
#[test]
fn the_game_over_window_analyses_the_game_just_finished() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 4, 0));
    frames(&mut harness, 2);
    harness.get_by_label("game string").focus();
    frames(&mut harness, 1);
    harness
        .get_by_label("game string")
        .type_text("size=4 moves=b2,d3,a4");
    frames(&mut harness, 2);
    click(&mut harness, "Paste position");
    assert!(harness.query_all_by_label_contains("Game over").count() > 0);
    click(&mut harness, "Analyse this game");
    step_until(&mut harness, "the analysis to finish", |app| {
        !app.is_analysing() && app.analysis().is_some()
    });
    frames(&mut harness, 2);
    assert!(harness.query_by_label_contains("loss of move 1").is_some());
}
