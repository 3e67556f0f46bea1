//! The window and its files: Help > About says where they are, and the `saves/` an
//! older version left in the current folder is offered for copying once.

use crate::ui_support;

use egui_kittest::kittest::Queryable;
use queens_app::{Language, Mode};
use ui_support::{click, frames, harness, settings};

#[test]
fn about_shows_the_saves_folder_and_a_button_to_open_it() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    frames(&mut harness, 2);
    click(&mut harness, "Help");
    click(&mut harness, "About");
    let shown = std::path::absolute(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    let line = format!(
        "Games, autosave and match history: {} (chosen in the History window)",
        shown.display()
    );
    assert!(
        harness.query_by_label(&line).is_some(),
        "the About window names the folder: {line}"
    );
    assert!(harness.query_by_label("Open saves folder").is_some());
}

#[test]
fn about_is_translated_into_vietnamese() {
    let mut chosen = settings(Mode::HumanVsHuman, 6, 0);
    chosen.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(chosen);
    frames(&mut harness, 2);
    click(&mut harness, "Trợ giúp");
    click(&mut harness, "Giới thiệu");
    assert!(harness.query_by_label("Mở thư mục lưu").is_some());
}

#[test]
fn an_older_versions_saves_are_copied_once_and_nothing_is_lost() {
    let (mut harness, saves) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let old_cwd = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let old = old_cwd.path().join("saves");
    std::fs::create_dir_all(old.join("history")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(old.join("mine.ron"), "(my old game)").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(old.join("history").join("1.ron"), "(entry)").unwrap_or_else(|e| panic!("{e}"));

    assert!(harness.state_mut().offer_old_saves_in(old_cwd.path()));
    frames(&mut harness, 2);
    click(&mut harness, "Copy them");
    // Waits for the window to show the copy's report (the copy runs on its own thread).
    let report = format!(
        "Copied 2 files to {}; 0 were already there and were kept.",
        saves.path().display()
    );
    for _ in 0..4_000 {
        if harness.query_by_label(&report).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        harness.step();
    }
    // The centred window changes size with its text: let it settle before clicking.
    frames(&mut harness, 3);
    let copied =
        std::fs::read_to_string(saves.path().join("mine.ron")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(copied, "(my old game)");
    assert!(
        old.join("mine.ron").exists(),
        "the old folder is left as it was"
    );
    assert!(harness.query_by_label(&report).is_some(), "{report}");
    click(&mut harness, "Close");
    assert!(!harness.state().offering_old_saves());
    assert_eq!(harness.state().settings().old_saves_offered.len(), 1);

    // Asked once: the same folder is not offered again.
    assert!(!harness.state_mut().offer_old_saves_in(old_cwd.path()));
}

#[test]
fn declining_the_offer_copies_nothing_and_is_remembered() {
    let (mut harness, saves) = harness(settings(Mode::HumanVsHuman, 6, 0));
    let old_cwd = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let old = old_cwd.path().join("saves");
    std::fs::create_dir_all(&old).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(old.join("mine.ron"), "(my old game)").unwrap_or_else(|e| panic!("{e}"));

    assert!(harness.state_mut().offer_old_saves_in(old_cwd.path()));
    frames(&mut harness, 2);
    click(&mut harness, "No, thanks");
    assert!(!harness.state().offering_old_saves());
    assert!(!saves.path().join("mine.ron").exists());
    assert!(!harness.state_mut().offer_old_saves_in(old_cwd.path()));

    // A folder without games is not offered at all.
    let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(empty.path().join("saves")).unwrap_or_else(|e| panic!("{e}"));
    assert!(!harness.state_mut().offer_old_saves_in(empty.path()));
}

/// Issue 19 (16): the History window shows each player's record against each opponent,
/// the same numbers as the workbook's Players sheet (both from `store::Records`).
#[test]
fn history_shows_each_players_record_against_each_opponent() {
    for (language, game, history) in [
        (Language::English, "Game", "History…"),
        (Language::Vietnamese, "Trò chơi", "Lịch sử…"),
    ] {
        let mut chosen = settings(Mode::HumanVsHuman, 6, 0);
        chosen.language = language;
        let (mut harness, dir) = harness(chosen);
        let arena = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args([
                "arena",
                "--a",
                "alphabeta:2",
                "--b",
                "minimax:1",
                "--games",
                "4",
            ])
            .args([
                "--size",
                "5",
                "--stones",
                "1",
                "--seed",
                "3",
                "--time-ms",
                "100",
            ])
            .arg("--saves-dir")
            .arg(dir.path())
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(arena.status.success(), "{arena:?}");
        let (entries, _) = queens_store::load_history(dir.path());
        assert_eq!(entries.len(), 4);
        let mut records = queens_store::Records::default();
        for entry in &entries {
            records.add(&entry.game);
        }
        let records = records.records();
        assert_eq!(records.len(), 2, "{records:?}");

        frames(&mut harness, 2);
        click(&mut harness, game);
        click(&mut harness, history);
        ui_support::step_until(&mut harness, "the history", |app| !app.history_loading());
        frames(&mut harness, 3);
        // The computers by their settings in the window's words, as in the games above.
        let shown = |label: &str| -> &str {
            match (language, label) {
                (Language::Vietnamese, "alphabeta depth 2, 100 ms") => {
                    "Cắt tỉa alpha-beta, độ sâu 2, 0.1 giây"
                }
                (Language::Vietnamese, "minimax depth 1, 100 ms") => "Minimax, độ sâu 1, 0.1 giây",
                (_, "alphabeta depth 2, 100 ms") => "Alpha-beta, depth 2, 0.1 s",
                (_, "minimax depth 1, 100 ms") => "Minimax, depth 1, 0.1 s",
                (_, other) => panic!("unexpected player {other}"),
            }
        };
        for record in &records {
            let margin = format!("{:+.1}", record.average_margin());
            let (player, opponent) = (shown(&record.player), shown(&record.opponent));
            let line = match language {
                Language::Vietnamese => format!(
                    "{player} gặp {opponent}: thắng {}, hòa {}, thua {}, cách biệt trung bình {margin}",
                    record.wins, record.draws, record.losses
                ),
                _ => format!(
                    "{player} against {opponent}: {} wins, {} draws, {} losses, average margin {margin}",
                    record.wins, record.draws, record.losses
                ),
            };
            assert!(harness.query_by_label(&line).is_some(), "no row {line:?}");
        }
        // Each pair's numbers mirror each other.
        assert_eq!(records[0].wins, records[1].losses);
        assert_eq!(records[0].margin_sum, -records[1].margin_sum);
    }
}

/// The folder the store decides is the one eframe keeps the window's settings in, on the
/// system the test runs on (Linux in CI, and Windows when the program's tests run under
/// wine).
#[test]
fn data_folder_is_eframes_storage_folder_on_this_system() {
    assert_eq!(
        queens_store::location::data_dir(),
        eframe::storage_dir(queens_store::location::APP_ID)
    );
}
