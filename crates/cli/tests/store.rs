//! Saves, autosave, match history and the workbook export, in throw-away folders.

use calamine::{Data, Reader, Xlsx, open_workbook};
use queens_board::{Board, Cell, random_stones};
use queens_engines::ai::{EngineConfig, EngineKind, Limits, NoHandler};
use queens_store::{
    CheckError, EngineSettings, ExportError, ExportOptions, HistoryEntry, HistoryFilter,
    MAX_FILE_BYTES, OutputPathError, SavedGame, SearchInfo, Side, SkipReason, StoreError, Winner,
    append_history, autosave, autosave_path, clear_autosave, export_history, export_workbook,
    list_saves, load_from, load_history, summarize,
};
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn temp() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

fn computer(depth: u32) -> Side {
    Side::Computer(EngineSettings::new(EngineKind::ALPHABETA, depth, None))
}

/// Plays a whole game between two engines, recording every search as the window would.
fn engine_game(
    size: u8,
    stones: usize,
    seed: u64,
    depths: [u32; 2],
    max_plies: usize,
) -> SavedGame {
    let mut board = Board::new(size, &random_stones(size, stones, seed))
        .unwrap_or_else(|e| panic!("setup: {e}"));
    let mut saved = SavedGame::new(
        &board,
        [computer(depths[0]), computer(depths[1])],
        Some(seed),
    );
    while !board.is_over() && board.ply() < max_plies {
        let depth = depths[board.side_to_move().index()];
        let outcome = EngineConfig::new(EngineKind::ALPHABETA, depth)
            .build()
            .think(&board, Limits::depth(depth), &NoHandler);
        let Some(best) = outcome.best_move else { break };
        board
            .play(best)
            .unwrap_or_else(|e| panic!("engine move: {e}"));
        saved.update(&board, Some(SearchInfo::from_outcome(&outcome)));
    }
    saved
}

/// the worked example of docs/rules.md, human (P1) against the computer.
fn worked_example() -> SavedGame {
    let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = SavedGame::new(&board, [Side::Human, computer(2)], None);
    for name in ["b2", "d3", "a4"] {
        let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e}"));
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        let search = (name == "d3").then_some(SearchInfo {
            depth: 2,
            nodes: 17,
            leaves: 12,
            time_us: 3_000,
            value: -9,
        });
        saved.update(&board, search);
    }
    saved
}

fn load_err(path: &Path) -> StoreError {
    match load_from(path) {
        Ok(loaded) => panic!("{} loaded: {:?}", path.display(), loaded.saved),
        Err(err) => err,
    }
}

#[test]
fn a_finished_game_round_trips() {
    let dir = temp();
    let saved = worked_example();
    assert_eq!(saved.game, "size=4 moves=b2,d3,a4");
    let result = saved.result.unwrap_or_else(|| panic!("not finished"));
    assert_eq!((result.score, result.winner), ([13, 3], Winner::P1));
    let path = dir.path().join("saves").join("example.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved, saved);
    assert_eq!(loaded.board.game_string(), "size=4 moves=b2,d3,a4");
    assert_eq!(loaded.saved.moves[1].search.map(|s| s.nodes), Some(17));
    assert!(loaded.saved.moves[0].search.is_none());
}

#[test]
fn an_unfinished_game_round_trips_and_resumes() {
    let dir = temp();
    let saved = engine_game(8, 6, 3, [2, 3], 5);
    assert!(!saved.is_finished());
    let path = dir.path().join("unfinished.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved, saved);
    assert_eq!(loaded.board.ply(), 5);
    assert_eq!(loaded.board.game_string(), saved.game);
    assert!(loaded.saved.moves.iter().all(|m| m.search.is_some()));
}

#[test]
fn update_keeps_statistics_across_undo_and_redo() -> Result<(), Box<dyn std::error::Error>> {
    let saved = worked_example();
    let mut board = Board::from_game_string(&saved.game).unwrap_or_else(|e| panic!("{e}"));
    let mut again = saved.clone();
    board.undo();
    again.update(&board, None);
    assert_eq!(again.moves.len(), 2);
    assert!(again.result.is_none());
    assert_eq!(again.moves[1].search, saved.moves[1].search);
    board
        .play("a4".parse::<Cell>()?)
        .unwrap_or_else(|e| panic!("{e}"));
    again.update(&board, None);
    assert_eq!(again.result.map(|r| r.score), Some([13, 3]));
    Ok(())
}

/// Every version wrote every field a save needs (crates/store/tests/store_old_saves.rs opens a save
/// of each format): a file without them is no save, and is refused naming the first
/// missing field rather than filled in with defaults (issue 38.5; this file used to load
/// as a game between two people).
#[test]
fn a_save_without_the_fields_every_version_wrote_is_refused() {
    let dir = temp();
    let path = dir.path().join("old.ron");
    let text = "(settings: (size: 4), moves: [(cell: \"b2\", gained: 12)], score: (12, 0))";
    fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let err = load_from(&path).err().map(|e| e.to_string());
    assert!(
        err.as_ref()
            .is_some_and(|e| e.contains("the field 'stones' is missing")),
        "{err:?}"
    );
}

/// A save as the first versions wrote it (before the engine registry), byte for byte in
/// its engine fields: `algorithm` by name, no threads, a CLI side without a time limit.
const OLD_SAVE: &str = r#"(
    version: 1,
    created: 1763900000,
    settings: (
        size: 4,
        stones: [],
        seed: None,
        players: (Computer((
            algorithm: "alphabeta",
            depth: 4,
            time_ms: Some(2000),
        )), Computer((
            algorithm: "minimax",
            depth: 3,
            time_ms: None,
        ))),
    ),
    moves: [
        (cell: "b2", gained: 12, at: 1763900001, search: Some((depth: 4, nodes: 10, leaves: 5, time_us: 30, value: 9))),
    ],
    score: (12, 0),
    result: None,
    game: "size=4 moves=b2",
)
"#;

#[test]
fn saves_from_before_the_engine_registry_still_load_and_name_their_engines() {
    let loaded =
        SavedGame::from_ron(OLD_SAVE, Path::new("old.ron")).unwrap_or_else(|e| panic!("{e}"));
    let engines: Vec<_> = loaded
        .saved
        .settings
        .players
        .iter()
        .map(|side| side.engine().map(|e| e.config()))
        .collect();
    let mut alphabeta = EngineConfig::new(EngineKind::ALPHABETA, 4);
    alphabeta.time_ms = Some(2000);
    assert_eq!(
        engines,
        [
            Some(Ok(alphabeta)),
            Some(Ok(EngineConfig::new(EngineKind::MINIMAX, 3)))
        ]
    );
    // Written again, the engine fields read the same (the key stays `algorithm`).
    let again = loaded.saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    assert!(again.contains("algorithm: \"minimax\""), "{again}");
}

#[test]
fn a_save_naming_an_unknown_engine_loads_and_says_which_engines_are_known() {
    let newer = OLD_SAVE.replace("\"minimax\"", "\"pvs-2030\"");
    let loaded =
        SavedGame::from_ron(&newer, Path::new("new.ron")).unwrap_or_else(|e| panic!("{e}"));
    let side = &loaded.saved.settings.players[1];
    // The name is kept as written (saving the game again does not lose it)...
    assert_eq!(
        side.engine().map(|e| e.algorithm.as_str()),
        Some("pvs-2030")
    );
    // ...and playing it on is an error naming the engine and the known ones.
    let error = side
        .engine()
        .map(|e| e.config())
        .and_then(Result::err)
        .unwrap_or_else(|| panic!("an unknown engine was accepted"));
    assert_eq!(error.name, "pvs-2030");
    assert_eq!(
        error.to_string(),
        "unknown algorithm 'pvs-2030' (known: minimax, alphabeta, pvs, perfect)"
    );
}

/// Writes `text` as a save and returns the error loading it gives.
fn bad_file(dir: &Path, name: &str, text: &str) -> (PathBuf, StoreError) {
    let path = dir.join(name);
    fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let err = load_err(&path);
    let message = err.to_string();
    assert!(message.contains(name), "{message} does not name the file");
    println!("{name}: {message}");
    (path, err)
}

fn tampered(dir: &Path, name: &str, change: impl FnOnce(&mut SavedGame)) -> CheckError {
    let mut saved = worked_example();
    change(&mut saved);
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    match bad_file(dir, name, &text).1 {
        StoreError::Invalid { source, .. } => source,
        other => panic!("{name}: {other}"),
    }
}

#[test]
fn every_kind_of_bad_file_gives_its_own_error() {
    let dir = temp();
    let dir = dir.path();
    let good = worked_example().to_ron().unwrap_or_else(|e| panic!("{e}"));

    let (_, err) = bad_file(dir, "corrupt.ron", "(version: 1, settings: [oops");
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err:?}");
    let (_, err) = bad_file(dir, "garbage.ron", "this is not a save at all");
    assert!(matches!(err, StoreError::NotASave { .. }), "{err:?}");
    let (_, err) = bad_file(dir, "truncated.ron", &good[..good.len() / 2]);
    assert!(matches!(err, StoreError::Truncated { .. }), "{err:?}");
    let (_, err) = bad_file(dir, "empty.ron", "");
    assert!(matches!(err, StoreError::Empty { .. }), "{err:?}");
    let (_, err) = bad_file(dir, "blank.ron", "  \n\t\n");
    assert!(matches!(err, StoreError::Empty { .. }), "{err:?}");
    let newer = good.replacen("version: 1", "version: 99", 1);
    let (_, err) = bad_file(dir, "newer.ron", &newer);
    assert!(
        matches!(err, StoreError::NewerVersion { found: 99, .. }),
        "{err:?}"
    );
    // A newer file whose new data this version cannot even parse is still "newer".
    let (_, err) = bad_file(dir, "newer2.ron", "(version: 2, moves: [Pass(3)])");
    assert!(
        matches!(err, StoreError::NewerVersion { found: 2, .. }),
        "{err:?}"
    );

    let path = dir.join("binary.ron");
    fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        load_err(&path),
        StoreError::NotText { offset: 0, .. }
    ));

    let huge = dir.join("huge.ron");
    let file = fs::File::create(&huge).unwrap_or_else(|e| panic!("{e}"));
    file.set_len(MAX_FILE_BYTES + 1)
        .unwrap_or_else(|e| panic!("{e}"));
    let err = load_err(&huge);
    assert!(matches!(err, StoreError::TooLarge { .. }), "{err:?}");
    println!("huge.ron: {err}");

    let missing = dir.join("missing.ron");
    let err = load_err(&missing);
    assert!(matches!(err, StoreError::NotFound { .. }), "{err:?}");
    println!("missing.ron: {err}");
    let err = load_err(dir);
    assert!(
        matches!(
            err,
            StoreError::NotAFile {
                kind: "a folder",
                ..
            }
        ),
        "{err:?}"
    );
    println!("a folder: {err}");
}

#[test]
fn tampered_saves_are_caught_by_the_replay() {
    let dir = temp();
    let dir = dir.path();
    let err = tampered(dir, "illegal-move.ron", |g| g.moves[1].cell = "c3".into());
    assert!(matches!(err, CheckError::IllegalMove(_)), "{err:?}");
    let message = queens_cli::one_line(&err);
    assert!(message.contains("move 2 (c3)"), "{message}");
    let err = tampered(dir, "not-a-cell.ron", |g| g.moves[0].cell = "z99".into());
    assert!(
        matches!(err, CheckError::BadCell { number: 1, .. }),
        "{err:?}"
    );
    let err = tampered(dir, "score.ron", |g| g.score = [14, 2]);
    assert!(matches!(err, CheckError::ScoreMismatch { .. }), "{err:?}");
    let err = tampered(dir, "winner.ron", |g| {
        if let Some(result) = &mut g.result {
            result.winner = Winner::P2;
        }
    });
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    let err = tampered(dir, "no-result.ron", |g| g.result = None);
    assert!(matches!(err, CheckError::ResultMismatch { .. }), "{err:?}");
    let err = tampered(dir, "gain.ron", |g| g.moves[0].gained = 16);
    assert!(
        matches!(err, CheckError::GainMismatch { number: 1, .. }),
        "{err:?}"
    );
    let err = tampered(dir, "game-string.ron", |g| {
        g.game = "size=4 moves=b2,d3,a1".into()
    });
    assert!(
        matches!(err, CheckError::GameStringMismatch { .. }),
        "{err:?}"
    );
    let err = tampered(dir, "extra-move.ron", |g| g.moves.push(g.moves[0].clone()));
    let message = queens_cli::one_line(&err);
    assert!(message.contains("game is over"), "{message}");
    let err = tampered(dir, "stones.ron", |g| {
        g.settings.size = 3;
        g.settings.stones = vec!["a1".into(), "b2".into()];
    });
    assert!(matches!(err, CheckError::BadSetup(_)), "{err:?}");
    let mut seeded = engine_game(5, 3, 1, [1, 1], 2);
    seeded.settings.seed = Some(8);
    let text = seeded.to_ron().unwrap_or_else(|e| panic!("{e}"));
    let err = bad_file(dir, "seed.ron", &text).1;
    assert!(
        matches!(
            err,
            StoreError::Invalid {
                source: CheckError::SeedMismatch { seed: 8, .. },
                ..
            }
        ),
        "{err:?}"
    );
}

/// Whether files can be created in `dir` (false when permissions really apply; root
/// ignores a read-only folder).
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The write really fails, even for root (CI runs as root, where a read-only folder is
/// still writable): the file's name is so long that the temporary file's name, the name
/// plus about 30 characters, exceeds the 255 bytes a file name may have.
#[test]
fn a_failed_save_leaves_the_old_file_and_no_temporary_file() {
    let dir = temp();
    let path = dir.path().join(format!("{}.ron", "g".repeat(240)));
    // Written directly: an atomic save of this name fails, as the rest of the test shows.
    let before = worked_example()
        .to_ron()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_bytes();
    fs::write(&path, &before).unwrap_or_else(|e| panic!("{e}"));

    let newer = engine_game(5, 2, 1, [1, 1], 3);
    let err = newer.save_to(&path).err();
    assert!(matches!(err, Some(StoreError::Write { .. })), "{err:?}");
    assert_eq!(fs::read(&path).unwrap_or_default(), before);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    assert_eq!(names_in(dir.path()), [name]);
}

#[test]
fn saving_onto_a_folder_fails_cleanly() {
    let dir = temp();
    let folder = dir.path().join("taken.ron");
    fs::create_dir(&folder).unwrap_or_else(|e| panic!("{e}"));
    fs::write(folder.join("inside.txt"), "keep").unwrap_or_else(|e| panic!("{e}"));
    let err = worked_example().save_to(&folder).err();
    let message = err.as_ref().map(ToString::to_string).unwrap_or_default();
    assert!(matches!(err, Some(StoreError::Write { .. })), "{err:?}");
    assert!(message.contains("taken.ron"), "{message}");
    println!("save onto a folder: {message}");
    assert_eq!(names_in(dir.path()), ["taken.ron"]);
    assert_eq!(names_in(&folder), ["inside.txt"]);

    let under_a_file = folder.join("inside.txt").join("game.ron");
    let err = worked_example().save_to(&under_a_file).err();
    assert!(matches!(err, Some(StoreError::Write { .. })), "{err:?}");
    println!(
        "save under a file: {}",
        err.map(|e| e.to_string()).unwrap_or_default()
    );
}

#[test]
fn autosave_survives_between_runs_and_clears() {
    let dir = temp();
    let saves = dir.path().join("saves");
    // The window reads the autosave as any save, at autosave_path.
    let load = || load_from(&autosave_path(&saves));
    assert!(matches!(load(), Err(StoreError::NotFound { .. })));
    let game = engine_game(6, 2, 9, [1, 2], 4);
    autosave(&saves, &game).unwrap_or_else(|e| panic!("{e}"));
    let more = engine_game(6, 2, 9, [1, 2], 6);
    autosave(&saves, &more).unwrap_or_else(|e| panic!("{e}"));
    match load() {
        Ok(loaded) => assert_eq!(loaded.saved, more),
        other => panic!("{other:?}"),
    }
    assert_eq!(list_saves(&saves).map(|l| l.len()).ok(), Some(0));
    fs::write(saves.join("autosave.ron"), "(version: 1, mov").unwrap_or_else(|e| panic!("{e}"));
    let damaged = load();
    assert!(
        matches!(damaged, Err(StoreError::Truncated { .. })),
        "{damaged:?}"
    );
    assert!(matches!(load(), Err(StoreError::Truncated { .. })));
    clear_autosave(&saves).unwrap_or_else(|e| panic!("{e}"));
    clear_autosave(&saves).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(load(), Err(StoreError::NotFound { .. })));
}

#[test]
fn history_keeps_every_game_across_restarts() {
    let dir = temp();
    let saves = dir.path();
    let unfinished = engine_game(5, 1, 1, [1, 1], 2);
    assert!(matches!(
        append_history(saves, &unfinished),
        Err(StoreError::NotFinished { plies: 2 })
    ));
    for seed in 0..3 {
        append_history(saves, &engine_game(5, 2, seed, [1, 2], 99))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (first, bad) = load_history(saves);
    assert_eq!((first.len(), bad.len()), (3, 0));
    // "Restart": nothing kept in memory, two more games appended.
    for seed in 3..5 {
        append_history(saves, &engine_game(6, 2, seed, [2, 1], 99))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let (all, bad) = load_history(saves);
    assert_eq!((all.len(), bad.len()), (5, 0));
    assert!(first.iter().all(|e| all.contains(e)));
    assert!(
        all.windows(2)
            .all(|w| w[0].game.sort_time() <= w[1].game.sort_time())
    );

    let small = HistoryFilter {
        size: Some(5),
        ..HistoryFilter::default()
    };
    assert_eq!(small.apply(&all).len(), 3);
    let depth_two = HistoryFilter {
        opponent: Some("ALPHABETA DEPTH 2".into()),
        ..HistoryFilter::default()
    };
    assert_eq!(depth_two.apply(&all).len(), 5);
    let human = HistoryFilter {
        opponent: Some("human".into()),
        ..HistoryFilter::default()
    };
    assert!(human.apply(&all).is_empty());
}

#[test]
fn concurrent_writers_lose_nothing() {
    let dir = temp();
    let saves = dir.path();
    let game = engine_game(4, 0, 0, [1, 1], 99);
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                for _ in 0..6 {
                    append_history(saves, &game).unwrap_or_else(|e| panic!("{e}"));
                }
            });
        }
    });
    let (entries, bad) = load_history(saves);
    assert_eq!((entries.len(), bad.len()), (48, 0));
    let mut ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), 48);
}

/// A FIFO in history/ is reported and skipped; opening it would block for ever.
#[cfg(unix)]
#[test]
fn a_fifo_in_the_history_is_skipped_without_being_opened() {
    let dir = temp();
    append_history(dir.path(), &worked_example()).unwrap_or_else(|e| panic!("{e}"));
    let fifo = dir.path().join("history").join("pipe.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(made.success());
    let (good, bad) = load_history(dir.path());
    assert_eq!(good.len(), 1);
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].0, fifo);
    assert!(
        matches!(bad[0].1, StoreError::NotAFile { .. }),
        "{:?}",
        bad[0].1
    );
    assert!(bad[0].1.to_string().contains("FIFO"), "{}", bad[0].1);
}

#[test]
fn a_corrupt_history_entry_hides_nothing_else() {
    let dir = temp();
    let saves = dir.path();
    for seed in 0..3 {
        append_history(saves, &engine_game(4, 1, seed, [1, 1], 99))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let history = saves.join("history");
    fs::write(
        history.join("20990101-000000-bad.ron"),
        "(version: 1, moves: [(cell: ",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    fs::write(history.join("zero.ron"), "").unwrap_or_else(|e| panic!("{e}"));
    // A writer's temporary file still being written is not an entry.
    fs::write(history.join(".x.ron.1-2-3.tmp"), "(vers").unwrap_or_else(|e| panic!("{e}"));
    let (entries, bad) = load_history(saves);
    assert_eq!(entries.len(), 3);
    let bad_names: Vec<String> = bad
        .iter()
        .map(|(path, err)| {
            format!(
                "{}: {err}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(bad.len(), 2, "{bad_names:?}");
    assert!(
        matches!(bad[0].1, StoreError::Truncated { .. }),
        "{bad_names:?}"
    );
    assert!(
        matches!(bad[1].1, StoreError::Empty { .. }),
        "{bad_names:?}"
    );
}

fn history_for_export() -> Vec<HistoryEntry> {
    let mut entries = vec![HistoryEntry::new("human-1", worked_example())];
    for (seed, depths) in [(1, [1, 3]), (2, [3, 1]), (3, [2, 2])] {
        let game = engine_game(5, 2, seed, depths, 99);
        entries.push(HistoryEntry::new(format!("ai-{seed}"), game));
    }
    entries
}

#[test]
fn the_workbook_reads_back_with_sheets_numbers_and_formulas() {
    let dir = temp();
    let entries = history_for_export();
    let path = dir.path().join("reports").join("history.xlsx");
    export_workbook(&entries, &path).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        book.sheet_names(),
        ["Matches", "Moves", "Summary", "Players"]
    );

    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(matches.height(), entries.len() + 1);
    assert_eq!(
        matches.get_value((0, 0)),
        Some(&Data::String("Game".into()))
    );
    assert_eq!(
        matches.get_value((1, 0)),
        Some(&Data::String("human-1".into()))
    );
    assert!(matches!(matches.get_value((1, 1)), Some(Data::DateTime(_))));
    assert_eq!(matches.get_value((1, 2)), Some(&Data::Float(4.0)));
    assert_eq!(
        matches.get_value((1, 5)),
        Some(&Data::String("human".into()))
    );
    assert_eq!(matches.get_value((1, 11)), Some(&Data::Float(13.0)));
    assert_eq!(matches.get_value((1, 12)), Some(&Data::Float(3.0)));
    assert_eq!(matches.get_value((1, 13)), Some(&Data::String("P1".into())));
    assert_eq!(matches.get_value((1, 14)), Some(&Data::Float(10.0)));
    assert_eq!(matches.get_value((1, 15)), Some(&Data::Float(3.0)));
    assert_eq!(
        matches.get_value((1, 17)),
        Some(&Data::String("size=4 moves=b2,d3,a4".into()))
    );

    let moves = book
        .worksheet_range("Moves")
        .unwrap_or_else(|e| panic!("{e}"));
    let plies: usize = entries.iter().map(|e| e.game.moves.len()).sum();
    assert_eq!(moves.height(), plies + 1);
    assert_eq!(moves.get_value((2, 3)), Some(&Data::String("d3".into())));
    assert_eq!(moves.get_value((2, 4)), Some(&Data::Float(3.0)));
    assert_eq!(moves.get_value((3, 5)), Some(&Data::Float(13.0)));
    assert_eq!(moves.get_value((2, 8)), Some(&Data::Float(17.0)));
    assert_eq!(
        moves.get_value((1, 8)),
        Some(&Data::Empty),
        "human moves have no search"
    );

    let summary = summarize(&entries);
    let formulas = book
        .worksheet_formula("Summary")
        .unwrap_or_else(|e| panic!("{e}"));
    let values = book
        .worksheet_range("Summary")
        .unwrap_or_else(|e| panic!("{e}"));
    let wins = formulas.get_value((1, 3)).cloned().unwrap_or_default();
    assert!(
        wins.starts_with("COUNTIFS(Matches!$G$2:$G$5,$A2,Matches!$N$2:$N$5,\"P1\")"),
        "{wins}"
    );
    for (index, s) in summary.iter().enumerate() {
        let row = index as u32 + 1;
        assert_eq!(
            values.get_value((row, 0)),
            Some(&Data::String(s.setting.clone()))
        );
        for (col, expected) in [(3, s.wins), (4, s.draws), (5, s.losses), (6, s.games())] {
            assert_eq!(
                values.get_value((row, col)),
                Some(&Data::Float(f64::from(expected))),
                "row {row} col {col}"
            );
        }
    }
    let depth_row = summary.len() as u32 + 3;
    let by_depth = formulas
        .get_value((depth_row, 3))
        .cloned()
        .unwrap_or_default();
    assert!(
        by_depth.starts_with(&format!(
            "COUNTIFS(Matches!$H$2:$H$5,$C{},Matches!$N$2:$N$5,\"P1\")",
            depth_row + 1
        )),
        "{by_depth}"
    );
    let rate = formulas.get_value((1, 7)).cloned().unwrap_or_default();
    assert_eq!(rate, "IF(G2>0,D2/G2,0)");
    assert_eq!(
        values.get_value((1, 7)),
        Some(&Data::Float(summary[0].win_rate()))
    );
    let total: u32 = summary.iter().map(|s| s.games()).sum();
    assert_eq!(total, 7, "one human side, seven computer sides");
}

/// Issue 38 (4): a game started from a pasted position says so in the Matches sheet's
/// last column, keeps it through a save and a load, and no Player record counts it.
#[test]
fn a_game_from_a_pasted_position_is_marked_kept_and_credited_to_nobody() {
    let dir = temp();
    let mut entries = history_for_export();
    let pasted = &mut entries[1].game;
    pasted.from_position = Some(2);
    let here = pasted.moves.len() - 2;
    // Through a file and back.
    let file = dir.path().join("pasted.ron");
    pasted.save_to(&file).unwrap_or_else(|e| panic!("{e}"));
    let loaded = queens_store::load_game(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved().from_position, Some(2));
    assert_eq!(loaded.saved().moves_played_here(), Some(here));
    // A whole game writes no such field (older versions read it as before).
    let whole = dir.path().join("whole.ron");
    entries[2]
        .game
        .save_to(&whole)
        .unwrap_or_else(|e| panic!("{e}"));
    let text = fs::read_to_string(&whole).unwrap_or_default();
    assert!(!text.contains("from_position"), "{text}");

    let path = dir.path().join("history.xlsx");
    export_workbook(&entries, &path).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    let last = matches.width() - 1;
    assert_eq!(
        matches.get_value((0, last as u32)),
        Some(&Data::String("From a position".into()))
    );
    let marked = format!("from a position, {here} moves played here");
    assert_eq!(
        matches.get_value((2, last as u32)),
        Some(&Data::String(marked))
    );
    for row in [1, 3, 4] {
        assert!(
            matches!(
                matches.get_value((row, last as u32)),
                None | Some(Data::Empty)
            ),
            "row {row} is a whole game"
        );
    }
    let mut records = queens_store::Records::default();
    for entry in &entries {
        records.add(&entry.game);
    }
    let counted: u32 = records.records().iter().map(|r| r.games()).sum();
    // Each counted game is counted once for each of its two players.
    assert_eq!(counted, 2 * (entries.len() as u32 - 1));
}

#[test]
fn an_export_onto_a_folder_fails_says_where_and_leaves_no_temporary_file() {
    let dir = temp();
    let entries = history_for_export();
    let folder = dir.path().join("report.xlsx");
    fs::create_dir(&folder).unwrap_or_else(|e| panic!("{e}"));
    let err = export_workbook(&entries, &folder).err();
    // Refused by the one output check, before the workbook is built.
    assert!(
        matches!(
            err,
            Some(ExportError::Target {
                reason: OutputPathError::Folder { .. },
                ..
            })
        ),
        "{err:?}"
    );
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("report.xlsx"), "{message}");
    println!("export onto a folder: {message}");
    assert_eq!(names_in(dir.path()), ["report.xlsx"]);
}

/// Rows of every sheet whose name starts with `base` ("Moves", "Moves 2", ...), headers
/// left out, and the names.
fn rows_of(book: &mut Xlsx<std::io::BufReader<fs::File>>, base: &str) -> (usize, Vec<String>) {
    let names: Vec<String> = book
        .sheet_names()
        .into_iter()
        .filter(|name| name.starts_with(base))
        .collect();
    let rows = names
        .iter()
        .map(|name| {
            book.worksheet_range(name)
                .unwrap_or_else(|e| panic!("{e}"))
                .height()
                - 1
        })
        .sum();
    (rows, names)
}

/// Beyond the rows a sheet holds, the tables continue on further sheets: no game or move
/// is lost, and the Summary counts over every Matches sheet (Excel's limit is 1,048,576
/// rows; a small limit here shows the same split without writing a million rows).
#[test]
fn a_history_beyond_the_row_limit_is_split_across_sheets() {
    let dir = temp();
    let mut plies = 0;
    for seed in 0..7 {
        let game = engine_game(4, 1, seed, [1, 2], 99);
        plies += game.moves.len();
        append_history(dir.path(), &game).unwrap_or_else(|e| panic!("{e}"));
    }
    let out = dir.path().join("split.xlsx");
    let options = ExportOptions {
        max_rows: 4,
        ..ExportOptions::default()
    };
    let done = export_history(
        dir.path(),
        &HistoryFilter::default(),
        &out,
        options,
        &|| false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(done.info.games, 7);
    assert_eq!(done.info.moves as usize, plies);
    assert!(done.skipped.is_empty());
    assert_eq!(done.info.notes.len(), 2, "{:?}", done.info.notes);
    assert!(
        done.info.notes[1].contains("Moves 2"),
        "{:?}",
        done.info.notes
    );

    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        book.sheet_names().last().map(String::as_str),
        Some("Players")
    );
    assert_eq!(book.sheet_names(), done.info.sheets);
    let (games, matches) = rows_of(&mut book, "Matches");
    assert_eq!((games, matches.len()), (7, 3), "{matches:?}");
    let (moves, sheets) = rows_of(&mut book, "Moves");
    assert_eq!(moves, plies);
    assert_eq!(sheets.len(), plies.div_ceil(3));
    let formulas = book
        .worksheet_formula("Summary")
        .unwrap_or_else(|e| panic!("{e}"));
    let wins = formulas.get_value((1, 3)).cloned().unwrap_or_default();
    assert!(wins.contains("'Matches 3'!"), "{wins}");
    let values = book
        .worksheet_range("Summary")
        .unwrap_or_else(|e| panic!("{e}"));
    let total: f64 = (1..=2)
        .filter_map(|row| match values.get_value((row, 6)) {
            Some(Data::Float(games)) => Some(*games),
            _ => None,
        })
        .sum();
    assert_eq!(total, 14.0, "both sides of 7 games are counted");
}

/// A text longer than an Excel cell (32,767 characters) used to abort the whole export
/// without naming the file; now that file alone is skipped and named.
#[test]
fn a_history_file_with_an_over_long_text_is_skipped_and_named() {
    let dir = temp();
    append_history(dir.path(), &worked_example()).unwrap_or_else(|e| panic!("{e}"));
    let mut long = engine_game(4, 1, 5, [1, 1], 99);
    long.settings.players[0] = Side::Computer(EngineSettings {
        algorithm: "x".repeat(40_000),
        depth: 1,
        time_ms: None,
        program: None,
    });
    let long_path = append_history(dir.path(), &long).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("out.xlsx");
    let options = ExportOptions::default();
    let done = export_history(
        dir.path(),
        &HistoryFilter::default(),
        &out,
        options,
        &|| false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(done.info.games, 1);
    assert_eq!(done.skipped.len(), 1);
    assert_eq!(done.skipped[0].0, long_path);
    let reason = &done.skipped[0].1;
    assert!(
        matches!(
            reason,
            SkipReason::Export(ExportError::TextTooLong { chars: 40_008, .. })
        ),
        "{reason:?}"
    );
    assert!(reason.to_string().len() < 300, "{reason}");
    // The workbook API on entries refuses the same game by its id.
    let entries = vec![HistoryEntry::new("long", long)];
    let err = export_workbook(&entries, &dir.path().join("other.xlsx")).err();
    assert!(
        matches!(err, Some(ExportError::TextTooLong { .. })),
        "{err:?}"
    );
}

/// A stop request between games writes nothing and leaves an older workbook as it was.
#[test]
fn a_stopped_export_writes_nothing() {
    let dir = temp();
    append_history(dir.path(), &worked_example()).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("out.xlsx");
    fs::write(&out, "older").unwrap_or_else(|e| panic!("{e}"));
    let options = ExportOptions::default();
    let err = export_history(
        dir.path(),
        &HistoryFilter::default(),
        &out,
        options,
        &|| true,
    )
    .err();
    assert!(matches!(err, Some(ExportError::Cancelled)), "{err:?}");
    assert_eq!(fs::read_to_string(&out).unwrap_or_default(), "older");
}

/// A byte order mark (added by some editors) does not make a good save unreadable.
#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let dir = temp();
    let text = worked_example().to_ron().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("bom.ron");
    fs::write(&path, format!("\u{feff}{text}")).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved, worked_example());
}

/// Messages about bad files speak to a person, never quote a file that is not ours, and
/// cut what they quote of a damaged save.
#[test]
fn bad_file_messages_are_short_and_quote_no_foreign_content() {
    let dir = temp();
    let dir = dir.path();
    let deep = format!("(extra: {}{})", "[".repeat(10_000), "]".repeat(10_000));
    let (_, err) = bad_file(dir, "deep.ron", &deep);
    let message = err.to_string();
    assert!(message.contains("nested"), "{message}");
    assert!(!message.contains("recursion_limit"), "{message}");

    let (_, err) = bad_file(dir, "passwd.ron", "root:x:0:0:root:/root:/bin/bash\n");
    assert!(matches!(err, StoreError::NotASave { .. }), "{err:?}");
    assert!(!err.to_string().contains("root:"), "{err}");
    #[cfg(unix)]
    {
        let link = dir.join("history-link.ron");
        std::os::unix::fs::symlink(dir.join("passwd.ron"), &link).unwrap_or_else(|e| panic!("{e}"));
        let err = load_err(&link);
        assert!(!err.to_string().contains("root"), "{err}");
    }

    let token = "q".repeat(120_000);
    let (_, err) = bad_file(
        dir,
        "token.ron",
        &format!("(version: 1, settings: {token})"),
    );
    let message = err.to_string();
    assert!(
        message.len() < 400,
        "{} bytes: {}",
        message.len(),
        &message[..200]
    );
    assert!(message.contains('…'), "{message}");
}

/// A save is the same file on every system: "\n" line ends, also on Windows where ron's
/// pretty printer would write "\r\n" (this test runs under wine in CI too), and the file
/// on disk holds exactly that text.
#[test]
fn saves_use_unix_line_ends_on_every_system() {
    let text = worked_example().to_ron().unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains('\n'), "one move per line");
    assert!(!text.contains('\r'), "no carriage returns: {text:?}");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("game.ron");
    worked_example()
        .save_to(&path)
        .unwrap_or_else(|e| panic!("{e}"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !bytes.contains(&b'\r'),
        "the file on disk has no carriage returns"
    );
}
