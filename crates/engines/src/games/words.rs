//! What a game is called and how a front end speaks of it, in the program's two
//! languages: its name, its rules in a sentence or two, each seat's pieces, and the
//! sentences only some games need (a score line, a draw of their own). A game gives
//! them through the seam (its `Rules::words`), so the window, the history
//! and the workbook name every game alike and hold no game's words themselves.
//! `{0}`, `{1}` in a sentence are filled by the front end.

/// The language words are asked in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tongue {
    /// English.
    English,
    /// Vietnamese.
    Vietnamese,
}

/// A game's words in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameWords {
    /// The game's name ("Tic-tac-toe", "Othello (cờ lật)").
    pub name: &'static str,
    /// The name as a sentence writes it ("a tic-tac-toe game").
    pub title: &'static str,
    /// The rules (for most games a sentence or two), for Help > Rules, the side panel
    /// and New game.
    pub rules: Option<&'static str>,
    /// How a move is written (the move list, links, the command line), for Help > Rules.
    pub notation: Option<&'static str>,
    /// Each seat's pieces, seat 0 first ("X", "O"; "black", "white").
    pub pieces: [&'static str; 2],
    /// What a square holding each seat's piece is read out as ("black car").
    pub piece_names: [&'static str; 2],
    /// The line the side panel and the summary show of the game's score
    /// (the seam's `Rules::score`): `{0}` seat 0's, `{1}` seat 1's; `None` for a
    /// game whose score says nothing (tic-tac-toe).
    pub score: Option<&'static str>,
    /// How a draw is told, when the game's draw needs its own sentence (Dodgem's ply
    /// limit); `None` for the plain "Draw.".
    pub draw: Option<&'static str>,
}

impl GameWords {
    /// The words of a game that gave none: its tag, the notation's seats, nothing more.
    pub const fn plain(tag: &'static str, sides: [&'static str; 2]) -> GameWords {
        GameWords {
            name: tag,
            title: tag,
            rules: None,
            notation: None,
            pieces: sides,
            piece_names: sides,
            score: None,
            draw: None,
        }
    }
}
