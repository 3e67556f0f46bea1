//! Loading never trusts a file: the moves are replayed through [`Board::play`] and every
//! stored consequence (cells gained, score, result, game string, seeded stones) must agree
//! with the replay.

use super::game::{SavedGame, Seat, Winner};
use super::kind::GameKind;
use queens_board::{
    Bitboard, Board, Cell, Ending, MoveError, ParseError, Player, clip_token, random_stones,
};
use queens_engines::games::seam::Refused;
use thiserror::Error;

/// A game's rules refusing a stored move, in their words; two refusals are the same when
/// they say the same (a [`Refused`] carries any game's error, which need not compare).
#[derive(Clone, Debug, Error)]
#[error(transparent)]
pub struct MoveRefused(pub Refused);

impl PartialEq for MoveRefused {
    fn eq(&self, other: &MoveRefused) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for MoveRefused {}

/// How a parsed save disagrees with the rules or with itself.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The size or stones are not a legal setup.
    #[error("the board setup is invalid")]
    BadSetup(#[from] ParseError),
    /// A stone that is not a cell name.
    #[error("stone '{0}' is not a cell name")]
    BadStone(String),
    /// The stones are not those the stored seed draws.
    #[error(
        "the stones are not the {} seed {seed} draws on {}x{size} board",
        queens_board::counted(*count as u64, "stone", "stones"),
        queens_board::with_article(&size.to_string())
    )]
    SeedMismatch {
        /// The stored seed.
        seed: u64,
        /// The number of stones.
        count: usize,
        /// The board side.
        size: u8,
    },
    /// A move that is not a cell name.
    #[error("move {number}: '{token}' is not a cell name")]
    BadCell {
        /// 1-based move number.
        number: usize,
        /// The stored text.
        token: String,
    },
    /// A move the rules refuse.
    #[error("replaying the moves")]
    IllegalMove(#[from] MoveError),
    /// A move's stored gain differs from the replay.
    #[error(
        "move {number} ({cell}) is stored as gaining {}, but the replay gives {actual}",
        queens_board::counted(u64::from(*stored), "cell", "cells")
    )]
    GainMismatch {
        /// 1-based move number.
        number: usize,
        /// The cell.
        cell: Cell,
        /// The stored number.
        stored: u32,
        /// The replay's number.
        actual: u32,
    },
    /// The stored score differs from the replay.
    #[error("the stored score {}:{} disagrees with the replay, which gives {}:{}", stored[0], stored[1], actual[0], actual[1])]
    ScoreMismatch {
        /// The stored score, P1 first.
        stored: [u32; 2],
        /// The replay's score.
        actual: [u32; 2],
    },
    /// The stored result differs from the replay.
    #[error("the stored result ({}) disagrees with the replay ({})", describe(*stored), describe(*actual))]
    ResultMismatch {
        /// The stored result (`None`: the file says the game is not finished).
        stored: Option<Outcome>,
        /// The replay's result.
        actual: Option<Outcome>,
    },
    /// A time stored in the file is later than any calendar the exports can write (the
    /// year 9999): a damaged or hand-edited number, which would otherwise be shown as
    /// some other date.
    #[error("{field} is {value}, which is not a time (after the year 9999)")]
    TimeOutOfRange {
        /// Which time.
        field: TimeField,
        /// The stored number of seconds.
        value: u64,
    },
    /// The save holds another game than the replay reads: a save of a games-table game
    /// replayed as queens ([`SavedGame::replay`]), or a queens save replayed as a
    /// table game ([`SavedGame::replay_table`]).
    #[error(
        "the save holds {} game, not {}",
        queens_board::with_article(found.title()),
        match found {
            GameKind::Table(_) => "a Queens & Stones game",
            GameKind::Queens => "a game of the games table",
        }
    )]
    WrongGame {
        /// The game the save holds.
        found: GameKind,
    },
    /// A table game's settings are not its board: the board its own setup has (3x3 for
    /// tic-tac-toe and Dodgem, 6x6 or 8x8 for Othello), no stones, no seed (the queens
    /// setup fields mean nothing there, so any other value is a damaged or edited file).
    #[error(
        "{} game is played on its own {}x{} board with no stones and no seed, but the settings give size {size}, {} and {}",
        queens_board::with_article(kind.title()),
        board[0],
        board[1],
        queens_board::counted(*stones as u64, "stone", "stones"),
        if *seeded { "a seed" } else { "no seed" }
    )]
    TableSetup {
        /// The game.
        kind: GameKind,
        /// The board of the game's own setup, rows then columns (0x0 for a game
        /// without one).
        board: [u8; 2],
        /// The stored board side.
        size: u8,
        /// The number of stored stones.
        stones: usize,
        /// Whether a seed is stored.
        seeded: bool,
    },
    /// A small game's move that the game's rules refuse (or that is not written as a
    /// move of that game); the game's reason is the source.
    #[error("move {number}: '{token}' is not a legal move here")]
    TableMove {
        /// 1-based move number.
        number: usize,
        /// The stored text (clipped if long).
        token: String,
        /// The game's reason (boxed: it would make every check error, and the window's
        /// messages that carry one, larger).
        #[source]
        reason: Box<MoveRefused>,
    },
    /// A small game's move stored as gaining cells: only queens moves gain cells.
    #[error(
        "move {number} is stored as gaining {}, but only a queens move gains cells",
        queens_board::counted(u64::from(*stored), "cell", "cells")
    )]
    TableGain {
        /// 1-based move number.
        number: usize,
        /// The stored number.
        stored: u32,
    },
    /// The stored game string differs from the replay's.
    #[error("the stored game string '{stored}' disagrees with the replay, which gives '{actual}'")]
    GameStringMismatch {
        /// The stored string.
        stored: String,
        /// The replay's string.
        actual: String,
    },
}

/// The latest time a file may hold: 9999-12-31 23:59:59 UTC, the last moment Excel's
/// calendar (and a four-digit year) can show.
pub(crate) const MAX_TIME: u64 = 253_402_300_799;

/// How a game ended, as the check compares it: the winner, the score and who resigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won, or a draw.
    pub winner: Winner,
    /// The score, P1 first.
    pub score: [u32; 2],
    /// The player who resigned, if one did.
    pub resigned: Option<Seat>,
}

/// A result in English words, "P1 13:3" or "game not finished".
fn describe(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "game not finished".to_string(),
        Some(Outcome {
            winner,
            score: [one, two],
            resigned,
        }) => match resigned {
            None => format!("{} {one}:{two}", winner.label()),
            Some(seat) => format!(
                "{} {one}:{two}, {} resigned",
                winner.label(),
                Player::from(seat)
            ),
        },
    }
}

/// Which of a file's times is out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeField {
    /// `created`, when the game started.
    Created,
    /// A move's `at` (1-based move number).
    Move(usize),
    /// The result's `ended`.
    Ended,
}

impl std::fmt::Display for TimeField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeField::Created => write!(f, "the start time 'created'"),
            TimeField::Move(number) => write!(f, "move {number}'s time 'at'"),
            TimeField::Ended => write!(f, "the end time 'ended'"),
        }
    }
}

impl SavedGame {
    /// Every stored time is at most [`MAX_TIME`].
    pub(super) fn check_times(&self) -> Result<(), CheckError> {
        let out_of_range = |field: TimeField, value: u64| match value > MAX_TIME {
            true => Err(CheckError::TimeOutOfRange { field, value }),
            false => Ok(()),
        };
        out_of_range(TimeField::Created, self.created)?;
        for (index, saved) in self.moves.iter().enumerate() {
            out_of_range(TimeField::Move(index + 1), saved.at)?;
        }
        if let Some(result) = self.result {
            out_of_range(TimeField::Ended, result.ended)?;
        }
        Ok(())
    }

    /// Replays the saved moves and checks every stored consequence against the replay.
    ///
    /// # Errors
    /// The first disagreement found, as a [`CheckError`] naming the move or the field.
    /// [`CheckError::WrongGame`] for a save of any other game (the table's others are
    /// replayed by [`SavedGame::replay_table`]).
    pub fn replay(&self) -> Result<Board, CheckError> {
        if self.kind != GameKind::Queens {
            return Err(CheckError::WrongGame { found: self.kind });
        }
        self.check_times()?;
        let size = self.settings.size;
        let stones = self
            .settings
            .stones
            .iter()
            .map(|name| Cell::parse(name).ok_or_else(|| CheckError::BadStone(clip_token(name))))
            .collect::<Result<Vec<Cell>, CheckError>>()?;
        let mut board = Board::new(size, &stones)?;
        if let Some(seed) = self.settings.seed {
            let drawn: Bitboard = random_stones(size, stones.len(), seed)
                .into_iter()
                .collect();
            if drawn != board.stones() {
                return Err(CheckError::SeedMismatch {
                    seed,
                    count: stones.len(),
                    size,
                });
            }
        }
        for (index, saved) in self.moves.iter().enumerate() {
            let number = index + 1;
            let cell = Cell::parse(&saved.cell).ok_or_else(|| CheckError::BadCell {
                number,
                token: clip_token(&saved.cell),
            })?;
            let actual = board.play(cell)?.count();
            if actual != saved.gained {
                return Err(CheckError::GainMismatch {
                    number,
                    cell,
                    stored: saved.gained,
                    actual,
                });
            }
        }
        let actual = [board.score(Player::One), board.score(Player::Two)];
        // A resignation is the one result the board cannot show; the rules say whether
        // it stands (never on a finished board) and who it makes the winner.
        let replayed = Ending::of(&board, self.resigned()).map(|ending| Outcome {
            winner: Winner::from_outcome(ending.winner()),
            score: actual,
            resigned: ending.resigned().map(Seat::from),
        });
        self.check_ending(actual, replayed, board.game_string())?;
        Ok(board)
    }

    /// The stored score, result and game string against a replay's, for every game:
    /// the first that disagrees. A hand-written save may leave the game string out; a
    /// stored one must agree.
    pub(super) fn check_ending(
        &self,
        score: [u32; 2],
        replayed: Option<Outcome>,
        game: String,
    ) -> Result<(), CheckError> {
        if self.score != score {
            return Err(CheckError::ScoreMismatch {
                stored: self.score,
                actual: score,
            });
        }
        let stored = self.result.map(|r| Outcome {
            winner: r.winner,
            score: r.score,
            resigned: r.resigned,
        });
        if stored != replayed {
            return Err(CheckError::ResultMismatch {
                stored,
                actual: replayed,
            });
        }
        if !self.game.is_empty() && self.game != game {
            return Err(CheckError::GameStringMismatch {
                stored: clip_token(&self.game),
                actual: game,
            });
        }
        Ok(())
    }
}
