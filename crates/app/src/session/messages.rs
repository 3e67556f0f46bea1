//! The status line. Kept as data, not text, so it is shown in the language of the moment.

use crate::i18n::grid::tongue;
use crate::i18n::{FileProblem, Texts, fill};
use crate::session::link::MalformedLink;
use queens_board::{Cell, GameError, MoveError, Player};
use std::path::PathBuf;

/// What the status line says.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Message {
    /// A game started.
    Started {
        /// Board side.
        size: u8,
        /// Number of stones.
        stones: u32,
    },
    /// A move was played.
    Played {
        /// Who played.
        player: Player,
        /// Where.
        cell: Cell,
        /// Cells gained.
        gained: u32,
    },
    /// The board refused a move.
    Refused(MoveError),
    /// A click while the computer is to move.
    WaitForComputer,
    /// A click while the computer is to move but paused.
    ComputerPaused,
    /// A click on a reviewed position.
    ReviewReadOnly,
    /// An earlier position is shown: the one after this many moves.
    Reviewing(usize),
    /// The review ended: the current position is shown again.
    BackToGame,
    /// Moves taken back.
    Undone(usize),
    /// Moves replayed.
    Redone(usize),
    /// Undo at the start.
    NothingToUndo,
    /// Redo with nothing undone.
    NothingToRedo,
    /// The game string went to the clipboard.
    Copied,
    /// A link to the position went to the clipboard.
    LinkCopied,
    /// A pasted game string was loaded.
    Pasted,
    /// Copy link with no page known to link to (the desktop, no `web_page` setting).
    NoWebPage,
    /// A pasted game string was refused.
    PasteError(GameError),
    /// Paste position read a game string of another game that does not read: the game
    /// string's reason, told in the window's language.
    PasteGameError(queens_engines::games::setup::GameStringError),
    /// A link (Paste position, the browser's address) whose fragment is not valid
    /// percent-encoding: it was cut or mangled on its way.
    MalformedLink(crate::session::link::MalformedLink),
    /// A game string of a game the window does not play (its tag).
    NotInWindow(&'static str),
    /// Paste position found no text in the box nor on the system clipboard.
    ClipboardEmpty,
    /// The new-game choices make no board; nothing was started.
    BadSetup(GameError),
    /// A computer search was cancelled.
    Cancelled,
    /// The computers were paused (computer against computer).
    Paused,
    /// This side resigned.
    Resigned(Player),
    /// New game has a computer played by an engine program with no command.
    NoProgramCommand,
    /// This side's engine program went wrong (the reason) and lost the game.
    Forfeit(Player, String),
    /// A hint search is running.
    HintThinking,
    /// The hint found.
    HintResult {
        /// The suggested cell.
        cell: Cell,
        /// How many cells it would claim.
        claims: u32,
    },
    /// Hint asked on a computer's turn.
    HintOnlyHuman,
    /// The game is being written to this file (in the background).
    Saving(PathBuf),
    /// The game was written to this file.
    Saved(PathBuf),
    /// This save is being read (in the background).
    Opening(PathBuf),
    /// Saving failed; the problem names the file.
    SaveFailed(FileProblem),
    /// A game was loaded from this file with this many moves.
    Opened(PathBuf, usize),
    /// A file could not be loaded; the game on screen is untouched.
    OpenFailed(FileProblem),
    /// The autosaved game was taken up again.
    Continued(usize),
    /// The finished game left on screen last time is shown again (its moves).
    ShownAgain(usize),
    /// Two computers are seated at start: they wait for Resume computer.
    WatchPaused,
    /// Writing the autosave failed.
    AutosaveFailed(FileProblem),
    /// Writing the settings failed (they stay in effect for this run).
    SettingsFailed(FileProblem),
    /// The autosave exists but could not be loaded: why, and where it was moved (or why
    /// it could not be moved, and so was left untouched).
    AutosaveDamaged {
        /// Why it could not be loaded (boxed: with Windows' larger paths this variant made
        /// every `Message` over clippy's 128-byte limit for an error).
        problem: Box<FileProblem>,
        /// Where it is now, or why it could not be moved.
        moved_to: Result<PathBuf, String>,
    },
    /// The saves folder is a file (or anything but a folder): nothing is saved there.
    SavesFolderNotAFolder(PathBuf),
    /// The autosave is being looked for at start.
    CheckingAutosave,
    /// Something was asked while the autosave offer waits for an answer.
    ChooseFirst,
    /// Two messages, one after the other ("saved to ..., new game ...").
    Both(Box<Message>, Box<Message>),
    /// A finished game could not be added to the history.
    HistoryFailed(FileProblem),
    /// The Excel export is running.
    Exporting,
    /// The history was exported: the file and the number of games.
    Exported(PathBuf, usize),
    /// The export failed.
    ExportFailed(FileProblem),
    /// A finished game from the history is shown.
    HistoryOpened(String),
    /// The saves folder changed.
    FolderSet(PathBuf),
    /// A loaded game names an engine this version does not know; the default engine
    /// plays that seat, and the computer waits for Resume.
    UnknownEngine {
        /// The name in the file.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// Something only the queens game has (hint, analysis, a queens game string),
    /// asked of another game.
    QueensOnly,
    /// About a game of the games table played through the seam.
    Grid(super::grid_note::GridNote),
    /// A click on the board of a game that has ended.
    GameOver,
}

impl Message {
    /// The text in the language of `t`; `names` are the players' names.
    pub(crate) fn text(&self, t: &Texts, names: &[String; 2]) -> String {
        match self {
            Message::Started { size, stones } => fill(t.started, &[size, stones]),
            Message::Played {
                player,
                cell,
                gained,
            } => fill(t.played, &[&names[player.index()], cell, gained]),
            Message::Refused(MoveError::NotFree { cell, occupant, .. }) => {
                fill(t.move_refused, &[cell, &t.occupant(*occupant, names)])
            }
            Message::Refused(MoveError::GameOver { .. }) | Message::GameOver => {
                t.game_is_over.to_string()
            }
            Message::WaitForComputer => t.wait_for_computer.to_string(),
            Message::ComputerPaused => t.computer_paused_click.to_string(),
            Message::ReviewReadOnly => t.review_read_only.to_string(),
            Message::Reviewing(ply) => reviewing_text(t, *ply),
            Message::BackToGame => t.back_to_game.to_string(),
            Message::Undone(count) => fill(t.undone, &[count]),
            Message::Redone(count) => fill(t.redone, &[count]),
            Message::NothingToUndo => t.nothing_to_undo.to_string(),
            Message::NothingToRedo => t.nothing_to_redo.to_string(),
            Message::Copied => t.copied.to_string(),
            Message::LinkCopied => t.link_copied.to_string(),
            Message::Pasted => t.pasted.to_string(),
            Message::NoWebPage => t.no_web_page.to_string(),
            Message::ClipboardEmpty => t.clipboard_empty.to_string(),
            Message::PasteError(error) => fill(t.paste_error, &[&t.game_error(error, names)]),
            Message::PasteGameError(why) => {
                use queens_engines::games::setup::Reason;
                fill(t.paste_error, &[&why.say(tongue(t.grid))])
            }
            Message::MalformedLink(MalformedLink::BadEscape { escape, at }) => {
                fill(t.link_bad_escape, &[escape, at])
            }
            Message::MalformedLink(MalformedLink::NotUtf8) => t.link_not_utf8.to_string(),
            Message::NotInWindow(tag) => fill(t.not_in_window, &[tag]),
            Message::BadSetup(error) => fill(t.bad_setup, &[&t.game_error(error, names)]),
            Message::ChooseFirst => t.choose_first.to_string(),
            Message::Both(first, then) => {
                format!("{} {}", first.text(t, names), then.text(t, names))
            }
            Message::QueensOnly => t.table.queens_only.to_string(),
            Message::Grid(note) => note.text(t, names),
            // The computer's and the players' ends: their own match below.
            Message::Cancelled
            | Message::Paused
            | Message::WatchPaused
            | Message::Resigned(_)
            | Message::Forfeit(..)
            | Message::NoProgramCommand
            | Message::HintThinking
            | Message::HintResult { .. }
            | Message::HintOnlyHuman
            | Message::UnknownEngine { .. } => self.computer_text(t, names),
            // The files' messages: their own match below. Every variant is named here,
            // so a new message is a compile error until it is worded.
            Message::Saving(_)
            | Message::Opening(_)
            | Message::SavesFolderNotAFolder(_)
            | Message::Saved(_)
            | Message::SaveFailed(_)
            | Message::Opened(..)
            | Message::OpenFailed(_)
            | Message::Continued(_)
            | Message::ShownAgain(_)
            | Message::AutosaveFailed(_)
            | Message::SettingsFailed(_)
            | Message::AutosaveDamaged { .. }
            | Message::CheckingAutosave
            | Message::HistoryFailed(_)
            | Message::Exporting
            | Message::Exported(..)
            | Message::ExportFailed(_)
            | Message::HistoryOpened(_)
            | Message::FolderSet(_) => self.file_text(t),
        }
    }

    /// The text of a message about the computer, a hint or a game given up (resigned,
    /// or lost by an engine program's forfeit).
    fn computer_text(&self, t: &Texts, names: &[String; 2]) -> String {
        match self {
            Message::Cancelled => t.cancelled.to_string(),
            Message::Paused => t.paused.to_string(),
            Message::WatchPaused => t.watch_paused.to_string(),
            Message::Resigned(loser) => fill(
                t.resigned,
                &[&names[loser.index()], &names[loser.opponent().index()]],
            ),
            Message::Forfeit(loser, why) => fill(
                t.program.forfeits,
                &[&names[loser.index()], why, &names[loser.opponent().index()]],
            ),
            Message::NoProgramCommand => t.program.no_command.to_string(),
            Message::HintThinking => t.hint_thinking.to_string(),
            Message::HintResult { cell, claims } => fill(t.hint_result, &[cell, claims]),
            Message::HintOnlyHuman => t.hint_only_human.to_string(),
            Message::UnknownEngine { name, known } => fill(
                t.unknown_engine,
                &[
                    name,
                    known,
                    &t.engine_label(queens_engines::ai::EngineKind::default()),
                ],
            ),
            _ => String::new(),
        }
    }

    /// The text of a message about the files (saving, opening, the autosave, the
    /// history, the export).
    fn file_text(&self, t: &Texts) -> String {
        match self {
            Message::Saving(path) => fill(t.saving, &[&path.display()]),
            Message::Opening(path) => fill(t.opening, &[&path.display()]),
            Message::SavesFolderNotAFolder(path) => fill(t.saves_not_a_folder, &[&path.display()]),
            Message::Saved(path) => fill(t.saved, &[&path.display()]),
            Message::SaveFailed(problem) => fill(t.save_failed, &[&t.file_problem(problem)]),
            Message::Opened(path, moves) => fill(t.opened, &[&path.display(), moves]),
            Message::OpenFailed(problem) => fill(t.open_failed, &[&t.file_problem(problem)]),
            Message::Continued(moves) => fill(t.continued, &[moves]),
            Message::ShownAgain(moves) => fill(t.shown_again, &[moves]),
            Message::AutosaveFailed(problem) => t.failed_because(t.autosave_failed, problem),
            Message::SettingsFailed(problem) => t.failed_because(t.settings_failed, problem),
            Message::AutosaveDamaged {
                problem,
                moved_to: Ok(path),
            } => fill(
                t.autosave_moved,
                &[&t.file_problem(problem), &path.display()],
            ),
            Message::AutosaveDamaged {
                problem,
                moved_to: Err(error),
            } => fill(t.autosave_kept, &[&t.file_problem(problem), error]),
            Message::CheckingAutosave => t.checking_autosave.to_string(),
            Message::HistoryFailed(problem) => t.failed_because(t.history_failed, problem),
            Message::Exporting => t.exporting.to_string(),
            Message::Exported(path, count) => fill(t.exported, &[&path.display(), count]),
            Message::ExportFailed(problem) => fill(t.export_failed, &[&t.file_problem(problem)]),
            Message::HistoryOpened(id) => fill(t.history_opened, &[id]),
            Message::FolderSet(path) => fill(t.folder_set, &[&path.display()]),
            // Only the variants `text` sends here reach this match.
            _ => String::new(),
        }
    }

    /// Whether the message reports something refused (shown in the error colour).
    pub(crate) fn is_error(&self) -> bool {
        matches!(
            self,
            Message::Refused(_)
                | Message::PasteError(_)
                | Message::PasteGameError(_)
                | Message::MalformedLink(_)
                | Message::NotInWindow(_)
                | Message::ClipboardEmpty
                | Message::BadSetup(_)
                | Message::WaitForComputer
                | Message::ComputerPaused
                | Message::ReviewReadOnly
                | Message::SaveFailed(_)
                | Message::OpenFailed(_)
                | Message::AutosaveFailed(_)
                | Message::SettingsFailed(_)
                | Message::AutosaveDamaged { .. }
                | Message::SavesFolderNotAFolder(_)
                | Message::ChooseFirst
                | Message::HistoryFailed(_)
                | Message::ExportFailed(_)
                | Message::UnknownEngine { .. }
                | Message::GameOver
                | Message::NoProgramCommand
                | Message::Forfeit(..)
        ) || matches!(self, Message::QueensOnly)
            || matches!(self, Message::Grid(note) if note.is_error())
    }
}

/// "Reviewing the position after move N", or the starting position for 0.
pub(crate) fn reviewing_text(t: &Texts, ply: usize) -> String {
    if ply == 0 {
        t.reviewing_start.to_string()
    } else {
        fill(t.reviewing, &[&ply])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;
    use queens_board::{Board, Occupant};

    #[test]
    fn a_refused_move_says_why_in_both_languages() {
        let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        let b2 = Cell::new(1, 1);
        board.play(b2).unwrap_or_else(|e| panic!("{e}"));
        let Err(error) = board.play(b2) else {
            panic!("replayed b2")
        };
        assert!(matches!(
            error,
            MoveError::NotFree {
                occupant: Occupant::Queen(Player::One),
                ..
            }
        ));
        let names = ["Ann".to_string(), "Bob".to_string()];
        let message = Message::Refused(error);
        assert!(message.is_error());
        for language in Language::ALL {
            let text = message.text(texts(language), &names);
            assert!(text.contains("b2") && text.contains("Ann"), "{text}");
        }
    }

    /// "1 moves", "1 cells" (issue 18.11): English counts take the singular at 1;
    /// Vietnamese has no plural form and reads the same for every count.
    #[test]
    fn counts_of_one_read_right_in_both_languages() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let cell = Cell::new(1, 1);
        let one = [
            Message::Opened(PathBuf::from("g.ron"), 1),
            Message::Continued(1),
            Message::HintResult { cell, claims: 1 },
            Message::Started { size: 4, stones: 1 },
            Message::Exported(PathBuf::from("h.xlsx"), 1),
        ];
        let en = texts(Language::English);
        let said: Vec<String> = one.iter().map(|m| m.text(en, &names)).collect();
        for (text, wanted) in said.iter().zip([
            "(1 move)",
            "(1 move)",
            "claims 1 cell)",
            "1 stone.",
            "1 game ",
        ]) {
            assert!(text.contains(wanted), "{text}");
        }
        let two = Message::Opened(PathBuf::from("g.ron"), 2).text(en, &names);
        assert!(two.contains("(2 moves)"), "{two}");
        let vi = texts(Language::Vietnamese);
        for (message, wanted) in
            one.iter()
                .zip(["(1 nước)", "(1 nước)", "1 ô", "1 viên đá", "1 ván"])
        {
            let text = message.text(vi, &names);
            assert!(text.contains(wanted) && !text.contains('{'), "{text}");
        }
    }

    /// A saves folder that is a file is named as such (issue 18.11), in both languages.
    #[test]
    fn a_saves_folder_that_is_a_file_is_said_so() {
        let names = ["Ann".to_string(), "Bob".to_string()];
        let message = Message::SavesFolderNotAFolder(PathBuf::from("/tmp/saves"));
        assert!(message.is_error());
        let en = message.text(texts(Language::English), &names);
        assert!(en.contains("/tmp/saves is a file, not a folder"), "{en}");
        let vi = message.text(texts(Language::Vietnamese), &names);
        assert!(vi.contains("/tmp/saves là một tệp"), "{vi}");
    }

    /// Paste position of another game's bad string (issue 31): the Vietnamese window
    /// says the whole sentence in Vietnamese, the game's reason included.
    #[test]
    fn a_bad_game_string_of_another_game_has_no_english_reason_in_vietnamese() {
        use queens_engines::games::setup::GameStringError;
        let names = ["Ann".to_string(), "Bob".to_string()];
        for text in [
            "game=othello size=7",
            "game=othello moves=d3,z9",
            "game=othello moves=a1",
            "game=othello colour=red",
            "game=tictactoe moves=b2,b2",
            "game=dodgem moves=a3-a1",
            "game=chess",
            "game=othello moves=d3,,c5",
        ] {
            let Err(error) = queens_engines::games::game_string::read(text) else {
                panic!("{text} was read")
            };
            // The English of the innermost reason: the game's own for a move or a setup.
            let english = match &error {
                GameStringError::Move { why, .. } | GameStringError::Setup(why) => why.to_string(),
                other => other.to_string(),
            };
            let message = Message::PasteGameError(error);
            assert!(message.is_error());
            let en = message.text(texts(Language::English), &names);
            assert!(en.contains(&english), "{en}");
            let vi = message.text(texts(Language::Vietnamese), &names);
            assert!(!vi.contains(&english), "{text}: {vi}");
        }
    }
}
