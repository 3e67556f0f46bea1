//! Tic-tac-toe and Dodgem in the real window (issue 20.3), driven by kittest through
//! accessible labels: New game picks the game, whole games are played by clicking
//! squares (and Dodgem's exit), undo / redo and review work as for queens, the finished
//! game goes to the history, a save opens again as the same game, the Tree Lab grows the
//! game's tree from the position on screen, and the window speaks Vietnamese.

use crate::ui_support;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{Action, App, Language, Mode, Settings};
use queens_engines::games::seam::AnyGame;
use queens_store::GameKind;
use ui_support::{click, frames, harness, step_until};

const TIC_TAC_TOE: &str = "tictactoe";
const DODGEM: &str = "dodgem";

/// Settings whose New game starts the game `tag` in `mode` (the person first).
fn small_settings(tag: &str, mode: Mode) -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = mode;
    settings.setup.table.table = Some(format!("game={tag}"));
    settings
}

fn position(harness: &Harness<'_, App>) -> Box<dyn AnyGame> {
    harness
        .state()
        .grid_game()
        .unwrap_or_else(|| panic!("no small game on screen"))
        .game
        .clone()
}

/// Plies played in `game`.
fn ply(game: &dyn AnyGame) -> usize {
    game.moves().len()
}

/// The name of the square whose piece is picked up, if one is.
fn picked(harness: &Harness<'_, App>) -> Option<String> {
    let game = harness.state().grid_game()?;
    let view = game.game.grid()?;
    game.picked.map(|index| view.names[index].clone())
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
        app.grid_game()
            .is_some_and(|game| !game.computer_to_move() && app.grid_thinking().is_none())
    });
    frames(harness, 2);
}

#[test]
fn new_game_picks_tic_tac_toe_and_a_whole_game_against_alpha_beta_ends_in_the_history() {
    let (mut harness, dir) = harness(Settings::default());
    frames(&mut harness, 2);
    assert!(harness.state().grid_game().is_none(), "queens first");
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "Tic-tac-toe")
        .click();
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    assert_eq!(position(&harness).tag(), TIC_TAC_TOE);
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
        .grid_game()
        .and_then(|game| game.searched.clone())
        .map(|(_, outcome)| outcome)
        .unwrap_or_else(|| panic!("the computer never searched"));
    assert!(search.exact, "a 9-ply alpha-beta reaches every game's end");
    // The move list lists every move; a click on the first reviews it.
    click(&mut harness, &format!("1. {}", finished.moves()[0]));
    assert_eq!(harness.state().reviewing(), Some(1));
    apply(&mut harness, Action::BackToGame);
    assert_eq!(harness.state().reviewing(), None);
    // Finished: it went to the history, as a tic-tac-toe game.
    frames(&mut harness, 3);
    let (entries, bad) = queens_store::load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].game.kind, GameKind::Table(TIC_TAC_TOE));
    assert_eq!(entries[0].game.moves.len(), ply(finished.as_ref()));
}

#[test]
fn the_tree_lab_grows_the_tree_of_the_position_on_screen() {
    let (mut harness, _dir) = harness(small_settings(TIC_TAC_TOE, Mode::HumanVsHuman));
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
    let mut settings = small_settings(TIC_TAC_TOE, Mode::HumanVsHuman);
    settings.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    assert!(harness.query_by_label("Cờ ca-rô 3x3").is_some());
    square(&mut harness, "a1");
    let status = harness.state().status_text();
    assert!(status.contains("đi a1"), "{status}");
    // The square's value is read out in Vietnamese.
    let value = harness.get_by_label("square b2").value();
    assert_eq!(value.as_deref(), Some("b2: trống"));
}

/// Plays `moves` ("a3-b3", "c3-off") on the Dodgem board by clicking the car, then its
/// square or the exit.
fn drive(harness: &mut Harness<'_, App>, moves: &[&str]) {
    for mv in moves {
        let (from, to) = mv
            .split_once('-')
            .unwrap_or_else(|| panic!("{mv} is not a car move"));
        let before = ply(position(harness).as_ref());
        square(harness, from);
        assert_eq!(
            picked(harness).as_deref(),
            Some(from),
            "the car on {from} is picked up"
        );
        if to == "off" {
            click(harness, "exit");
        } else {
            square(harness, to);
        }
        assert_eq!(
            ply(position(harness).as_ref()),
            before + 1,
            "{mv} was played (status: {})",
            harness.state().status_text()
        );
    }
}

#[test]
fn a_whole_dodgem_game_between_two_people_with_undo_redo_and_both_exits() {
    let (mut harness, dir) = harness(small_settings(DODGEM, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    assert_eq!(position(&harness).tag(), DODGEM);
    // A white car cannot move while black is to move: the click picks nothing up.
    square(&mut harness, "b1");
    assert_eq!(picked(&harness), None);
    drive(&mut harness, &["a3-b3", "c1-c2", "b3-c3"]);
    // Undo takes back one move between people; redo plays it again.
    apply(&mut harness, Action::Undo);
    assert_eq!(ply(position(&harness).as_ref()), 2);
    assert!(harness.state().can_redo());
    apply(&mut harness, Action::Redo);
    assert_eq!(ply(position(&harness).as_ref()), 3);
    assert!(!harness.state().can_redo());
    drive(
        &mut harness,
        &[
            "b1-a1", "c3-off", "c2-c3", "a2-b2", "c3-off", "b2-c2", "a1-a2",
        ],
    );
    let before_end = position(&harness);
    assert_eq!(before_end.score(), [1, 1]);
    assert!(!harness.state().game_ended());
    drive(&mut harness, &["c2-off"]);
    let finished = position(&harness);
    assert_eq!(
        finished.result(),
        Some(Some(0)),
        "black drove both cars off"
    );
    assert_eq!(finished.score(), [2, 1]);
    assert!(harness.state().game_ended());
    let status = harness.state().status_text();
    assert!(status.contains("c2-off"), "{status}");
    // The finished game is in the history as a Dodgem game with its eleven moves.
    step_until(&mut harness, "the history write", |_| {
        queens_store::load_history(dir.path()).0.len() == 1
    });
    let (entries, _) = queens_store::load_history(dir.path());
    assert_eq!(entries[0].game.kind, GameKind::Table(DODGEM));
    assert_eq!(entries[0].game.moves.len(), 11);
    // The History window names the game (where a queens game shows its board), offers
    // no analysis of it, and the analysis asked for anyway is refused, not run on the
    // queens game behind it.
    let named_before = harness.query_all_by_label("Dodgem").count();
    ui_support::open_history(&mut harness);
    assert_eq!(
        harness.query_all_by_label("Dodgem").count(),
        named_before + 1,
        "the history's row names its game"
    );
    assert!(harness.query_by_label("3x3").is_none());
    let analyse = harness.get_by_label("Analyse");
    assert!(
        !analyse.accesskit_node().is_disabled(),
        "Dodgem has the proved analysis (issue 39)"
    );
    apply(&mut harness, Action::AnalyseHistoryEntry(0));
    assert_eq!(position(&harness).tag(), DODGEM);
    step_until(&mut harness, "the Dodgem game's analysis", |app| {
        app.analysis_answer().is_some_and(|a| a.is_ok())
    });
}

#[test]
fn a_dodgem_save_opens_again_as_the_same_game() {
    let (mut harness, dir) = harness(small_settings(DODGEM, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    drive(&mut harness, &["a3-b3", "c1-c2", "b3-c3"]);
    let saved_position = position(&harness);
    let path = dir.path().join("dodgem.ron");
    apply(
        &mut harness,
        Action::PathChosen(queens_app::FileTask::SaveAs, path.clone()),
    );
    step_until(&mut harness, "the save", |_| path.is_file());
    let loaded = queens_store::load_game(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved().kind, GameKind::Table(DODGEM));
    assert_eq!(loaded.ply(), 3);
    // Another window (a queens game on screen) opens it as Dodgem, at the same position.
    let other = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut second = ui_support::harness_in(Settings::default(), other.path());
    frames(&mut second, 2);
    assert!(second.state().grid_game().is_none());
    apply(
        &mut second,
        Action::PathChosen(queens_app::FileTask::Open, path.clone()),
    );
    step_until(&mut second, "the open", |app| app.grid_game().is_some());
    assert_eq!(
        position(&second).game_string(),
        saved_position.game_string()
    );
    // Play goes on from there: white's turn.
    drive(&mut second, &["b1-a1"]);
    assert_eq!(ply(position(&second).as_ref()), 4);
}

#[test]
fn an_unfinished_dodgem_game_is_offered_to_continue_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let autosave = queens_store::autosave_path(dir.path());
    {
        let mut first =
            ui_support::harness_in(small_settings(DODGEM, Mode::HumanVsHuman), dir.path());
        frames(&mut first, 2);
        drive(&mut first, &["a3-b3", "c1-c2"]);
        step_until(&mut first, "the autosave", |_| {
            queens_store::load_game(&autosave).is_ok_and(|loaded| loaded.ply() == 2)
        });
    }
    // The next start (whatever game New game would start) offers it, naming the game.
    let mut second = ui_support::harness_in(Settings::default(), dir.path());
    step_until(&mut second, "the offer", App::continue_offered);
    frames(&mut second, 2);
    assert!(
        second
            .query_by_label_contains("An unfinished game of Dodgem")
            .is_some(),
        "the Continue question names the game"
    );
    click(&mut second, "Continue");
    let continued = position(&second);
    assert_eq!(continued.tag(), DODGEM);
    assert_eq!(ply(continued.as_ref()), 2);
    // Nothing was quarantined as damaged.
    assert!(autosave.is_file());
    // Its tree opens in the lab: two plies from the position on screen, every leaf a
    // position two moves on (or a finished game sooner).
    click(&mut second, "Open in the Tree Lab");
    let lab = second.state().tree_lab();
    assert!(lab.open);
    assert_eq!(lab.grow.position, continued.to_string());
    assert!(lab.grow.error.is_none(), "{:?}", lab.grow.error);
    let expected: usize = continued
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = continued.clone();
            child.play_text(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            child.legal_moves().len().max(1)
        })
        .sum();
    assert_eq!(lab.model.tree.leaf_count(), expected);
}

#[test]
fn a_small_game_remembered_from_last_time_starts_with_its_own_status_line() {
    let (mut harness, _dir) = harness(small_settings(DODGEM, Mode::HumanVsHuman));
    frames(&mut harness, 4);
    assert_eq!(position(&harness).tag(), DODGEM);
    let status = harness.state().status_text();
    assert_eq!(status, "New game of Dodgem.");
}

/// Issue 32 (2): the question before a new game replaces a small one counts the small
/// game's moves, not those of the queens game waiting behind it.
#[test]
fn the_replace_question_counts_the_small_game_on_screen() {
    let (mut harness, _dir) = harness(small_settings(TIC_TAC_TOE, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    for name in ["a1", "b2", "c3"] {
        square(&mut harness, name);
    }
    assert_eq!(ply(position(&harness).as_ref()), 3);
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "Queens & Stones")
        .click();
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    assert!(harness.state().replace_asked());
    let asked = "The game on the board is not finished (3 moves) and not saved to a file. Save it first, or discard it?";
    assert!(
        harness.query_by_label(asked).is_some(),
        "the question does not count the 3 tic-tac-toe moves: {:?}",
        harness
            .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
                node.value()
                    .is_some_and(|v| v.starts_with("The game on the board"))
            })
            .filter_map(|node| node.accesskit_node().value())
            .collect::<Vec<_>>()
    );
}

/// Issue 32 (8): Dodgem's draw rule says the number of the rules (`PLY_LIMIT` plies,
/// half as many moves each), in both languages.
#[test]
fn dodgem_s_draw_rule_counts_plies_in_both_languages() {
    let plies = queens_engines::games::dodgem::PLY_LIMIT;
    let wordings = [
        (
            Language::English,
            format!("{plies} plies ({} moves each)", plies / 2),
        ),
        (
            Language::Vietnamese,
            format!("{plies} nửa nước (mỗi bên {} nước)", plies / 2),
        ),
    ];
    for (language, wording) in wordings {
        let mut settings = small_settings(DODGEM, Mode::HumanVsHuman);
        settings.language = language;
        let (mut harness, _dir) = harness(settings);
        frames(&mut harness, 2);
        let rules: Vec<String> = harness
            .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
                node.value().is_some_and(|v| v.contains(&plies.to_string()))
            })
            .filter_map(|node| node.accesskit_node().value())
            .map(|text| text.to_string())
            .collect();
        assert!(
            rules.iter().any(|text| text.contains(&wording)),
            "{language:?}: no text says {wording:?}: {rules:?}"
        );
    }
}

/// The value a screen reader reads for square `name`.
fn square_value(harness: &Harness<'_, App>, name: &str) -> String {
    harness
        .get_by_label(&format!("square {name}"))
        .value()
        .unwrap_or_default()
}

#[test]
fn a_won_tic_tac_toe_game_ends_as_queens_does_with_its_line_and_last_move_marked() {
    let settings = small_settings(TIC_TAC_TOE, Mode::HumanVsHuman);
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    for name in ["a1", "b1", "a2", "b2", "a3"] {
        square(&mut harness, name);
    }
    assert!(harness.state().game_ended());
    // The game-over summary, as after a queens game: the result, Rematch, and Analyse
    // (tic-tac-toe has an exact solver, so the proved analysis: issue 39).
    assert!(harness.query_by_label("Game over").is_some(), "no summary");
    // The result, in the side panel and as the summary's headline.
    let results = harness.query_all_by_label("Won by Player 1.").count();
    assert_eq!(results, 2);
    assert!(harness.query_by_label("Analyse this game").is_some());
    // The winning line and the last move are marked, and read out.
    for name in ["a1", "a2", "a3"] {
        assert!(
            square_value(&harness, name).contains("winning line"),
            "{name}"
        );
    }
    assert!(!square_value(&harness, "b1").contains("winning line"));
    assert!(square_value(&harness, "a3").contains("last move"));
    assert!(!square_value(&harness, "a2").contains("last move"));
    // Close keeps the board as it ended; Rematch in the summary starts the game again.
    click(&mut harness, "Close");
    assert!(harness.query_by_label("Game over").is_none());
    assert!(harness.state().game_ended());
}

#[test]
fn rematch_from_the_small_game_s_summary_starts_a_fresh_game() {
    let settings = small_settings(TIC_TAC_TOE, Mode::HumanVsHuman);
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    for name in ["a1", "b1", "a2", "b2", "a3"] {
        square(&mut harness, name);
    }
    assert!(harness.query_by_label("Game over").is_some(), "no summary");
    let summary_rematch = harness
        .query_all_by_label("Rematch (colours swapped)")
        .count();
    assert!(summary_rematch >= 1);
    apply(&mut harness, Action::Rematch);
    assert_eq!(ply(position(&harness).as_ref()), 0);
    assert!(harness.query_by_label("Game over").is_none());
}

#[test]
fn the_small_games_computer_is_named_by_its_engine_in_both_languages() {
    let settings = small_settings(TIC_TAC_TOE, Mode::HumanVsComputer);
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    assert!(
        harness
            .query_by_label_contains("Computer (Alpha-beta)")
            .is_some()
    );
    assert!(harness.query_by_label_contains("Custom").is_none());
    let mut settings = small_settings(DODGEM, Mode::HumanVsComputer);
    settings.language = Language::Vietnamese;
    let (mut harness, _dir) = ui_support::harness(settings);
    frames(&mut harness, 2);
    assert!(
        harness
            .query_by_label_contains("Máy (Cắt tỉa alpha-beta)")
            .is_some()
    );
}

#[test]
fn dodgem_marks_the_last_move_and_ends_with_the_summary() {
    let settings = small_settings(DODGEM, Mode::HumanVsHuman);
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    drive(&mut harness, &["a3-b3"]);
    assert!(square_value(&harness, "b3").contains("last move"));
    assert!(!square_value(&harness, "a2").contains("last move"));
    apply(&mut harness, Action::Resign);
    apply(&mut harness, Action::ConfirmResign(true));
    assert!(harness.state().game_ended());
    assert!(harness.query_by_label("Game over").is_some(), "no summary");
    assert!(harness.query_by_label("Analyse this game").is_some());
}
