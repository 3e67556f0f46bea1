//! Saves of the lectures' two small games (tic-tac-toe, Dodgem) in the queens save
//! format, so that they are saved, autosaved, kept in the history and exported by the same
//! code. What the fields hold for them:
//!
//! - `kind`: `tictactoe` or `dodgem`;
//! - `settings`: size 3, no stones, no seed (the queens setup fields mean nothing here and
//!   loading refuses any other value), and the players as for queens;
//! - each move's `cell`: the move in the game's notation (`b2`; `a3-b3`, `c2-off`), its
//!   `gained` 0 (only a queen claims cells);
//! - `score`: what [`SmallPosition::score`] keeps (cars driven off in Dodgem, 0:0 in
//!   tic-tac-toe); `result` and `game` (the position in the game's notation) as for queens.
//!
//! Loading trusts none of it: [`SavedGame::replay_small`] replays the moves by the game's
//! rules and checks every stored consequence, as [`SavedGame::replay`] does for queens.

use super::check::{CheckError, Outcome};
use super::game::{GameResult, GameSettings, SavedGame, SavedMove, SearchInfo, Seat, Side, Winner};
use super::time::now_unix;
use crate::board::clip_token;
use crate::games::cells::Cell;
use crate::games::dodgem::DodgemMove;
use crate::games::play::{SmallMove, SmallPosition};

/// The board side every small game is played on.
const SMALL_SIZE: u8 = 3;

/// Whether the stored text `text` is the move `mv` (read as the game reads it, so a
/// hand-written `B2` or ` b2` still matches the replay's `b2`).
fn written_as(text: &str, mv: SmallMove) -> bool {
    match mv {
        SmallMove::Mark(cell) => Cell::parse(text.trim()) == Some(cell),
        SmallMove::Car(car) => text.parse::<DodgemMove>().is_ok_and(|read| read == car),
    }
}

/// The seat of a small game's result (`Some(seat)` a win, `None` a draw) as a winner.
fn winner_of(seat: Option<usize>) -> Winner {
    match seat {
        Some(0) => Winner::P1,
        Some(_) => Winner::P2,
        None => Winner::Draw,
    }
}

/// How a small game has ended by its rules, or by the resignation of `resigned` while
/// the rules have not ended it (a game the rules ended has nothing left to resign, as
/// for queens); `None` while it goes on.
fn ending_of(position: &SmallPosition, resigned: Option<Seat>) -> Option<(Winner, Option<Seat>)> {
    let index = |seat: Seat| match seat {
        Seat::P1 => 0,
        Seat::P2 => 1,
    };
    let ending = crate::games::seam::Ending::of(position.result(), resigned.map(index))?;
    Some((
        winner_of(ending.winner()),
        resigned.filter(|_| ending.resigned().is_some()),
    ))
}

impl SavedGame {
    /// A record of the small game `position` (every move played so far, without search
    /// statistics) for these players: its kind, size 3, no stones, no seed. Timestamps
    /// are now.
    pub fn new_small(position: &SmallPosition, players: [Side; 2]) -> SavedGame {
        let mut saved = SavedGame {
            kind: position.kind().into(),
            created: now_unix(),
            settings: GameSettings {
                size: SMALL_SIZE,
                stones: Vec::new(),
                seed: None,
                players,
            },
            ..SavedGame::default()
        };
        saved.update_small(position, None);
        saved
    }

    /// Brings the record up to the small game `position` after a move (or an undo, or a
    /// redo), as [`SavedGame::update`] does for queens: moves that still match keep their
    /// statistics and times; the rest are taken from the position, timestamped now, and
    /// `last_search` is attached to the last move if that move is new. A resignation
    /// stands only while the moves are unchanged. Score, result and game string follow
    /// the position.
    ///
    /// The position must be of the record's game (the same kind, from its start).
    pub fn update_small(&mut self, position: &SmallPosition, last_search: Option<SearchInfo>) {
        let played = position.moves();
        let common = self
            .moves
            .iter()
            .zip(&played)
            .take_while(|(saved, mv)| written_as(&saved.cell, **mv))
            .count();
        // A resignation stands while the record's moves are exactly the position's; any
        // change of moves makes it a different game.
        let unchanged = common == played.len() && common == self.moves.len();
        let resigned = self
            .result
            .and_then(|result| result.resigned)
            .filter(|_| unchanged);
        self.moves.truncate(common);
        let now = now_unix();
        for mv in &played[common..] {
            self.moves.push(SavedMove {
                cell: mv.to_string(),
                gained: 0,
                at: now,
                search: None,
            });
        }
        if common < played.len()
            && let Some(last) = self.moves.last_mut()
        {
            last.search = last_search;
        }
        self.score = position.score();
        let ended = match (resigned, self.result) {
            (Some(_), Some(result)) => result.ended,
            _ => self.moves.last().map_or(now, |m| m.at),
        };
        self.result = ending_of(position, resigned).map(|(winner, resigned)| GameResult {
            score: self.score,
            winner,
            ended,
            resigned,
        });
        self.game = position.to_string();
    }

    /// Replays a small game's saved moves by its rules and checks every stored
    /// consequence against the replay (times, setup, score, result, game string), as
    /// [`SavedGame::replay`] does for queens.
    ///
    /// # Errors
    /// The first disagreement found: [`CheckError::WrongGame`] for a queens save,
    /// [`CheckError::TimeOutOfRange`], [`CheckError::SmallSetup`] for settings other than
    /// a bare 3x3 board, [`CheckError::SmallMove`] naming the first move the game refuses
    /// (with the game's reason), [`CheckError::SmallGain`], [`CheckError::ScoreMismatch`],
    /// [`CheckError::ResultMismatch`] (a resignation cannot stand on a game the rules
    /// ended) or [`CheckError::GameStringMismatch`].
    pub fn replay_small(&self) -> Result<SmallPosition, CheckError> {
        let Some(kind) = self.kind.small() else {
            return Err(CheckError::WrongGame { found: self.kind });
        };
        self.check_times()?;
        let settings = &self.settings;
        if settings.size != SMALL_SIZE || !settings.stones.is_empty() || settings.seed.is_some() {
            return Err(CheckError::SmallSetup {
                kind: self.kind,
                size: settings.size,
                stones: settings.stones.len(),
                seeded: settings.seed.is_some(),
            });
        }
        let mut position = SmallPosition::start(kind);
        for (index, saved) in self.moves.iter().enumerate() {
            let number = index + 1;
            position
                .play_text(&saved.cell)
                .map_err(|reason| CheckError::SmallMove {
                    number,
                    token: clip_token(&saved.cell),
                    reason: Box::new(reason),
                })?;
            if saved.gained != 0 {
                return Err(CheckError::SmallGain {
                    number,
                    stored: saved.gained,
                });
            }
        }
        let actual = position.score();
        if self.score != actual {
            return Err(CheckError::ScoreMismatch {
                stored: self.score,
                actual,
            });
        }
        let stored = self.result.map(|r| Outcome {
            winner: r.winner,
            score: r.score,
            resigned: r.resigned,
        });
        let resigned = self.result.and_then(|r| r.resigned);
        let replayed = ending_of(&position, resigned).map(|(winner, resigned)| Outcome {
            winner,
            score: actual,
            resigned,
        });
        if stored != replayed {
            return Err(CheckError::ResultMismatch {
                stored,
                actual: replayed,
            });
        }
        let game = position.to_string();
        // Hand-written saves may leave the game string out; a stored one must agree.
        if !self.game.is_empty() && self.game != game {
            return Err(CheckError::GameStringMismatch {
                stored: clip_token(&self.game),
                actual: game,
            });
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Player;
    use crate::games::play::SmallKind;
    use crate::store::GameKind;

    fn played(kind: SmallKind, moves: &[&str]) -> SmallPosition {
        SmallPosition::replay(kind, moves).unwrap_or_else(|(n, e)| panic!("move {n}: {e}"))
    }

    #[test]
    fn a_new_record_is_a_bare_three_by_three_board_of_its_game() {
        let position = played(SmallKind::Dodgem, &["a3-b3"]);
        let saved = SavedGame::new_small(&position, [Side::Human, Side::Human]);
        assert_eq!(saved.kind, GameKind::Dodgem);
        assert_eq!(
            (
                saved.settings.size,
                saved.settings.stones.len(),
                saved.settings.seed
            ),
            (3, 0, None)
        );
        assert_eq!(saved.moves.len(), 1);
        assert_eq!(
            (saved.moves[0].cell.as_str(), saved.moves[0].gained),
            ("a3-b3", 0)
        );
        assert_eq!(saved.game, position.to_string());
        assert_eq!(saved.result, None);
        assert_eq!(saved.replay_small(), Ok(position));
    }

    #[test]
    fn an_undo_drops_the_moves_after_it_and_keeps_the_earlier_search() {
        let search = SearchInfo {
            depth: 9,
            nodes: 42,
            ..SearchInfo::default()
        };
        let mut position = played(SmallKind::TicTacToe, &["b2"]);
        let mut saved = SavedGame::new_small(&position, [Side::Human, Side::Human]);
        position.play_text("a1").unwrap_or_else(|e| panic!("{e}"));
        saved.update_small(&position, Some(search));
        assert_eq!(saved.moves[1].search, Some(search));
        // Undo a1, play c3 instead: b2 stays, a1 goes, c3 is new with no search.
        let other = played(SmallKind::TicTacToe, &["b2", "c3"]);
        saved.update_small(&other, None);
        let cells: Vec<&str> = saved.moves.iter().map(|m| m.cell.as_str()).collect();
        assert_eq!(cells, ["b2", "c3"]);
        assert_eq!(saved.moves[1].search, None);
        // The same position again changes nothing (a redraw after no move).
        let before = saved.clone();
        saved.update_small(&other, Some(search));
        assert_eq!(saved, before);
    }

    #[test]
    fn a_resignation_stands_until_the_moves_change() {
        let position = played(SmallKind::TicTacToe, &["b2", "a1"]);
        let mut saved = SavedGame::new_small(&position, [Side::Human, Side::Human]);
        saved.resign(Player::Two).unwrap_or_else(|e| panic!("{e}"));
        saved.update_small(&position, None);
        assert_eq!(saved.result.and_then(|r| r.resigned), Some(Seat::P2));
        assert_eq!(saved.result.map(|r| r.winner), Some(Winner::P1));
        assert_eq!(saved.replay_small(), Ok(position));
        let undone = played(SmallKind::TicTacToe, &["b2"]);
        saved.update_small(&undone, None);
        assert_eq!(saved.result, None);
    }

    #[test]
    fn a_queens_save_is_not_replayed_as_a_small_game_nor_a_small_one_as_queens() {
        let queens = SavedGame::default();
        assert_eq!(
            queens.replay_small(),
            Err(CheckError::WrongGame {
                found: GameKind::Queens
            })
        );
        let small = SavedGame::new_small(
            &SmallPosition::start(SmallKind::TicTacToe),
            [Side::Human, Side::Human],
        );
        let err = small.replay().err();
        assert_eq!(
            err,
            Some(CheckError::WrongGame {
                found: GameKind::TicTacToe
            })
        );
        assert_eq!(
            err.map(|e| e.to_string()).as_deref(),
            Some("the save holds a tic-tac-toe game, not a Queens & Stones game")
        );
    }

    #[test]
    fn a_stored_gain_on_a_small_move_is_refused() {
        let position = played(SmallKind::TicTacToe, &["b2"]);
        let mut saved = SavedGame::new_small(&position, [Side::Human, Side::Human]);
        saved.moves[0].gained = 5;
        assert_eq!(
            saved.replay_small(),
            Err(CheckError::SmallGain {
                number: 1,
                stored: 5
            })
        );
    }
}
