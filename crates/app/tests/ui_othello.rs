//! Othello in the real window, through the game seam (issue 31.3), driven by kittest
//! through accessible labels: New game lists it from the games table, a click on a
//! marked square plays, the computer answers through `AnyGame::think`, a click where no
//! disc may go is refused with a message, a forced pass is a button, a pasted
//! `game=othello` string (or a link to it) goes on screen, is autosaved as an Othello
//! record and is continued in a new window.

use crate::ui_support;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::{Action, App, EngineSetup, Mode, Settings};
use queens_engines::ai::EngineKind;
use std::path::Path;
use ui_support::{click, first_free, frames, harness, step_until};

/// The small and table games' computers, quick: alpha-beta to depth 2.
fn quick_computers(settings: &mut Settings) {
    let engine = EngineSetup {
        engine: EngineKind::ALPHABETA,
        depth: 2,
        time_ms: 2_000,
        program: None,
    };
    settings.setup.table.engines = [engine.clone(), engine];
}

/// Settings whose game at start is Othello on `size`, in `mode` (the person first).
fn othello_settings(size: u8, mode: Mode) -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = mode;
    settings.setup.table.table = Some(format!("game=othello size={size}"));
    quick_computers(&mut settings);
    settings
}

/// The game string of the table game on screen.
fn shown(harness: &Harness<'_, App>) -> String {
    harness
        .state()
        .grid_game()
        .unwrap_or_else(|| panic!("no table game on screen"))
        .game
        .game_string()
}

fn legal(harness: &Harness<'_, App>) -> Vec<String> {
    harness
        .state()
        .grid_game()
        .map(|game| game.game.legal_moves())
        .unwrap_or_default()
}

fn apply(harness: &mut Harness<'_, App>, action: Action) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, action);
    frames(harness, 3);
}

/// Every file under `dir` with its bytes, once the window's writes are done.
fn files_in(harness: &mut Harness<'_, App>, dir: &Path) -> Vec<(String, Vec<u8>)> {
    step_until(harness, "the writes", |app| !app.is_writing());
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{e}")) {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
                files.push((path.display().to_string(), bytes));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn othello_6x6_from_new_game_plays_a_click_the_computer_answers_and_a_bad_click_is_refused() {
    let mut settings = Settings::default();
    quick_computers(&mut settings);
    let (mut harness, _dir) = harness(settings);
    frames(&mut harness, 2);
    click(&mut harness, "New game");
    harness
        .get_by_role_and_label(Role::RadioButton, "Othello 6x6")
        .click();
    frames(&mut harness, 2);
    click(&mut harness, "Start");
    assert_eq!(shown(&harness), "game=othello size=6");
    // A corner takes no disc at the start: refused by the rules, which say why (as a
    // taken queens cell is: one click path for every game).
    click(&mut harness, "square a1");
    let status = harness.state().status_text();
    assert!(
        status.contains("a1 is not legal here: a disc must turn over"),
        "{status}"
    );
    assert!(harness.state().message_is_error());
    assert_eq!(harness.state().grid_game().map(|g| g.ply()), Some(0));
    // A marked square is read out as a legal move, and a click there plays it.
    let first = legal(&harness)[0].clone();
    let value = harness.get_by_label(&format!("square {first}")).value();
    assert_eq!(
        value.as_deref(),
        Some(format!("{first}: empty, a legal move").as_str())
    );
    click(&mut harness, &format!("square {first}"));
    // The computer (white) answers through the seam, with a legal move of its own.
    step_until(&mut harness, "the computer's answer", |app| {
        app.grid_game().is_some_and(|g| g.ply() == 2) && app.grid_thinking().is_none()
    });
    let moves = harness
        .state()
        .grid_game()
        .map(|g| g.game.moves())
        .unwrap_or_default();
    assert_eq!(moves[0], first);
    let searched = harness
        .state()
        .grid_game()
        .and_then(|g| g.searched.clone())
        .unwrap_or_else(|| panic!("the computer never searched"));
    assert_eq!(searched.1.best_move.as_deref(), Some(moves[1].as_str()));
    // The square it played is marked as the last move.
    let value = harness
        .get_by_label(&format!("square {}", moves[1]))
        .value();
    assert_eq!(
        value.as_deref(),
        Some(format!("{}: white, last move", moves[1]).as_str())
    );
}

#[test]
fn a_pasted_othello_link_goes_on_screen_is_autosaved_and_reopens() {
    let (mut harness, dir) = harness(ui_support::settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    // A queens game with a move: its autosave is on disk.
    let cell = first_free(harness.state().board());
    click(&mut harness, &cell);
    assert!(
        !files_in(&mut harness, dir.path()).is_empty(),
        "the queens game's autosave"
    );
    // A link to an Othello position, pasted.
    let mut start = queens_engines::games::game_string::read("game=othello size=6")
        .unwrap_or_else(|e| panic!("{e}"));
    let opening = start.legal_moves()[0].clone();
    start.play_text(&opening).unwrap_or_else(|e| panic!("{e}"));
    let text = start.game_string();
    let link = format!("https://example.org/queens/#{}", text.replace(' ', "%20"));
    apply(&mut harness, Action::PasteText(link));
    // The queens game had unsaved moves: the window asks first.
    click(&mut harness, "Discard it");
    assert_eq!(shown(&harness), text);
    let status = harness.state().status_text();
    assert!(!status.contains("cannot save"), "{status}");
    // Between two people now (the pasted game keeps the remembered players): play on.
    let reply = legal(&harness)[0].clone();
    click(&mut harness, &format!("square {reply}"));
    assert_eq!(harness.state().grid_game().map(|g| g.ply()), Some(2));
    let played = shown(&harness);
    // The autosave now holds the Othello game, and reads back as the same game.
    files_in(&mut harness, dir.path());
    let path = queens_store::autosave_path(dir.path());
    match queens_store::load_game(&path) {
        Ok(queens_store::Loaded::Table(loaded)) => {
            assert_eq!(loaded.game.game_string(), played);
            assert_eq!(loaded.saved.kind.name(), "othello");
            assert_eq!(loaded.saved.settings.size, 6);
        }
        Ok(other) => panic!("the autosave holds a {:?} game", other.saved().kind),
        Err(e) => panic!("no Othello autosave: {e}"),
    }
    // A new window on the same folder offers it and continues it.
    let mut again =
        ui_support::harness_in(ui_support::settings(Mode::HumanVsHuman, 5, 0), dir.path());
    frames(&mut again, 2);
    click(&mut again, "Continue");
    frames(&mut again, 2);
    assert_eq!(shown(&again), played);
}

/// The moves of an Othello 6x6 game from its start to a position whose side to move
/// must pass: found by playing the legal moves in a fixed pseudo-random order.
fn moves_to_a_pass() -> String {
    let mut seed = 7u64;
    for _ in 0..2_000 {
        let mut game = queens_engines::games::game_string::read("game=othello size=6")
            .unwrap_or_else(|e| panic!("{e}"));
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if moves == ["pass"] {
                return game.game_string();
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = (seed >> 33) as usize % moves.len();
            game.play_text(&moves[pick])
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    panic!("no forced pass in 2000 games");
}

#[test]
fn a_forced_pass_is_a_button_that_plays_the_pass() {
    let (mut harness, _dir) = harness(othello_settings(6, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    let text = moves_to_a_pass();
    apply(&mut harness, Action::PasteText(text.clone()));
    assert_eq!(shown(&harness), text);
    assert_eq!(legal(&harness), ["pass"]);
    // No square takes a disc: a click on one is refused.
    let view = harness
        .state()
        .grid_game()
        .and_then(|g| g.game.grid())
        .unwrap_or_else(|| panic!("no grid"));
    let empty = view
        .names
        .iter()
        .zip(&view.squares)
        .find(|(_, square)| **square == queens_engines::games::grid::Square::Empty)
        .map(|(name, _)| name.clone())
        .unwrap_or_else(|| panic!("no empty square"));
    click(&mut harness, &format!("square {empty}"));
    assert!(harness.state().message_is_error());
    assert!(harness.query_by_label("Pass").is_some(), "the Pass button");
    click(&mut harness, "Pass");
    let passed = harness.state().status_text();
    assert!(passed.contains("passed: no legal move"), "{passed}");
    assert_eq!(
        harness
            .state()
            .grid_game()
            .and_then(|g| g.game.moves().pop()),
        Some("pass".to_string())
    );
}

#[test]
fn the_computer_passes_by_itself_when_it_must() {
    let (mut harness, _dir) = harness(othello_settings(6, Mode::ComputerVsComputer));
    frames(&mut harness, 2);
    let text = moves_to_a_pass();
    apply(&mut harness, Action::PasteText(text.clone()));
    // The computers' game at start has moves by now: the window asks first.
    if harness.query_by_label("Discard it").is_some() {
        click(&mut harness, "Discard it");
    }
    // A pasted position is played on (issue 39): the computer to move there passes.
    step_until(&mut harness, "the computer's pass", |app| {
        app.grid_game()
            .is_some_and(|g| g.game.moves().len() > text.matches(',').count() + 1)
    });
    let moves = harness
        .state()
        .grid_game()
        .map(|g| g.game.moves())
        .unwrap_or_default();
    let pasted = text.matches(',').count() + 1;
    assert!(
        text.ends_with(&moves[..pasted].join(",")),
        "{text} then {moves:?}"
    );
    assert_eq!(moves[pasted], "pass");
}

#[test]
fn the_tree_lab_grows_the_othello_position_on_screen() {
    let (mut harness, _dir) = harness(othello_settings(6, Mode::HumanVsHuman));
    frames(&mut harness, 2);
    let first = legal(&harness)[0].clone();
    click(&mut harness, &format!("square {first}"));
    click(&mut harness, "Open in the Tree Lab");
    let lab = harness.state().tree_lab();
    assert!(lab.open);
    assert_eq!(lab.grow.game.name(), "othello");
    let position = harness
        .state()
        .grid_game()
        .map(|g| g.game.to_string())
        .unwrap_or_default();
    assert_eq!(lab.grow.position, position);
    assert!(lab.grow.error.is_none(), "{:?}", lab.grow.error);
    assert!(lab.model.tree.leaf_count() > 1);
}

/// Issue 38.15: the Vietnamese move list wrote a pass as "60. pass"; it says it in the
/// window's language, as the Pass button does ("Bỏ lượt").
#[test]
fn a_pass_in_the_vietnamese_move_list_is_worded_in_vietnamese() {
    let mut chosen = othello_settings(6, Mode::HumanVsHuman);
    chosen.language = queens_app::Language::Vietnamese;
    let (mut harness, _dir) = harness(chosen);
    frames(&mut harness, 2);
    let text = moves_to_a_pass();
    apply(&mut harness, Action::PasteText(text));
    click(&mut harness, "Bỏ lượt");
    let moves = harness
        .state()
        .grid_game()
        .map(|g| g.game.moves())
        .unwrap_or_default();
    assert_eq!(moves.last().map(String::as_str), Some("pass"));
    let ply = moves.len();
    assert!(
        harness.query_by_label(&format!("{ply}. pass")).is_none(),
        "the list says \"{ply}. pass\""
    );
    assert!(
        harness.query_by_label(&format!("{ply}. bỏ lượt")).is_some(),
        "the list does not say \"{ply}. bỏ lượt\""
    );
}
