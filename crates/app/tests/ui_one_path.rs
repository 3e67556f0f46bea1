//! One game, one path (issue 39): what the window does for one game it does for every
//! game of the games table. Each test is a defect found when queens went one way and
//! the other games another, driven by kittest through accessible labels.

use crate::ui_support;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, EngineSetup, Mode, Settings};
use queens_engines::ai::EngineKind;
use ui_support::{click, frames, harness, settings, step_until};

/// Pastes `text` onto the board (Ctrl+V outside a text field).
fn paste(harness: &mut Harness<'_, App>, text: &str) {
    harness.event(egui::Event::Paste(text.into()));
    frames(harness, 3);
}

/// The texts of every label on screen that contain `part`.
fn labels_with(harness: &Harness<'_, App>, part: &str) -> Vec<String> {
    harness
        .query_all_by_label_contains(part)
        .filter_map(|node| {
            let node = node.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .collect()
}

/// A computer whose settings are no level's (no preset has alpha-beta at depth 3).
fn custom_engine() -> EngineSetup {
    EngineSetup {
        engine: EngineKind::ALPHABETA,
        depth: 3,
        time_ms: 2_000,
        program: None,
    }
}

fn against_the_computer() -> Settings {
    let mut settings = settings(Mode::HumanVsComputer, 5, 0);
    settings.setup.engines = [custom_engine(), custom_engine()];
    settings.setup.table.engines = [custom_engine(), custom_engine()];
    settings
}

#[test]
fn show_coordinates_is_obeyed_on_every_games_board() {
    for game in ["game=tictactoe", "game=dodgem", "game=othello size=6"] {
        let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
        frames(&mut harness, 2);
        paste(&mut harness, game);
        assert!(harness.state().settings().show_coordinates);
        let square = if game.contains("othello") {
            "square c3"
        } else {
            "square b2"
        };
        let with = harness.get_by_label(square).rect();
        click(&mut harness, "View");
        click(&mut harness, "Show coordinates");
        assert!(!harness.state().settings().show_coordinates);
        frames(&mut harness, 2);
        let without = harness.get_by_label(square).rect();
        // Without the letters and numbers the board takes their room: it grows.
        assert!(
            without.width() > with.width() + 0.5,
            "{game}: the board kept the coordinates' room ({with:?} then {without:?})"
        );
    }
}

#[test]
fn a_computer_without_a_level_is_named_by_its_engine_in_every_game() {
    for game in ["size=5", "game=tictactoe"] {
        let (mut harness, _dir) = harness(against_the_computer());
        frames(&mut harness, 2);
        paste(&mut harness, game);
        frames(&mut harness, 2);
        assert!(
            labels_with(&harness, "Custom").is_empty(),
            "{game}: {:?}",
            labels_with(&harness, "Custom")
        );
        assert!(
            !labels_with(&harness, "Computer (Alpha-beta)").is_empty(),
            "{game}: the computer is not named by its engine"
        );
    }
}

#[test]
fn help_rules_explains_the_game_on_screen() {
    let cases = [
        ("game=dodgem", "Black (first) drives right"),
        ("game=tictactoe", "Three in a row"),
        ("game=othello size=6", "closes a straight line"),
        ("size=6", "placing a queen on a free cell"),
    ];
    for (game, rules) in cases {
        let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
        frames(&mut harness, 2);
        paste(&mut harness, game);
        click(&mut harness, "Help");
        click(&mut harness, "Rules");
        frames(&mut harness, 2);
        assert!(
            !labels_with(&harness, rules).is_empty(),
            "{game}: Help > Rules does not say '{rules}'"
        );
        let queens = labels_with(&harness, "placing a queen").len();
        assert_eq!(queens > 0, game.starts_with("size"), "{game}");
    }
}

#[test]
fn the_last_search_says_what_it_proved_never_the_engines_raw_value() {
    let (mut harness, _dir) = harness(against_the_computer());
    frames(&mut harness, 2);
    // X (you) a1, b1, c3; O a2, b2: O, the computer, wins with c2 at the sixth move.
    paste(&mut harness, "game=tictactoe moves=a1,a2,b1,b2,c3");
    // (Pasted positions waited for Resume once: that is the test below.)
    if harness.query_by_label("Resume computer").is_some() {
        click(&mut harness, "Resume computer");
    }
    step_until(&mut harness, "the computer's winning move", |app| {
        app.grid_game().is_some_and(|g| g.game.moves().len() == 6)
    });
    frames(&mut harness, 3);
    let lines = labels_with(&harness, "Last search");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].ends_with("proven: O wins by move 6"),
        "{}",
        lines[0]
    );
    assert!(!lines[0].contains("value"), "{}", lines[0]);
}

#[test]
fn a_pasted_position_is_played_on_as_a_link_is() {
    for (position, plies) in [("size=5 moves=a1", 2), ("game=tictactoe moves=b2", 2)] {
        let (mut harness, _dir) = harness(against_the_computer());
        frames(&mut harness, 2);
        paste(&mut harness, position);
        step_until(&mut harness, "the computer's reply", |app| {
            app.current_ply() == plies
        });
        assert!(!harness.state().is_paused(), "{position}");
    }
}

#[test]
fn hint_works_in_every_game_and_rings_its_move_on_the_board() {
    // X (you) to move: c1 completes a1, b1, c1.
    let cases = [
        ("game=tictactoe moves=a1,a2,b1,b2", "c1", vec!["square c1"]),
        ("game=othello size=6", "", vec![]),
        ("game=dodgem", "", vec![]),
    ];
    for (position, best, squares) in cases {
        let (mut harness, _dir) = harness(against_the_computer());
        frames(&mut harness, 2);
        paste(&mut harness, position);
        click(&mut harness, "Hint");
        step_until(&mut harness, "the hint", |app| {
            app.grid_game().is_some_and(|g| g.hint.is_some())
        });
        frames(&mut harness, 2);
        let hint = harness
            .state()
            .grid_game()
            .and_then(|g| g.hint.clone())
            .unwrap_or_default();
        let legal = harness
            .state()
            .grid_game()
            .map(|g| g.game.legal_moves())
            .unwrap_or_default();
        assert!(legal.contains(&hint), "{position}: hint {hint} not legal");
        if !best.is_empty() {
            assert_eq!(hint, best, "{position}");
        }
        assert_eq!(
            harness.state().status_text(),
            format!("Hint: {hint} (ringed on the board).")
        );
        // Every square the move names is read out as the hint's.
        let named: Vec<String> = hint.split('-').map(|s| format!("square {s}")).collect();
        for square in squares.iter().map(ToString::to_string).chain(named) {
            if square == "square off" {
                continue;
            }
            let value = harness
                .get_by_label(&square)
                .accesskit_node()
                .value()
                .unwrap_or_default();
            assert!(
                value.ends_with(", hint"),
                "{position}: {square} reads '{value}'"
            );
        }
        // Nothing was played for the person: the hint only shows.
        assert!(!harness.state().is_paused(), "{position}");
    }
}

/// Turns View > move values on.
fn move_values_on(harness: &mut Harness<'_, App>) {
    click(harness, "View");
    click(harness, "Move values on the board (heat map and best line)");
    assert!(harness.state().settings().heat_map);
}

#[test]
fn move_values_are_proved_on_every_game_with_an_exact_solver() {
    // Tic-tac-toe: X to move; c1 wins at the fifth move, the rest let O win or draw.
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    paste(&mut harness, "game=tictactoe moves=a1,a2,b1,b2");
    move_values_on(&mut harness);
    step_until(&mut harness, "the proved values", |app| {
        app.move_values().is_some()
    });
    frames(&mut harness, 2);
    let c1 = harness
        .get_by_label("square c1")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(c1.ends_with(", win at move 5"), "{c1}");
    assert_eq!(labels_with(&harness, "+5 c1: win at move 5").len(), 1);
    let listed = labels_with(&harness, ": win at move")
        .into_iter()
        .chain(labels_with(&harness, ": draw"))
        .chain(labels_with(&harness, ": loss at move"))
        .count();
    assert_eq!(listed, 5, "one line per legal move");
    // A move changes the position: its values are proved again, for O.
    click(&mut harness, "square c3");
    step_until(&mut harness, "the values after c3", |app| {
        app.move_values()
            .is_some_and(|v| v.position.ends_with(",c3"))
    });
    // Dodgem: two-square moves, valued in the panel's list.
    paste(&mut harness, "game=dodgem");
    if harness.query_by_label("Discard it").is_some() {
        click(&mut harness, "Discard it");
    }
    step_until(&mut harness, "Dodgem's proved values", |app| {
        app.move_values().is_some()
    });
    let moves = harness
        .state()
        .move_values()
        .map(|v| v.moves.len())
        .unwrap_or_default();
    assert!(moves > 0);
    frames(&mut harness, 2);
    assert!(!labels_with(&harness, "Move values (proved)").is_empty());
    // Othello has no exact solver: nothing is proved, nothing runs.
    paste(&mut harness, "game=othello size=6");
    if harness.query_by_label("Discard it").is_some() {
        click(&mut harness, "Discard it");
    }
    frames(&mut harness, 3);
    assert!(harness.state().move_values().is_none());
    assert!(!harness.state().move_values_running());
}

#[test]
fn the_proved_analysis_runs_on_every_game_with_an_exact_solver() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    // X could win with c1 at move 5 and played c3; O then won with c2.
    paste(&mut harness, "game=tictactoe moves=a1,a2,b1,b2,c3,c2");
    assert!(harness.state().can_analyse());
    click(&mut harness, "Analyse this game");
    step_until(&mut harness, "the analysis", |app| {
        app.analysis_answer().is_some_and(|a| a.is_ok())
    });
    frames(&mut harness, 2);
    assert_eq!(
        labels_with(&harness, "Player 1: 2 of 3 moves kept the result").len(),
        1
    );
    let worst = "Move 5, c3: a win became a loss (best c1)";
    assert_eq!(labels_with(&harness, worst).len(), 1);
    // Its chart: who wins with best play after each move, as queens' margin chart.
    assert!(harness.query_by_label("result chart").is_some());
    // O's a2 lost the draw; b2 then lost sooner than c1 would have.
    let o = [
        "Move 2, a2: a draw became a loss (best b2)",
        "Move 4, b2: the loss, 2 plies sooner (best c1)",
    ];
    for line in o {
        assert_eq!(labels_with(&harness, line).len(), 1, "{line}");
    }
    click(&mut harness, worst);
    assert_eq!(harness.state().reviewing(), Some(4));
    // Dodgem, a few moves in: analysed through the same path, from the menu.
    paste(&mut harness, "game=dodgem moves=a3-b3,b1-b2");
    if harness.query_by_label("Discard it").is_some() {
        click(&mut harness, "Discard it");
    }
    click(&mut harness, "Analyse game");
    step_until(&mut harness, "Dodgem's analysis", |app| {
        app.analysis_answer()
            .is_some_and(|a| a.is_ok_and(|a| a.moves.len() == 2))
    });
}
