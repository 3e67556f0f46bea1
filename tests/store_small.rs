//! Saves, history and export of the two small games (tic-tac-toe, Dodgem) through the
//! store's public API: the same files, folders and workbook as queens games, each
//! replayed by its own game's rules when loaded (issue 20).

use crate::common;

use calamine::{Data, Range, Reader, Xlsx, open_workbook};
use queens_board::{Board, Cell, Player};
use queens_engines::ai::{EngineKind, NoHandler};
use queens_engines::games::dodgem::DodgemError;
use queens_engines::games::seam::AnyGame;
use queens_engines::games::tictactoe::TicTacToeError;
use queens_store::{
    CheckError, EngineSettings, ExportOptions, GameKind, HistoryFilter, Loaded, ResignError,
    SavedGame, SearchInfo, Seat, Side, StoreError, Winner, append_history, export_history,
    load_from, load_game, load_history, summarize,
};
use std::path::{Path, PathBuf};

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

fn computer(depth: u32) -> Side {
    Side::Computer(EngineSettings::new(EngineKind::ALPHABETA, depth, None))
}

/// A small game's position as the tests hold it: a games-table game through the seam,
/// two positions equal when their game strings are.
#[derive(Clone, Debug)]
struct SmallPosition(Box<dyn AnyGame>);

impl PartialEq for SmallPosition {
    fn eq(&self, other: &SmallPosition) -> bool {
        self.0.game_string() == other.0.game_string()
    }
}

impl std::fmt::Display for SmallPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl SmallPosition {
    fn start(tag: &str) -> SmallPosition {
        let entry = queens_engines::games::table::by_tag(tag).unwrap_or_else(|| panic!("no {tag}"));
        SmallPosition((entry.start)().unwrap_or_else(|e| panic!("{e}")))
    }

    fn play_text(&mut self, text: &str) -> Result<(), queens_engines::games::seam::Refused> {
        self.0.play_text(text)
    }

    fn result(&self) -> Option<Option<usize>> {
        self.0.result()
    }

    fn is_over(&self) -> bool {
        self.0.result().is_some()
    }

    fn score(&self) -> [u32; 2] {
        self.0.score()
    }

    fn seat_to_move(&self) -> usize {
        self.0.seat_to_move()
    }
}

const TIC_TAC_TOE: GameKind = GameKind::Table("tictactoe");
const DODGEM: GameKind = GameKind::Table("dodgem");

/// The position after `moves` of the game `tag`, every move legal.
fn played(tag: &str, moves: &[&str]) -> SmallPosition {
    let mut position = SmallPosition::start(tag);
    for text in moves {
        position
            .play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    position
}

/// A record of `position` for these players, as the window starts one.
fn record_of(position: &SmallPosition, players: [Side; 2]) -> SavedGame {
    SavedGame::new_table(position.0.as_ref(), players)
        .unwrap_or_else(|| panic!("no record holds {position}"))
}

/// `saved` written as RON and read back by the reader of every game.
fn round_trip(saved: &SavedGame) -> Loaded {
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    SavedGame::read_ron(&text, Path::new("small.ron"))
        .unwrap_or_else(|e| panic!("{e}: {:?}\n{text}", std::error::Error::source(&e)))
}

/// The small game a round trip gives back, or a panic naming what came instead.
fn small_of(loaded: Loaded) -> (SavedGame, SmallPosition) {
    match loaded {
        Loaded::Table(small) => (small.saved, SmallPosition(small.game)),
        Loaded::Queens(queens) => panic!("read as queens: {:?}", queens.saved.kind),
    }
}

/// A tic-tac-toe game played move by move as the window records it, checked after every
/// move by a round trip.
fn tic_tac_toe(moves: &[&str], players: [Side; 2]) -> (SavedGame, SmallPosition) {
    let mut position = SmallPosition::start("tictactoe");
    let mut saved = record_of(&position, players);
    for text in moves {
        position
            .play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        saved.update_table(position.0.as_ref(), None);
        let (again, reached) = small_of(round_trip(&saved));
        assert_eq!(again, saved, "after {text}");
        assert_eq!(reached, position, "after {text}");
    }
    (saved, position)
}

/// A whole Dodgem game between two alpha-beta engines (depth 3 and 2), each search
/// recorded on its move as the window records it.
fn dodgem_between_engines() -> (SavedGame, SmallPosition) {
    let mut position = SmallPosition::start("dodgem");
    let mut saved = record_of(&position, [computer(3), computer(2)]);
    while !position.is_over() {
        let depth = [3, 2][position.seat_to_move()];
        let config = queens_engines::ai::EngineConfig::new(EngineKind::ALPHABETA, depth);
        let outcome = position
            .0
            .think(&config, &NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        let Some(mv) = outcome.best_move.clone() else {
            panic!("no move in a game going on: {position}");
        };
        position
            .play_text(&mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
        saved.update_table(
            position.0.as_ref(),
            Some(SearchInfo::from_outcome(&outcome)),
        );
    }
    (saved, position)
}

/// A finished queens game on a 4x4 board (b2 claims everything but d3 and a4).
fn queens_game() -> SavedGame {
    let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = SavedGame::new(&board, [Side::Human, computer(2)], None);
    for name in ["b2", "d3", "a4"] {
        let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e}"));
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        saved.update(&board, None);
    }
    assert!(saved.is_finished());
    saved
}

#[test]
fn a_tic_tac_toe_game_round_trips_unfinished_then_won() {
    // X makes the left column; every intermediate record is checked in `tic_tac_toe`.
    let (saved, position) =
        tic_tac_toe(&["a1", "b1", "a2", "b2", "a3"], [Side::Human, computer(4)]);
    assert_eq!(saved.kind, TIC_TAC_TOE);
    assert_eq!(saved.game, "x../xo./xo.");
    assert_eq!(saved.score, [0, 0]);
    let cells: Vec<&str> = saved.moves.iter().map(|m| m.cell.as_str()).collect();
    assert_eq!(cells, ["a1", "b1", "a2", "b2", "a3"]);
    assert!(saved.moves.iter().all(|m| m.gained == 0));
    let result = saved.result.unwrap_or_else(|| panic!("X has a line"));
    assert_eq!((result.winner, result.resigned), (Winner::P1, None));
    assert_eq!(result.describe(), "P1 wins");
    assert_eq!(position.result(), Some(Some(0)));
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("kind: \"tictactoe\""), "{text}");
    // Nothing left to resign once the rules ended it.
    let mut finished = saved.clone();
    assert_eq!(finished.resign(Player::Two), Err(ResignError::Finished));
    assert_eq!(finished, saved);
}

#[test]
fn a_drawn_tic_tac_toe_game_round_trips_as_a_draw() {
    let (saved, position) = tic_tac_toe(
        &["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"],
        [Side::Human, Side::Human],
    );
    assert_eq!(position.result(), Some(None));
    let result = saved
        .result
        .unwrap_or_else(|| panic!("a full board is over"));
    assert_eq!((result.winner, result.score), (Winner::Draw, [0, 0]));
    assert_eq!(saved.moves.len(), 9);
}

#[test]
fn a_dodgem_game_between_engines_round_trips_with_its_searches() {
    let (saved, position) = dodgem_between_engines();
    assert_eq!(saved.kind, DODGEM);
    assert!(saved.is_finished());
    assert_eq!(saved.score, position.score());
    assert_eq!(saved.game, position.to_string());
    let winner = match position.result() {
        Some(Some(0)) => Winner::P1,
        Some(Some(_)) => Winner::P2,
        _ => Winner::Draw,
    };
    assert_eq!(saved.result.map(|r| r.winner), Some(winner));
    // Every move was a computer's: each keeps the search that chose it.
    assert!(
        saved
            .moves
            .iter()
            .all(|m| m.search.is_some_and(|s| s.nodes > 0))
    );
    assert!(
        saved.moves.iter().any(|m| m.cell.contains('-')),
        "{:?}",
        saved.moves
    );
    let (again, reached) = small_of(round_trip(&saved));
    assert_eq!((again, reached), (saved, position));
}

#[test]
fn a_resigned_small_game_round_trips_and_the_resignation_goes_with_a_changed_move() {
    let mut position = played("dodgem", &["a3-b3", "c1-c2"]);
    let mut saved = record_of(&position, [Side::Human, computer(2)]);
    saved.resign(Player::One).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.resign(Player::Two), Err(ResignError::Finished));
    let result = saved.result.unwrap_or_else(|| panic!("resigned"));
    assert_eq!(
        (result.winner, result.resigned),
        (Winner::P2, Some(Seat::P1))
    );
    assert_eq!(result.describe(), "P2 wins (P1 resigned)");
    let (again, reached) = small_of(round_trip(&saved));
    assert_eq!(again, saved);
    assert_eq!(reached, position);
    // The same moves keep the resignation; another move makes it another game.
    saved.update_table(position.0.as_ref(), None);
    assert_eq!(saved.result, Some(result));
    position
        .play_text("b3-c3")
        .unwrap_or_else(|e| panic!("{e}"));
    saved.update_table(position.0.as_ref(), None);
    assert_eq!(saved.result, None);
}

#[test]
fn a_save_without_the_game_tag_still_loads_as_queens_by_every_reader() {
    let dir = temp();
    let mut text = queens_game().to_ron().unwrap_or_else(|e| panic!("{e}"));
    text = text.replacen("    kind: \"queens\",\n", "", 1);
    assert!(!text.contains("kind"), "{text}");
    let path = dir.path().join("old.ron");
    std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{e}"));
    let Ok(Loaded::Queens(loaded)) = load_game(&path) else {
        panic!(
            "not read as queens: {:?}",
            load_game(&path).map(|l| l.saved().kind)
        );
    };
    assert_eq!(loaded.saved.kind, GameKind::Queens);
    assert_eq!(loaded.board.game_string(), "size=4 moves=b2,d3,a4");
    let by_queens_reader = load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(by_queens_reader.saved, loaded.saved);
}

#[test]
fn the_queens_reader_refuses_a_small_save_by_its_game_and_the_game_reader_takes_it() {
    let dir = temp();
    let (saved, position) = tic_tac_toe(&["b2"], [Side::Human, Side::Human]);
    let path = dir.path().join("ttt.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let err = load_from(&path).err();
    let Some(StoreError::NotQueens { path: named, kind }) = &err else {
        panic!("{err:?}");
    };
    assert_eq!((named.as_path(), *kind), (path.as_path(), TIC_TAC_TOE));
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.ends_with("ttt.ron: holds a tic-tac-toe game, not a queens game"),
        "{message}"
    );
    let loaded = load_game(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved(), &saved);
    assert_eq!(small_of(loaded).1, position);
    // The file checks are the queens reader's: a folder is not read.
    assert!(matches!(
        load_game(dir.path()),
        Err(StoreError::NotAFile { .. })
    ));
}

/// What replaying a tampered copy of a finished tic-tac-toe or Dodgem record finds.
fn tampered(saved: &SavedGame, edit: impl FnOnce(&mut SavedGame)) -> CheckError {
    let mut copy = saved.clone();
    edit(&mut copy);
    let text = copy.to_ron().unwrap_or_else(|e| panic!("{e}"));
    match SavedGame::read_ron(&text, Path::new("t.ron")) {
        Err(StoreError::Invalid { source, .. }) => source,
        other => panic!(
            "not refused as invalid: {:?}",
            other.map(|l| l.saved().clone())
        ),
    }
}

#[test]
fn tampered_small_saves_are_refused_with_what_is_wrong() {
    let (won, _) = tic_tac_toe(&["a1", "b1", "a2", "b2", "a3"], [Side::Human, Side::Human]);
    // An occupied cell: the game's own reason, with the move's number.
    let err = tampered(&won, |g| g.moves[3].cell = "a1".into());
    assert!(
        matches!(&err, CheckError::TableMove { number: 4, token, reason }
            if token == "a1" && reason.0.downcast_ref::<TicTacToeError>().is_some()),
        "{err:?}"
    );
    // A Dodgem move in tic-tac-toe is not written as a move of this game.
    let err = tampered(&won, |g| g.moves[0].cell = "a3-b3".into());
    assert!(
        matches!(err, CheckError::TableMove { number: 1, .. }),
        "{err:?}"
    );
    // A move after the game was won.
    let err = tampered(&won, |g| {
        let mut extra = g.moves[4].clone();
        extra.cell = "c3".into();
        g.moves.push(extra);
    });
    assert!(
        matches!(err, CheckError::TableMove { number: 6, .. }),
        "{err:?}"
    );
    // The wrong winner.
    let err = tampered(&won, |g| {
        if let Some(result) = &mut g.result {
            result.winner = Winner::P2;
        }
    });
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    // A resignation on a game the rules ended.
    let err = tampered(&won, |g| {
        if let Some(result) = &mut g.result {
            result.resigned = Some(Seat::P1);
        }
    });
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    // An unfinished game claiming a result.
    let (going_on, _) = tic_tac_toe(&["b2"], [Side::Human, Side::Human]);
    let err = tampered(&going_on, |g| g.result = won.result);
    assert!(
        matches!(
            err,
            CheckError::ResultMismatch {
                stored: Some(_),
                actual: None
            }
        ),
        "{err:?}"
    );
    // A score tic-tac-toe never has.
    let err = tampered(&won, |g| g.score = [3, 0]);
    assert_eq!(
        err,
        CheckError::ScoreMismatch {
            stored: [3, 0],
            actual: [0, 0]
        }
    );
    // The wrong game string.
    let err = tampered(&won, |g| g.game = "xxx/.../...".into());
    assert!(
        matches!(&err, CheckError::GameStringMismatch { actual, .. } if actual == "x../xo./xo."),
        "{err:?}"
    );
    // Queens settings on a small game: stones, another size, a seed.
    let err = tampered(&won, |g| g.settings.stones = vec!["b2".into()]);
    assert_eq!(
        err,
        CheckError::TableSetup {
            kind: TIC_TAC_TOE,
            board: [3, 3],
            size: 3,
            stones: 1,
            seeded: false
        }
    );
    assert!(err.to_string().contains("no stones and no seed"), "{err}");
    let err = tampered(&won, |g| g.settings.size = 8);
    assert!(
        matches!(err, CheckError::TableSetup { size: 8, .. }),
        "{err:?}"
    );
    let err = tampered(&won, |g| g.settings.seed = Some(7));
    assert!(
        matches!(err, CheckError::TableSetup { seeded: true, .. }),
        "{err:?}"
    );
    // A gain on a move that claims no cells.
    let err = tampered(&won, |g| g.moves[0].gained = 4);
    assert_eq!(
        err,
        CheckError::TableGain {
            number: 1,
            stored: 4
        }
    );
}

#[test]
fn a_tampered_dodgem_score_is_refused() {
    let (saved, position) = dodgem_between_engines();
    let [one, two] = position.score();
    let err = tampered(&saved, |g| g.score = [one + 1, two]);
    assert_eq!(
        err,
        CheckError::ScoreMismatch {
            stored: [one + 1, two],
            actual: [one, two]
        }
    );
    // An illegal car move names Dodgem's reason.
    let err = tampered(&saved, |g| g.moves[0].cell = "a3-a2".into());
    assert!(
        matches!(&err, CheckError::TableMove { number: 1, reason, .. }
            if reason.0.downcast_ref::<DodgemError>().is_some()),
        "{err:?}"
    );
}

/// Appends the mixed history every history test uses: a queens game, a tic-tac-toe win
/// and a Dodgem game between engines, each at its own time.
fn mixed_history(saves: &Path) -> Vec<PathBuf> {
    let mut queens = queens_game();
    let (mut ttt, _) = tic_tac_toe(&["a1", "b1", "a2", "b2", "a3"], [Side::Human, computer(2)]);
    let (mut dodgem, _) = dodgem_between_engines();
    // Ordered by their end: queens, then tic-tac-toe, then Dodgem.
    for (index, game) in [&mut queens, &mut ttt, &mut dodgem].into_iter().enumerate() {
        let base = 1_800_000_000 + 1000 * index as u64;
        game.created = base;
        for (n, mv) in game.moves.iter_mut().enumerate() {
            mv.at = base + n as u64 + 1;
        }
        if let Some(result) = &mut game.result {
            result.ended = base + game.moves.len() as u64;
        }
    }
    ttt.names = ["Ann".into(), String::new()];
    [queens, ttt, dodgem]
        .iter()
        .map(|game| append_history(saves, game).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn the_history_keeps_finished_games_of_every_kind_and_refuses_unfinished_small_ones() {
    let dir = temp();
    let (going_on, _) = tic_tac_toe(&["b2"], [Side::Human, Side::Human]);
    assert!(matches!(
        append_history(dir.path(), &going_on),
        Err(StoreError::NotFinished { plies: 1 })
    ));
    mixed_history(dir.path());
    let (entries, bad) = load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    let kinds: Vec<GameKind> = entries.iter().map(|e| e.game.kind).collect();
    assert_eq!(kinds, [GameKind::Queens, TIC_TAC_TOE, DODGEM]);
    // The filter by game picks each one out; by size 3 both small games (and any 3x3
    // queens game) pass.
    for kind in [GameKind::Queens, TIC_TAC_TOE, DODGEM] {
        let only = HistoryFilter {
            kind: Some(kind),
            ..HistoryFilter::default()
        };
        let picked: Vec<GameKind> = only.apply(&entries).iter().map(|e| e.game.kind).collect();
        assert_eq!(picked, [kind]);
    }
    let three = HistoryFilter {
        size: Some(3),
        ..HistoryFilter::default()
    };
    assert_eq!(three.apply(&entries).len(), 2);
    for entry in &entries {
        match entry.game.kind {
            GameKind::Queens => assert!(entry.game.replay().is_ok()),
            kind => {
                let position = entry
                    .game
                    .replay_table()
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
                assert_eq!(position.tag(), kind.name());
                assert!(position.result().is_some());
            }
        }
    }
    // A tampered small entry is reported, the others still load.
    let tampered = dir.path().join("history").join("zz-tampered.ron");
    let mut bad_game = entries[1].game.clone();
    bad_game.moves[0].cell = "q9".into();
    std::fs::write(
        &tampered,
        bad_game.to_ron().unwrap_or_else(|e| panic!("{e}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (again, bad) = load_history(dir.path());
    assert_eq!(again, entries);
    assert_eq!(bad.len(), 1);
    assert!(matches!(
        &bad[0],
        (path, StoreError::Invalid { source: CheckError::TableMove { number: 1, .. }, .. }) if *path == tampered
    ));
}

/// A sheet of the workbook at `path`.
fn sheet(path: &Path, name: &str) -> Range<Data> {
    let mut book: Xlsx<_> = open_workbook(path).unwrap_or_else(|e| panic!("{e}"));
    book.worksheet_range(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn text_at(range: &Range<Data>, at: (u32, u32)) -> String {
    match range.get_value(at) {
        Some(Data::String(text)) => text.clone(),
        other => panic!("{at:?} holds {other:?}"),
    }
}

fn number_at(range: &Range<Data>, at: (u32, u32)) -> f64 {
    match range.get_value(at) {
        Some(Data::Float(value)) => *value,
        other => panic!("{at:?} holds {other:?}"),
    }
}

#[test]
fn a_mixed_history_exports_every_game_with_its_kind_moves_and_own_statistics() {
    let dir = temp();
    mixed_history(dir.path());
    let (entries, _) = load_history(dir.path());
    let out = dir.path().join("mixed.xlsx");
    let done = export_history(
        dir.path(),
        &HistoryFilter::default(),
        &out,
        ExportOptions::default(),
        &|| false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(done.skipped.is_empty(), "{:?}", done.skipped);
    assert_eq!(done.info.games, 3);
    let plies: usize = entries.iter().map(|e| e.game.moves.len()).sum();
    assert_eq!(done.info.moves, plies as u64);

    let matches = sheet(&out, "Matches");
    assert_eq!(matches.height(), 4);
    assert_eq!(text_at(&matches, (0, 22)), "Game kind");
    let kinds: Vec<String> = (1..4).map(|row| text_at(&matches, (row, 22))).collect();
    assert_eq!(kinds, ["queens", "tictactoe", "dodgem"]);
    // The queens row reads as before.
    assert_eq!(number_at(&matches, (1, 2)), 4.0);
    assert_eq!(text_at(&matches, (1, 9)), "alphabeta depth 2");
    assert_eq!(number_at(&matches, (1, 10)), 2.0);
    assert_eq!(text_at(&matches, (1, 17)), "size=4 moves=b2,d3,a4");
    // The tic-tac-toe row: a bare 3x3 board, its result, its players named with the game.
    assert_eq!(number_at(&matches, (2, 2)), 3.0);
    assert_eq!(number_at(&matches, (2, 3)), 0.0);
    assert_eq!(matches.get_value((2, 4)), Some(&Data::Empty), "no seed");
    assert_eq!(text_at(&matches, (2, 6)), "human (tictactoe)");
    assert_eq!(text_at(&matches, (2, 9)), "alphabeta depth 2 (tictactoe)");
    assert_eq!(matches.get_value((2, 10)), Some(&Data::Empty), "no depth");
    assert_eq!(text_at(&matches, (2, 13)), "P1");
    assert_eq!(number_at(&matches, (2, 15)), 5.0);
    assert_eq!(text_at(&matches, (2, 17)), "x../xo./xo.");
    assert_eq!(text_at(&matches, (2, 18)), "P1 wins");
    assert_eq!(text_at(&matches, (2, 19)), "Ann");
    // The Dodgem row: its score is the cars driven off.
    let dodgem = &entries[2].game;
    let score = dodgem.result.map_or(dodgem.score, |r| r.score);
    assert_eq!(number_at(&matches, (3, 11)), f64::from(score[0]));
    assert_eq!(number_at(&matches, (3, 12)), f64::from(score[1]));
    assert_eq!(text_at(&matches, (3, 17)), dodgem.game);

    let moves = sheet(&out, "Moves");
    assert_eq!(moves.height(), plies + 1);
    // Queens moves first (3), then tic-tac-toe's: the move, no cells gained, score 0.
    assert_eq!(text_at(&moves, (4, 3)), "a1");
    assert_eq!(number_at(&moves, (1, 4)), 12.0, "a queen's gain");
    assert_eq!(
        moves.get_value((4, 4)),
        Some(&Data::Empty),
        "a mark gains no cell"
    );
    assert_eq!(number_at(&moves, (4, 5)), 0.0);
    assert_eq!(text_at(&moves, (8, 3)), "a3");
    // Dodgem's moves in its notation, with the engines' searches.
    let first_car = 9;
    assert_eq!(text_at(&moves, (first_car, 3)), dodgem.moves[0].cell);
    assert!(text_at(&moves, (first_car, 3)).contains('-'));
    assert_eq!(text_at(&moves, (first_car, 2)), "P1");
    assert!(number_at(&moves, (first_car, 8)) > 0.0, "nodes");
    let last = plies as u32;
    assert_eq!(number_at(&moves, (last, 5)), f64::from(score[0]));
    assert_eq!(number_at(&moves, (last, 6)), f64::from(score[1]));

    // The Summary counts each game's settings apart: Dodgem's engines have rows of their
    // own, and the table by depth is the queens game's alone.
    let summary = summarize(&entries);
    let settings: Vec<&str> = summary.iter().map(|s| s.setting.as_str()).collect();
    assert_eq!(
        settings,
        [
            "alphabeta depth 2",
            "alphabeta depth 2 (dodgem)",
            "alphabeta depth 2 (tictactoe)",
            "alphabeta depth 3 (dodgem)"
        ]
    );
    let values = sheet(&out, "Summary");
    for (index, s) in summary.iter().enumerate() {
        let row = index as u32 + 1;
        assert_eq!(text_at(&values, (row, 0)), s.setting);
        assert_eq!(
            number_at(&values, (row, 6)),
            f64::from(s.games()),
            "{}",
            s.setting
        );
    }
    let depth_row = summary.len() as u32 + 3;
    assert_eq!(number_at(&values, (depth_row, 2)), 2.0);
    assert_eq!(
        number_at(&values, (depth_row, 6)),
        1.0,
        "the queens game alone"
    );
    assert!(
        matches!(
            values.get_value((depth_row + 1, 2)),
            None | Some(Data::Empty)
        ),
        "one depth only"
    );
    let players = sheet(&out, "Players");
    let names: Vec<String> = (1..players.height() as u32)
        .map(|row| text_at(&players, (row, 0)))
        .collect();
    assert!(names.contains(&"Ann (tictactoe)".to_string()), "{names:?}");
    assert!(names.contains(&"human".to_string()), "{names:?}");
}

/// A Dodgem save is analysed as its game (proved, through the seam), as a game string
/// naming it would be; `--kind` naming another game is refused.
#[test]
fn the_command_line_analyses_a_small_save_as_its_game() {
    let dir = temp();
    let (saved, position) = dodgem_between_engines();
    let path = dir.path().join("dodgem.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let file = path.display().to_string();
    let answer = common::json(&["analyse", "--file", &file]);
    assert_eq!(answer["kind"], "dodgem");
    assert_eq!(answer["complete"], true);
    let judged = answer["moves"].as_array().map_or(0, Vec::len);
    assert_eq!(judged, position.0.moves().len(), "{answer}");
    let message = common::refused(&["analyse", "--kind", "tictactoe", "--file", &file]);
    assert!(
        message.contains("holds a dodgem game, not tictactoe"),
        "{message}"
    );
}

#[test]
fn the_command_line_exports_the_games_of_one_kind() {
    let dir = temp();
    let saves = dir.path().join("saves");
    mixed_history(&saves);
    let out = dir.path().join("kind.xlsx").display().to_string();
    let saves = saves.display().to_string();
    for (kind, games) in [
        (None, 3),
        (Some("queens"), 1),
        (Some("tictactoe"), 1),
        (Some("Dodgem"), 1),
    ] {
        let mut args = vec!["export", "--out", &out, "--saves-dir", &saves];
        if let Some(kind) = kind {
            args.extend(["--kind", kind]);
        }
        let answer = common::json(&args);
        assert_eq!(answer["games"], games, "{kind:?}: {answer}");
    }
    let message = common::refused(&[
        "export",
        "--out",
        &out,
        "--saves-dir",
        &saves,
        "--kind",
        "chess",
    ]);
    assert!(message.contains("chess"), "{message}");
}

/// A Dodgem record as store/small.rs wrote it before the small games went through the
/// seam (size 3, cars driven off as the score, the position in Dodgem's notation),
/// a human against alpha-beta, white resigned after black drove a car off.
const OLD_DODGEM: &str = r#"(
    version: 1,
    kind: "dodgem",
    created: 1800000000,
    settings: (
        size: 3,
        stones: [],
        seed: None,
        players: (Human, Computer((algorithm: "alphabeta", depth: 4, time_ms: None))),
    ),
    moves: [
        (cell: "a3-b3", gained: 0, at: 1800000001, search: None),
        (cell: "c1-c2", gained: 0, at: 1800000002, search: None),
        (cell: "b3-c3", gained: 0, at: 1800000003, search: None),
        (cell: "b1-a1", gained: 0, at: 1800000004, search: None),
        (cell: "c3-off", gained: 0, at: 1800000005, search: None),
    ],
    score: (1, 0),
    result: Some((
        score: (1, 0),
        winner: P1,
        ended: 1800000009,
        resigned: Some(P2),
    )),
    game: ".../b.w/w.. w 5",
    names: ("", ""),
)"#;

/// A finished tic-tac-toe record as store/small.rs wrote it (the position in
/// tic-tac-toe's notation, 0:0), with a search on the computer's move.
const OLD_TIC_TAC_TOE: &str = r#"(
    version: 1,
    kind: "tictactoe",
    created: 1800000000,
    settings: (
        size: 3,
        stones: [],
        seed: None,
        players: (Human, Human),
    ),
    moves: [
        (cell: "a1", gained: 0, at: 1800000001, search: None),
        (cell: "b1", gained: 0, at: 1800000002, search: Some((depth: 8, nodes: 42, leaves: 0, time_us: 7, value: 0))),
        (cell: "a2", gained: 0, at: 1800000003, search: None),
        (cell: "b2", gained: 0, at: 1800000004, search: None),
        (cell: "a3", gained: 0, at: 1800000005, search: None),
    ],
    score: (0, 0),
    result: Some((
        score: (0, 0),
        winner: P1,
        ended: 1800000005,
    )),
    game: "x../xo./xo.",
    names: ("Ann", ""),
)"#;

#[test]
fn records_written_before_the_seam_open_replay_and_are_written_back_the_same() {
    for (text, tag, position, plies) in [
        (OLD_DODGEM, "dodgem", ".../b.w/w.. w 5", 5),
        (OLD_TIC_TAC_TOE, "tictactoe", "x../xo./xo.", 5),
    ] {
        let loaded = SavedGame::read_ron(text, Path::new("old.ron"))
            .unwrap_or_else(|e| panic!("{tag}: {e}: {:?}", std::error::Error::source(&e)));
        assert_eq!(loaded.ply(), plies, "{tag}");
        let (saved, reached) = small_of(loaded);
        assert_eq!(saved.kind, GameKind::Table(tag));
        assert_eq!(reached.to_string(), position, "{tag}");
        assert_eq!(saved.result.map(|r| r.winner), Some(Winner::P1), "{tag}");
        // The record the window keeps up to date from here is the same record: the
        // replayed game brings nothing to change, and it is written as it was read.
        let mut kept = saved.clone();
        kept.update_table(reached.0.as_ref(), None);
        assert_eq!(kept, saved, "{tag}");
        let written = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written.trim(), text.trim(), "{tag}");
    }
    let (dodgem, _) = small_of(
        SavedGame::read_ron(OLD_DODGEM, Path::new("old.ron")).unwrap_or_else(|e| panic!("{e}")),
    );
    assert_eq!(dodgem.result.and_then(|r| r.resigned), Some(Seat::P2));
}
