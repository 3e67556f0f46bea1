//! What the status line says about a game played through the seam: moves, passes, a
//! piece picked up, refused clicks, a hint, and that a position given without its moves
//! cannot be saved.

use crate::i18n::grid::{game_name, tongue};
use crate::i18n::{Texts, fill};

/// A status-line note about the table game on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GridNote {
    /// A game with this tag started (or was pasted).
    Started(&'static str),
    /// The seat played this move, turning `flipped` pieces.
    Played {
        /// The seat (0 first).
        seat: usize,
        /// The move in notation.
        mv: String,
        /// Pieces that changed seat.
        flipped: usize,
    },
    /// The seat passed (the rules left it no other move).
    Passed(usize),
    /// The seat to move has no move but the pass (a person presses Pass).
    MustPass(usize),
    /// A click on a square no legal move begins on.
    Illegal(String),
    /// The piece on this square was picked up: where does it go?
    Picked(String),
    /// The piece picked up was put down again.
    PutDown,
    /// A click where only a piece picked up first could go.
    PickFirst,
    /// The rules refused the move, in their words (told in the window's language).
    Refused(queens_engines::games::setup::Refused),
    /// The computer's search gave no move (its reason).
    SearchFailed(String),
    /// A hint: this move (in notation), ringed on the board.
    Hint(String),
    /// Save or the autosave was asked of a position the saves cannot hold (one given
    /// without the moves that reach it).
    CannotSave(&'static str),
}

impl GridNote {
    /// The note in the language of `t`; `names` are the players' names.
    pub(crate) fn text(&self, t: &Texts, names: &[String; 2]) -> String {
        let g = t.grid;
        match self {
            GridNote::Started(tag) => fill(t.table.started, &[&game_name(g, tag)]),
            GridNote::Played { seat, mv, flipped } if *flipped > 0 => {
                fill(g.flipped, &[&names[*seat], mv, flipped])
            }
            GridNote::Played { seat, mv, .. } => fill(g.played, &[&names[*seat], mv]),
            GridNote::Passed(seat) => fill(g.passed, &[&names[*seat]]),
            GridNote::MustPass(seat) => fill(g.must_pass, &[&names[*seat]]),
            GridNote::Illegal(square) => fill(g.illegal, &[square]),
            GridNote::Picked(square) => fill(g.picked, &[square]),
            GridNote::PutDown => g.put_down.to_string(),
            GridNote::PickFirst => g.pick_first.to_string(),
            GridNote::Refused(why) => why.say(tongue(g)),
            GridNote::SearchFailed(why) => why.clone(),
            GridNote::Hint(mv) if mv == crate::session::game::PASS => fill(g.hint, &[&g.pass_move]),
            GridNote::Hint(mv) => fill(g.hint, &[mv]),
            GridNote::CannotSave(tag) => fill(g.cannot_save, &[&game_name(g, tag)]),
        }
    }

    /// Whether the note reports something refused.
    pub(crate) fn is_error(&self) -> bool {
        matches!(
            self,
            GridNote::Illegal(_)
                | GridNote::Refused(_)
                | GridNote::SearchFailed(_)
                | GridNote::CannotSave(_)
                | GridNote::PickFirst
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;

    #[test]
    fn every_note_is_worded_in_both_languages_with_its_game_and_players() {
        let names = ["Ann".to_string(), "Bo".to_string()];
        let notes = [
            GridNote::Started("othello"),
            GridNote::Played {
                seat: 1,
                mv: "c2".into(),
                flipped: 2,
            },
            GridNote::Passed(0),
            GridNote::MustPass(1),
            GridNote::Illegal("a1".into()),
            GridNote::Picked("a3".into()),
            GridNote::PutDown,
            GridNote::PickFirst,
            GridNote::CannotSave("othello"),
        ];
        for note in &notes {
            let en = note.text(texts(Language::English), &names);
            let vi = note.text(texts(Language::Vietnamese), &names);
            assert_ne!(en, vi, "{note:?}");
            for text in [&en, &vi] {
                assert!(!text.contains('{'), "{text}");
            }
        }
        let en = GridNote::CannotSave("othello").text(texts(Language::English), &names);
        assert!(en.contains("Othello") && en.contains("autosave"), "{en}");
        let played = notes[1].text(texts(Language::English), &names);
        assert_eq!(played, "Bo played c2, turning 2 discs.");
        assert!(GridNote::CannotSave("othello").is_error());
        assert!(!GridNote::Passed(0).is_error());
    }

    #[test]
    fn a_move_the_rules_refuse_is_told_whole_in_the_window_language() {
        let names = ["Ann".to_string(), "Bo".to_string()];
        for (text, mv) in [
            ("game=othello", "a1"),
            ("game=othello", "z9"),
            ("game=othello", "pass"),
            ("game=tictactoe moves=b2", "b2"),
            ("game=dodgem", "a3-a1"),
        ] {
            let mut game = queens_engines::games::game_string::read(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let Err(refused) = game.play_text(mv) else {
                panic!("{text}: {mv} was played")
            };
            let english = refused.to_string();
            let note = GridNote::Refused(refused);
            assert!(note.is_error());
            assert_eq!(note.text(texts(Language::English), &names), english);
            let vi = note.text(texts(Language::Vietnamese), &names);
            assert!(!vi.contains(&english), "{text} {mv}: {vi}");
            assert_ne!(vi, "", "{text} {mv}");
        }
    }
}
