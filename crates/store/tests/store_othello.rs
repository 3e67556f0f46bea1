//! Saves of Othello, a games-table game saved through the seam (issue 31): a record
//! written and read back replays to the same game, and a record whose move or result
//! disagrees with the rules is refused, naming what disagrees.

use queens_engines::games::seam::AnyGame;
use queens_engines::games::table;
use queens_store::{
    CheckError, GameKind, Loaded, SavedGame, Side, StoreError, Winner, append_history, load_history,
};
use std::path::Path;

/// Othello from its start after `moves`, every move legal.
fn othello(moves: &[&str]) -> Box<dyn AnyGame> {
    let entry = table::by_tag("othello").unwrap_or_else(|| panic!("no othello row"));
    let mut game = (entry.start)().unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

/// Plays the first legal move until the game ends, recording after every move.
fn played_out() -> (SavedGame, Box<dyn AnyGame>) {
    let mut game = othello(&[]);
    let mut saved = SavedGame::new_table(game.as_ref(), [Side::Human, Side::Human])
        .unwrap_or_else(|| panic!("othello has no record"));
    while let Some(first) = game.legal_moves().into_iter().next() {
        game.play_text(&first)
            .unwrap_or_else(|e| panic!("{first}: {e}"));
        saved.update_table(game.as_ref(), None);
    }
    (saved, game)
}

/// `saved` written as RON and read back by the reader of every game.
fn round_trip(saved: &SavedGame) -> Result<Loaded, StoreError> {
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    SavedGame::read_ron(&text, Path::new("othello.ron"))
}

fn table_of(loaded: Loaded) -> (SavedGame, Box<dyn AnyGame>) {
    match loaded {
        Loaded::Table(table) => (table.saved, table.game),
        Loaded::Queens(_) => panic!("not read as a table game"),
    }
}

fn invalid(result: Result<Loaded, StoreError>) -> CheckError {
    match result {
        Err(StoreError::Invalid { source, .. }) => source,
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("a tampered record was accepted"),
    }
}

#[test]
fn an_unfinished_othello_game_reads_back_as_the_same_game() {
    let game = othello(&["d3", "c5", "f6"]);
    let saved = SavedGame::new_table(game.as_ref(), [Side::Human, Side::Human])
        .unwrap_or_else(|| panic!("othello has no record"));
    assert_eq!(saved.kind, GameKind::Table("othello"));
    assert_eq!(saved.settings.size, 8);
    // d3 flips d4, c5 flips d5, f6 flips e5: black 5 discs, white 2.
    assert_eq!(saved.score, [5, 2]);
    assert_eq!(saved.result, None);
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("kind: \"othello\""), "{text}");
    let (again, reached) = table_of(round_trip(&saved).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(again, saved);
    assert_eq!(reached.game_string(), game.game_string());
    assert_eq!(reached.moves(), ["d3", "c5", "f6"]);
}

#[test]
fn a_finished_othello_game_reads_back_with_its_result() {
    let (saved, game) = played_out();
    let result = saved
        .result
        .unwrap_or_else(|| panic!("the game did not end"));
    assert_eq!(result.score, saved.score);
    let (again, reached) = table_of(round_trip(&saved).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(again, saved);
    assert_eq!(reached.game_string(), game.game_string());
    assert_eq!(reached.result(), game.result());
}

#[test]
fn a_tampered_move_is_refused_naming_the_move() {
    let game = othello(&["d3", "c5", "f6"]);
    let mut saved = SavedGame::new_table(game.as_ref(), [Side::Human, Side::Human])
        .unwrap_or_else(|| panic!("othello has no record"));
    saved.moves[1].cell = "a1".into();
    let err = invalid(round_trip(&saved));
    assert!(
        matches!(&err, CheckError::TableMove { number: 2, token, .. } if token == "a1"),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("move 2: 'a1'"), "{err}");
}

#[test]
fn a_tampered_result_or_score_is_refused() {
    let (saved, _) = played_out();
    let mut swapped = saved.clone();
    if let Some(result) = swapped.result.as_mut() {
        result.winner = match result.winner {
            Winner::P1 => Winner::P2,
            Winner::P2 | Winner::Draw => Winner::P1,
        };
    }
    let err = invalid(round_trip(&swapped));
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    let mut unfinished = saved.clone();
    unfinished.result = None;
    let err = invalid(round_trip(&unfinished));
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    let mut score = saved;
    score.score[0] += 1;
    let err = invalid(round_trip(&score));
    assert!(matches!(err, CheckError::ScoreMismatch { .. }), "{err:?}");
}

#[test]
fn a_finished_othello_game_goes_to_the_history() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let (saved, _) = played_out();
    append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    let (good, bad) = load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(good.len(), 1);
    assert_eq!(good[0].game, saved);
}

#[test]
fn a_6x6_othello_save_with_another_size_names_its_own_6x6_board() {
    let entry = table::by_tag("othello").unwrap_or_else(|| panic!("no othello row"));
    let setup = queens_engines::games::setup::Setup::from_pairs(vec![("size", "6")]);
    let game = (entry.setup)(&setup).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = SavedGame::new_table(game.as_ref(), [Side::Human, Side::Human])
        .unwrap_or_else(|| panic!("othello has no record"));
    assert_eq!(saved.settings.size, 6);
    saved.settings.size = 3;
    let err = invalid(round_trip(&saved));
    assert!(
        matches!(
            err,
            CheckError::TableSetup {
                board: [6, 6],
                size: 3,
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.contains("6x6 board"), "{text}");
    assert!(!text.contains("3x3"), "{text}");
}
