//! The man pages in docs/man/ (installed by the .deb) are the clap definition rendered by
//! clap_mangen: one page for `queens` and one per subcommand (`queens-solve.6`, ...), in
//! section 6 (games), as the .deb puts the program in /usr/games. This test fails when a
//! page differs from what `--help` says; after a change to the command line, write them
//! again with
//!
//! ```sh
//! UPDATE_MANPAGES=1 cargo test -p queens-cli --test all manpage::
//! ```

use clap::CommandFactory;
use std::path::{Path, PathBuf};

/// Every page: (file name, text).
fn pages() -> Vec<(String, Vec<u8>)> {
    let command = queens_cli::Cli::command().disable_help_subcommand(true);
    let mut pages = Vec::new();
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        // `queens-solve` in the page's title and NAME line, as git and cargo name theirs;
        // `queens solve` in its synopsis, as it is typed.
        let sub = sub
            .clone()
            .display_name(format!("queens-{}", sub.get_name()))
            .bin_name(format!("queens {}", sub.get_name()));
        pages.push(render(sub));
    }
    pages.push(render(command));
    pages
}

fn render(command: clap::Command) -> (String, Vec<u8>) {
    let man = clap_mangen::Man::new(command)
        .section("6")
        .manual("Queens & Stones")
        .source(format!("queens {}", env!("CARGO_PKG_VERSION")));
    let mut text = Vec::new();
    man.render(&mut text)
        .unwrap_or_else(|err| panic!("rendering {}: {err}", man.get_filename()));
    (man.get_filename(), text)
}

/// The repository's docs/man, from this crate's folder, where cargo runs its tests
/// (under wine too).
fn folder() -> PathBuf {
    Path::new("..").join("..").join("docs").join("man")
}

/// The names of the pages in docs/man/, sorted.
fn pages_on_disk(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|err| panic!("{}: {err}", folder.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".6"))
        .collect();
    names.sort();
    names
}

#[test]
fn man_pages_say_what_help_says() {
    let folder = folder();
    let pages = pages();
    if std::env::var_os("UPDATE_MANPAGES").is_some() {
        std::fs::create_dir_all(&folder).unwrap_or_else(|err| panic!("{err}"));
        for name in pages_on_disk(&folder) {
            std::fs::remove_file(folder.join(name)).unwrap_or_else(|err| panic!("{err}"));
        }
        for (name, text) in &pages {
            std::fs::write(folder.join(name), text).unwrap_or_else(|err| panic!("{err}"));
        }
        return;
    }
    let mut expected: Vec<String> = pages.iter().map(|(name, _)| name.clone()).collect();
    expected.sort();
    assert_eq!(
        pages_on_disk(&folder),
        expected,
        "docs/man/ holds other pages than the commands; run UPDATE_MANPAGES=1 cargo test -p queens-cli --test all manpage::"
    );
    for (name, text) in &pages {
        let on_disk = std::fs::read(folder.join(name)).unwrap_or_else(|err| panic!("{err}"));
        assert!(
            on_disk == *text,
            "docs/man/{name} differs from the command line's help; run UPDATE_MANPAGES=1 cargo test -p queens-cli --test all manpage::"
        );
    }
}

#[test]
fn every_subcommand_has_a_page() {
    let names: Vec<String> = pages().into_iter().map(|(name, _)| name).collect();
    for wanted in [
        "queens.6",
        "queens-gui.6",
        "queens-solve.6",
        "queens-analyse.6",
    ] {
        assert!(
            names.iter().any(|name| name == wanted),
            "{wanted}: {names:?}"
        );
    }
    assert!(
        !names.iter().any(|name| name == "queens-help.6"),
        "{names:?}"
    );
}
