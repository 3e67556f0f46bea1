//! Real files written before tic-tac-toe and Dodgem went through the game seam:
//! `crates/store/tests/data/saves_before_seam/` holds records written by the store of commit 8f9e99f
//! (its `store/small.rs`, since removed): two tic-tac-toe games ended by the rules, one
//! unfinished, a resigned Dodgem game, an unfinished one, and a whole Dodgem game between
//! two alpha-beta engines with each search recorded. Today's store must open each as the
//! old one did, replay it by the rules, keep it unchanged, write it back byte for byte,
//! and take the finished ones into the history and its export.

use queens_store::{
    CorruptReason, ExportOptions, GameKind, HistoryFilter, Loaded, Seat, StoreError, Winner,
    append_history, export_history, load_game, load_history,
};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/saves_before_seam")
        .join(name)
}

/// Each file: its game, its plies, how it ended (`None`: not over), whether a computer
/// search is stored on some move.
const FILES: &[(&str, &str, usize, Option<Winner>, bool)] = &[
    ("tictactoe-won.ron", "tictactoe", 5, Some(Winner::P1), false),
    (
        "tictactoe-drawn.ron",
        "tictactoe",
        9,
        Some(Winner::Draw),
        false,
    ),
    ("tictactoe-unfinished.ron", "tictactoe", 2, None, false),
    ("dodgem-resigned.ron", "dodgem", 2, Some(Winner::P2), false),
    ("dodgem-unfinished.ron", "dodgem", 2, None, false),
    ("dodgem-engines.ron", "dodgem", 17, Some(Winner::P1), true),
];

#[test]
fn every_old_record_opens_replays_and_is_written_back_the_same() {
    for &(name, tag, plies, winner, searched) in FILES {
        let path = fixture(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let loaded = load_game(&path)
            .unwrap_or_else(|e| panic!("{name}: {e}: {:?}", std::error::Error::source(&e)));
        let Loaded::Table(table) = loaded else {
            panic!("{name} read as queens");
        };
        let saved = table.saved;
        assert_eq!(saved.kind, GameKind::Table(tag), "{name}");
        assert_eq!(saved.moves.len(), plies, "{name}");
        assert_eq!(
            table.game.moves().len(),
            saved.moves.len(),
            "{name}: replayed plies"
        );
        assert_eq!(table.game.tag(), tag, "{name}");
        assert_eq!(saved.result.map(|r| r.winner), winner, "{name}");
        assert_eq!(
            table.game.result().is_some(),
            winner.is_some() && name != "dodgem-resigned.ron",
            "{name}: over by the rules"
        );
        assert_eq!(
            saved.moves.iter().any(|m| m.search.is_some()),
            searched,
            "{name}: searches kept"
        );
        // Nothing for the window's record keeping to change in a replayed old record,
        // and it is written exactly as it was read.
        let mut kept = saved.clone();
        kept.update_table(table.game.as_ref(), None);
        assert_eq!(kept, saved, "{name}");
        let written = saved.to_ron().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(written.trim(), text.trim(), "{name}");
    }
}

#[test]
fn the_finished_old_records_are_read_into_the_history_and_exported() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let history = dir.path().join("history");
    std::fs::create_dir(&history).unwrap_or_else(|e| panic!("{e}"));
    let finished: Vec<&str> = FILES
        .iter()
        .filter(|f| f.3.is_some())
        .map(|f| f.0)
        .collect();
    for name in &finished {
        std::fs::copy(fixture(name), history.join(name)).unwrap_or_else(|e| panic!("{e}"));
    }
    let (entries, bad) = load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), finished.len());
    let out = dir.path().join("old.xlsx");
    let done = export_history(
        dir.path(),
        &HistoryFilter::default(),
        &out,
        ExportOptions::default(),
        &|| false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(done.skipped.is_empty(), "{:?}", done.skipped);
    assert_eq!(done.info.games, finished.len());
    let plies: usize = entries.iter().map(|e| e.game.moves.len()).sum();
    assert_eq!(done.info.moves, plies as u64);
}

fn queens_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/queens_saves_by_version")
        .join(name)
}

/// Issue 38.5: saves are read strictly now; a save of every earlier format still opens
/// and replays, with what it recorded.
#[test]
fn a_queens_save_of_every_earlier_format_still_loads() {
    // (file, plies, winner, who resigned, names, a search's time in µs, paused)
    type Expected = (
        &'static str,
        usize,
        Option<Winner>,
        Option<Seat>,
        [&'static str; 2],
        Option<u64>,
        bool,
    );
    let files: [Expected; 5] = [
        // The first format's `time_ms` is read and not kept: the record holds µs.
        (
            "queens-3a9e01a-finished.ron",
            3,
            Some(Winner::P1),
            None,
            ["", ""],
            Some(0),
            false,
        ),
        (
            "queens-bd534a3-unfinished.ron",
            2,
            None,
            None,
            ["", ""],
            Some(250),
            false,
        ),
        (
            "queens-ffea627-finished.ron",
            3,
            Some(Winner::P1),
            None,
            ["Lan", "Minh"],
            None,
            false,
        ),
        (
            "queens-41568be-resigned.ron",
            1,
            Some(Winner::P1),
            Some(Seat::P2),
            ["", ""],
            None,
            false,
        ),
        (
            "queens-6abe6d5-paused.ron",
            1,
            None,
            None,
            ["", ""],
            Some(40),
            true,
        ),
    ];
    for (name, plies, winner, resigned, names, time_us, paused) in files {
        let loaded = load_game(&queens_fixture(name))
            .unwrap_or_else(|e| panic!("{name}: {e}: {:?}", std::error::Error::source(&e)));
        let Loaded::Queens(queens) = loaded else {
            panic!("{name} read as another game");
        };
        let saved = queens.saved;
        assert_eq!(saved.kind, GameKind::Queens, "{name}");
        assert_eq!(queens.board.ply(), plies, "{name}");
        assert_eq!(saved.result.map(|r| r.winner), winner, "{name}");
        assert_eq!(saved.result.and_then(|r| r.resigned), resigned, "{name}");
        assert_eq!(saved.names, names.map(String::from), "{name}");
        let searched = saved.moves.iter().find_map(|m| m.search).map(|s| s.time_us);
        assert_eq!(searched, time_us, "{name}");
        assert_eq!(saved.computer_paused, paused, "{name}");
    }
}

/// A misspelled field in a save is refused naming it, where it used to be replaced by
/// its default; the same text as a history entry is still read (the history keeps what
/// any version wrote), and an entry written with a field this version does not know
/// (a newer version's) is read too.
#[test]
fn a_save_is_strict_and_a_history_entry_is_not() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let good = std::fs::read_to_string(queens_fixture("queens-ffea627-finished.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let typo = good.replacen("gained: 3", "gaineD: 3", 1);
    let path = dir.path().join("typo.ron");
    std::fs::write(&path, &typo).unwrap_or_else(|e| panic!("{e}"));
    match load_game(&path) {
        Err(StoreError::Corrupt {
            reason: CorruptReason::UnknownField { found, .. },
            line,
            ..
        }) => {
            assert_eq!(found, "gaineD");
            assert_eq!(line, 12, "the line of the misspelled field");
        }
        other => panic!("{other:?}"),
    }
    let newer = good.replacen(
        "    names:",
        "    a_newer_versions_field: true,\n    names:",
        1,
    );
    let history = dir.path().join("history");
    std::fs::create_dir(&history).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(history.join("20251123-000000-a.ron"), &newer).unwrap_or_else(|e| panic!("{e}"));
    let (entries, bad) = load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), 1);
    assert_eq!(
        entries[0].game.names,
        ["Lan".to_string(), "Minh".to_string()]
    );
    // What this version writes to the history is a whole save.
    let written = append_history(dir.path(), &entries[0].game).unwrap_or_else(|e| panic!("{e}"));
    load_game(&written).unwrap_or_else(|e| panic!("{e}"));
}
