//! Saves of every game of the games table but queens (any game added to the table
//! later too) in the queens save format, through the seam
//! ([`AnyGame`]) alone, so that they are saved, autosaved, kept in the history and
//! exported by the same code as queens. What the fields hold for them:
//!
//! - `kind`: the game's table tag (`tictactoe`, `dodgem`, `othello`), a
//!   [`GameKind::Table`];
//! - `settings`: `size` the board's rows from the game's grid (3 for tic-tac-toe and
//!   Dodgem, 8 for Othello; 0 for a game without a grid), no stones, no seed; the
//!   players as for queens. The start is the one the game string's setup keys name
//!   (Othello's `size=6`), the table row's start when the record holds no game string
//!   (a hand-written save, or a game whose record keeps its position in notation);
//! - each move's `cell`: the move in the game's notation (`b2`, `a3-b3`, `c2-off`, `d3`,
//!   a forced `pass`), its `gained` 0;
//! - `score`: the game's score ([`AnyGame::score`]: Othello's discs on the board,
//!   Dodgem's cars driven off, tic-tac-toe's 0:0);
//! - `result` as for queens, and `game` what the game keeps there
//!   ([`AnyGame::record_game`]: the game string; tic-tac-toe and Dodgem their position
//!   in notation, as their records always held it).
//!
//! The records tic-tac-toe and Dodgem wrote before they went through the seam are these
//! records, field for field, so they open and replay as they always did.
//!
//! Loading trusts none of it: [`SavedGame::replay_table`] replays the moves by the
//! game's rules and checks every stored consequence.

use super::check::{CheckError, MoveRefused, Outcome};
use super::game::{GameResult, GameSettings, SavedGame, SavedMove, SearchInfo, Seat, Side, Winner};
use super::kind::GameKind;
use super::time::now_unix;
use queens_board::clip_token;
use queens_engines::games::seam::{AnyGame, Ending};

/// The board's rows (the record's `size`) and the game's score (its `score`).
pub(crate) fn size_and_score(game: &dyn AnyGame) -> (u8, [u32; 2]) {
    let rows = game.grid().map_or(0, |grid| grid.rows);
    (rows, game.score())
}

/// How the game has ended, by its rules or by the resignation of `resigned` while the
/// rules have not ended it (as for queens); `None` while it goes on.
fn ending_of(game: &dyn AnyGame, resigned: Option<Seat>) -> Option<(Winner, Option<Seat>)> {
    let index = |seat: Seat| match seat {
        Seat::P1 => 0,
        Seat::P2 => 1,
    };
    let ending = Ending::of(game.result(), resigned.map(index))?;
    let winner = match ending.winner() {
        Some(0) => Winner::P1,
        Some(_) => Winner::P2,
        None => Winner::Draw,
    };
    Some((winner, resigned.filter(|_| ending.resigned().is_some())))
}

/// Whether a record can hold `game`: a games-table game other than queens, whose game
/// string reads back as the same position (a position pasted in
/// the game's own notation, without the moves that reach it, cannot be replayed from its
/// start, so it is not saved).
pub fn table_savable(game: &dyn AnyGame) -> bool {
    GameKind::table(game.tag()).is_some() && queens_engines::games::game_string::reads_back(game)
}

/// Whether a record can hold `game`, whichever game of the table it is: queens always
/// (its own record, [`SavedGame::new`]), any other as [`table_savable`] says.
pub fn savable(game: &dyn AnyGame) -> bool {
    game.as_any().is::<queens_board::Board>() || table_savable(game)
}

impl SavedGame {
    /// A record of `game`, whichever game of the table it is (the store's one door):
    /// queens' own record ([`SavedGame::new`], with the seed of its random stones),
    /// every other game's through the seam ([`SavedGame::new_table`]); `None` for a
    /// game no record can hold ([`savable`]).
    pub fn of_game(game: &dyn AnyGame, players: [Side; 2], seed: Option<u64>) -> Option<SavedGame> {
        match game.as_any().downcast_ref::<queens_board::Board>() {
            Some(board) => Some(SavedGame::new(board, players, seed)),
            None => SavedGame::new_table(game, players),
        }
    }

    /// Brings the record up to `game` after a move, an undo or a redo, whichever game
    /// of the table it is ([`SavedGame::update`] for queens' record,
    /// [`SavedGame::update_table`] for the others').
    pub fn follow(&mut self, game: &dyn AnyGame, last_search: Option<SearchInfo>) {
        match game.as_any().downcast_ref::<queens_board::Board>() {
            Some(board) => self.update(board, last_search),
            None => self.update_table(game, last_search),
        }
    }

    /// A record of the games-table game `game` (every move so far, no search statistics)
    /// for these players; `None` for queens, which has a record of its own
    /// ([`SavedGame::new`]), and for a game no record can hold ([`table_savable`]).
    /// Timestamps are now.
    pub fn new_table(game: &dyn AnyGame, players: [Side; 2]) -> Option<SavedGame> {
        if !table_savable(game) {
            return None;
        }
        let kind = GameKind::table(game.tag())?;
        let (size, _) = size_and_score(game);
        let mut saved = SavedGame {
            kind,
            created: now_unix(),
            settings: GameSettings {
                size,
                stones: Vec::new(),
                seed: None,
                players,
            },
            ..SavedGame::default()
        };
        saved.update_table(game, None);
        Some(saved)
    }

    /// Brings the record up to `game` after a move, an undo or a redo, as
    /// [`SavedGame::update`] does for queens: moves that still match keep their statistics
    /// and times, the rest are new (timestamped now, `last_search` on the last one); a
    /// resignation stands only while the moves are unchanged.
    ///
    /// `game` must be of the record's game, from its start.
    pub fn update_table(&mut self, game: &dyn AnyGame, last_search: Option<SearchInfo>) {
        let played = game.moves();
        let common = self
            .moves
            .iter()
            .zip(&played)
            .take_while(|(saved, mv)| saved.cell.trim() == mv.as_str())
            .count();
        let unchanged = common == played.len() && common == self.moves.len();
        let resigned = self
            .result
            .and_then(|result| result.resigned)
            .filter(|_| unchanged);
        self.moves.truncate(common);
        self.keep_pasted_moves(common);
        let now = now_unix();
        for mv in &played[common..] {
            self.moves.push(SavedMove {
                cell: mv.clone(),
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
        self.score = size_and_score(game).1;
        let ended = match (resigned, self.result) {
            (Some(_), Some(result)) => result.ended,
            _ => self.moves.last().map_or(now, |m| m.at),
        };
        self.result = ending_of(game, resigned).map(|(winner, resigned)| GameResult {
            score: self.score,
            winner,
            ended,
            resigned,
        });
        self.game = game.record_game();
    }

    /// Replays a games-table game's saved moves by its rules, from its table row's
    /// start, and checks every stored consequence (times, setup, gains, score, result,
    /// game string) against the replay.
    ///
    /// # Errors
    /// The first disagreement: [`CheckError::WrongGame`] for a save of queens, [`CheckError::TimeOutOfRange`], [`CheckError::TableSetup`] for settings other
    /// than the game's bare board, [`CheckError::TableMove`] naming the first move the
    /// rules refuse (with their reason), [`CheckError::TableGain`],
    /// [`CheckError::ScoreMismatch`], [`CheckError::ResultMismatch`] or
    /// [`CheckError::GameStringMismatch`].
    pub fn replay_table(&self) -> Result<Box<dyn AnyGame>, CheckError> {
        let wrong = || CheckError::WrongGame { found: self.kind };
        let GameKind::Table(tag) = self.kind else {
            return Err(wrong());
        };
        let mut game = self.table_start(tag)?;
        self.check_times()?;
        let settings = &self.settings;
        let (size, _) = size_and_score(game.as_ref());
        if settings.size != size || !settings.stones.is_empty() || settings.seed.is_some() {
            let board = game.grid().map_or([0, 0], |grid| [grid.rows, grid.cols]);
            return Err(CheckError::TableSetup {
                kind: self.kind,
                board,
                size: settings.size,
                stones: settings.stones.len(),
                seeded: settings.seed.is_some(),
            });
        }
        for (index, saved) in self.moves.iter().enumerate() {
            let number = index + 1;
            game.play_text(saved.cell.trim())
                .map_err(|reason| CheckError::TableMove {
                    number,
                    token: clip_token(&saved.cell),
                    reason: Box::new(MoveRefused(reason)),
                })?;
            if saved.gained != 0 {
                return Err(CheckError::TableGain {
                    number,
                    stored: saved.gained,
                });
            }
        }
        let score = size_and_score(game.as_ref()).1;
        let resigned = self.result.and_then(|r| r.resigned);
        let replayed = ending_of(game.as_ref(), resigned).map(|(winner, resigned)| Outcome {
            winner,
            score,
            resigned,
        });
        self.check_ending(score, replayed, game.record_game())?;
        Ok(game)
    }

    /// The game's start this record's game string names (its setup keys, such as
    /// Othello's `size=6`, without its moves), or the table row's start when the record
    /// holds no game string (none at all, or a position in notation: checked against
    /// the replay's at the end).
    fn table_start(&self, tag: &'static str) -> Result<Box<dyn AnyGame>, CheckError> {
        let wrong = || CheckError::WrongGame { found: self.kind };
        let entry = queens_engines::games::table::by_tag(tag).ok_or_else(wrong)?;
        let names_game = self
            .game
            .split_whitespace()
            .any(|word| word.starts_with("game="));
        if !names_game {
            return (entry.start)().map_err(|_| wrong());
        }
        let setup: Vec<&str> = self
            .game
            .split_whitespace()
            .filter(|word| !word.starts_with("moves="))
            .collect();
        match queens_engines::games::game_string::read(&setup.join(" ")) {
            Ok(start) if start.tag() == tag => Ok(start),
            _ => Err(CheckError::GameStringMismatch {
                stored: clip_token(&self.game),
                actual: (entry.start)().map_or_else(|_| String::new(), |g| g.game_string()),
            }),
        }
    }
}
