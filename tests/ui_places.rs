//! The window and its files: Help > About says where they are, and the `saves/` an
//! older version left in the current folder is offered for copying once.

mod ui_support;

use egui_kittest::kittest::Queryable;
use queens::ui::{Language, Mode};
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
