//! Learn > Puzzles for every game with an exact solver (issue 39), in the real window,
//! driven by kittest through accessible labels: with tic-tac-toe or Dodgem on screen the
//! window offers that game's puzzles, made on a background job; the test reads the
//! puzzle's position from the window, proves it itself, clicks the right and a wrong
//! move on the puzzle's board (two squares for a Dodgem car) and checks the verdict and
//! the refutation's end in words; the Game chooser offers them with queens on screen,
//! and the window speaks Vietnamese.

use crate::ui_support;

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, Language, Mode};
use queens_engines::analysis::{Outcome, ProvedMove, ProvedMoves, proved_moves};
use queens_engines::games::game_string::read;
use std::time::Duration;
use ui_support::{click, frames, harness, settings};

/// Pastes `text` onto the board (Ctrl+V outside a text field).
fn paste(harness: &mut Harness<'_, App>, text: &str) {
    harness.event(egui::Event::Paste(text.into()));
    frames(harness, 3);
}

/// The texts of the labels in the puzzle window (`title`) that begin with `start`.
fn window_labels(harness: &Harness<'_, App>, title: &str, start: &str) -> Vec<String> {
    let Some(window) = harness.query_by_role_and_label(Role::Window, title) else {
        return Vec::new();
    };
    window
        .query_all_by_label_contains(start)
        .filter_map(|node| {
            let node = node.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .filter(|text| text.starts_with(start))
        .collect()
}

/// Steps until a label of the puzzle window begins with `start`, and returns it; fails
/// after a bounded number of frames, not after a wall-clock time.
fn wait_for_text(harness: &mut Harness<'_, App>, title: &str, start: &str) -> String {
    for _ in 0..6_000 {
        if let Some(text) = window_labels(harness, title, start).into_iter().next() {
            return text;
        }
        std::thread::sleep(Duration::from_millis(5));
        harness.step();
    }
    panic!("no label beginning {start:?} in the {title} window");
}

/// Clicks the puzzle board's square `name` (the game on screen has squares of the same
/// names: the one inside the puzzle window is meant).
fn puzzle_square(harness: &mut Harness<'_, App>, title: &str, name: &str) {
    harness
        .get_by_role_and_label(Role::Window, title)
        .get_by_label(&format!("square {name}"))
        .click();
    frames(harness, 3);
}

/// Plays `mv` on the puzzle's board by clicks: each square it names, the exit for "off".
fn play(harness: &mut Harness<'_, App>, title: &str, mv: &str) {
    for part in mv.split('-') {
        if part == "off" {
            harness
                .get_by_role_and_label(Role::Window, title)
                .get_by_label("exit")
                .click();
            frames(harness, 3);
        } else {
            puzzle_square(harness, title, part);
        }
    }
}

/// Opens Learn > Puzzles (in English) and waits for the first puzzle; returns its
/// position proved by the test, move by move.
fn open_first_puzzle(harness: &mut Harness<'_, App>) -> ProvedMoves {
    frames(harness, 2);
    click(harness, "Learn");
    click(harness, "Puzzles…");
    wait_for_text(harness, "Puzzles", "Puzzle 1 of");
    proved_on_show(harness, "Puzzles", "Position: ")
}

/// The puzzle on show (its position, read from the window), proved by the test.
fn proved_on_show(harness: &mut Harness<'_, App>, title: &str, prefix: &str) -> ProvedMoves {
    let line = wait_for_text(harness, title, prefix);
    let game = line.trim_start_matches(prefix);
    let position = read(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    proved_moves(position.as_ref(), &|| false)
        .ok()
        .flatten()
        .unwrap_or_else(|| panic!("{game} not proved"))
}

/// The one move that keeps the result, and a move that does not.
fn right_and_wrong(values: &ProvedMoves) -> (ProvedMove, ProvedMove) {
    let keeping: Vec<&ProvedMove> = values.keeping().collect();
    assert_eq!(keeping.len(), 1, "{}: not a puzzle", values.position);
    let wrong = values
        .moves
        .iter()
        .find(|m| m.value.outcome != values.value.outcome)
        .unwrap_or_else(|| panic!("{}: no wrong move", values.position));
    (keeping[0].clone(), wrong.clone())
}

fn kept(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "the win",
        _ => "the draw",
    }
}

fn became(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "the win",
        Outcome::Draw => "a draw",
        Outcome::Loss => "a loss",
    }
}

/// The refutation's last line for a wrong move of the side `mover`, from its proof.
fn end_sentence(wrong: &ProvedMove, mover: usize, pieces: [&str; 2]) -> String {
    match (wrong.value.outcome, wrong.value.ends_at_ply) {
        (Outcome::Loss, Some(ply)) => {
            format!("The game ends: {} wins at move {ply}.", pieces[1 - mover])
        }
        _ => "The game ends in a draw.".to_string(),
    }
}

/// Tries a wrong move, checks its verdict and refutation, then Retry and the right move.
fn wrong_then_right(harness: &mut Harness<'_, App>, values: &ProvedMoves, pieces: [&str; 2]) {
    let (right, wrong) = right_and_wrong(values);
    play(harness, "Puzzles", &wrong.mv);
    let verdict = format!(
        "Wrong: {} turns {} into {}, proved by the solver.",
        wrong.mv,
        kept(values.value.outcome),
        became(wrong.value.outcome)
    );
    assert!(
        harness.query_by_label(&verdict).is_some(),
        "no {verdict:?} in {:?}",
        window_labels(harness, "Puzzles", "")
    );
    let end = end_sentence(&wrong, values.mover, pieces);
    assert!(
        harness.query_by_label(&end).is_some(),
        "no {end:?} in {:?}",
        window_labels(harness, "Puzzles", "")
    );
    click(harness, "Line end");
    click(harness, "Retry");
    play(harness, "Puzzles", &right.mv);
    let verdict = format!(
        "Right: {} keeps {}, proved by the solver.",
        right.mv,
        kept(values.value.outcome)
    );
    assert!(
        harness.query_by_label(&verdict).is_some(),
        "no {verdict:?} in {:?}",
        window_labels(harness, "Puzzles", "")
    );
}

#[test]
fn tic_tac_toe_on_screen_brings_its_puzzles_judged_in_words() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    paste(&mut harness, "game=tictactoe");
    let values = open_first_puzzle(&mut harness);
    assert!(values.position.starts_with("game=tictactoe"));
    wrong_then_right(&mut harness, &values, ["X", "O"]);
    // Next puzzle moves on to another position.
    click(&mut harness, "Next puzzle");
    wait_for_text(&mut harness, "Puzzles", "Puzzle 2 of");
    let next = proved_on_show(&mut harness, "Puzzles", "Position: ");
    assert_ne!(next.position, values.position);
    // The queens record is not touched: these puzzles are not rated.
    assert_eq!(harness.state().settings().puzzles.attempts, 0);
    // A game of another kind put on screen brings its puzzles.
    paste(&mut harness, "game=dodgem");
    wait_for_text(&mut harness, "Puzzles", "Position: game=dodgem");
}

#[test]
fn dodgem_on_screen_brings_its_puzzles_a_car_moved_in_two_clicks() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    paste(&mut harness, "game=dodgem");
    let values = open_first_puzzle(&mut harness);
    assert!(values.position.starts_with("game=dodgem"));
    wrong_then_right(&mut harness, &values, ["black", "white"]);
}

#[test]
fn show_solution_plays_out_best_play_and_the_chooser_offers_every_game_with_a_solver() {
    // Queens on screen: its shipped set, as before.
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 0));
    frames(&mut harness, 2);
    click(&mut harness, "Learn");
    click(&mut harness, "Puzzles…");
    assert!(harness.state().puzzle_session().is_some());
    // The chooser lists the games whose row has a solver, and no other.
    harness
        .get_by_role_and_label(Role::Window, "Puzzles")
        .get_by_role(Role::ComboBox)
        .click();
    frames(&mut harness, 3);
    assert!(harness.query_by_label("Othello").is_none());
    click(&mut harness, "Tic-tac-toe");
    wait_for_text(&mut harness, "Puzzles", "Puzzle 1 of");
    let values = proved_on_show(&mut harness, "Puzzles", "Position: ");
    let (right, _) = right_and_wrong(&values);
    click(&mut harness, "Show solution");
    assert!(
        harness
            .query_by_label(&format!("The solution: {}.", right.mv))
            .is_some()
    );
    // Best play after the solution keeps the result to the end.
    let end = match (right.value.outcome, right.value.ends_at_ply) {
        (Outcome::Win, Some(ply)) => format!(
            "The game ends: {} wins at move {ply}.",
            ["X", "O"][values.mover]
        ),
        _ => "The game ends in a draw.".to_string(),
    };
    assert!(harness.query_by_label(&end).is_some(), "no {end:?}");
    // Othello on screen has no solver: the window says so and keeps its choice.
    paste(&mut harness, "game=othello size=6");
    assert!(
        harness
            .query_by_label(
                "Othello has no exact solver, so no puzzle of it can be proved: choose another game."
            )
            .is_some()
    );
    assert!(
        window_labels(&harness, "Puzzles", "Position: game=tictactoe").len() == 1,
        "the tic-tac-toe puzzle stays"
    );
}

#[test]
fn the_other_games_puzzles_speak_vietnamese() {
    let mut chosen = settings(Mode::HumanVsHuman, 5, 0);
    chosen.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(chosen);
    frames(&mut harness, 2);
    paste(&mut harness, "game=tictactoe");
    click(&mut harness, "Học");
    click(&mut harness, "Câu đố…");
    wait_for_text(&mut harness, "Câu đố", "Câu đố 1 /");
    let values = proved_on_show(&mut harness, "Câu đố", "Thế cờ: ");
    let (_, wrong) = right_and_wrong(&values);
    play(&mut harness, "Câu đố", &wrong.mv);
    let from = match values.value.outcome {
        Outcome::Win => "thế thắng",
        _ => "thế hòa",
    };
    let to = match wrong.value.outcome {
        Outcome::Draw => "hòa",
        _ => "thua",
    };
    let verdict = format!(
        "Sai: {} biến {from} thành {to}, bộ giải đã chứng minh.",
        wrong.mv
    );
    assert!(
        harness.query_by_label(&verdict).is_some(),
        "no {verdict:?} in {:?}",
        window_labels(&harness, "Câu đố", "")
    );
    assert!(harness.query_by_label("Thử lại").is_some());
}

/// Seen on a screenshot: the puzzle's board was drawn under the verdict and the
/// buttons (the board's painter takes no space, and the controls were laid out from the
/// board's empty corner). No button of the puzzle window lies on a square of its board,
/// on a large screen and a small one.
#[test]
fn the_puzzle_board_lies_under_no_button_on_any_screen() {
    for size in [[1100.0, 760.0], [640.0, 480.0]] {
        let (mut harness, _dir) =
            ui_support::harness_sized(settings(Mode::HumanVsHuman, 5, 0), size);
        frames(&mut harness, 2);
        paste(&mut harness, "game=dodgem");
        open_first_puzzle(&mut harness);
        let window = harness.get_by_role_and_label(Role::Window, "Puzzles");
        let squares: Vec<egui::Rect> = window
            .query_all_by_label_contains("square ")
            .map(|node| node.rect())
            .collect();
        assert_eq!(squares.len(), 9, "{size:?}");
        for label in ["Show solution", "Next puzzle", "More puzzles", "Stop"] {
            let Some(button) = window.query_by_label(label) else {
                continue;
            };
            let rect = button.rect();
            for square in &squares {
                assert!(
                    !rect.intersects(*square),
                    "{size:?}: {label} at {rect:?} over a square at {square:?}"
                );
            }
        }
    }
}

/// Every labelled widget of the puzzle window, after a wrong move (the line and its
/// buttons shown), is within the screen's width in both languages at 640x480 and
/// 1920x1080 (the window scrolls down, never sideways).
#[test]
fn the_puzzle_window_fits_the_screens_width_in_both_languages() {
    for size in [[640.0, 480.0], [1920.0, 1080.0]] {
        for (language, learn, item, title, position) in [
            (
                Language::English,
                "Learn",
                "Puzzles…",
                "Puzzles",
                "Position: ",
            ),
            (Language::Vietnamese, "Học", "Câu đố…", "Câu đố", "Thế cờ: "),
        ] {
            let mut chosen = settings(Mode::HumanVsHuman, 5, 0);
            chosen.language = language;
            let (mut harness, _dir) = ui_support::harness_sized(chosen, size);
            frames(&mut harness, 2);
            paste(&mut harness, "game=dodgem");
            click(&mut harness, learn);
            click(&mut harness, item);
            let values = proved_on_show(&mut harness, title, position);
            let (_, wrong) = right_and_wrong(&values);
            play(&mut harness, title, &wrong.mv);
            let window = harness.get_by_role_and_label(Role::Window, title);
            let mut seen = 0;
            for node in window.query_all_by_label_contains("") {
                let rect = node.rect();
                let text = {
                    let node = node.accesskit_node();
                    node.label().or_else(|| node.value()).unwrap_or_default()
                };
                seen += 1;
                assert!(
                    rect.max.x <= size[0] + 0.5,
                    "{size:?} {language:?}: {text:?} at {rect:?} beyond the screen"
                );
            }
            assert!(seen > 20, "{size:?} {language:?}: {seen} widgets");
        }
    }
}
