//! One face for the two small games, for the front ends that hold "whichever small game
//! is being played" (the window's game, a save, a history entry): a kind, a position, and
//! moves written in the game's notation. The rules stay [`TicTacToe`]'s and [`Dodgem`]'s;
//! this only dispatches to them.
//!
//! Seats are numbered as the saves number players: seat 0 (P1) moves first (X, black),
//! seat 1 (P2) second (O, white).

use super::cells::{CELLS, Cell};
use super::dodgem::{Dodgem, DodgemError, DodgemMove, Outcome, Side};
use super::tictactoe::{Mark, TicTacToe, TicTacToeError};
use crate::ai::{EngineConfig, EngineKind, Limits, MoveList, NotForThisGame, SearchHandler};
use crate::ai::{SearchGame, SearchOutcome};
use std::fmt;
use thiserror::Error;

/// Which small game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SmallKind {
    /// Tic-tac-toe (the blog article 001).
    TicTacToe,
    /// Dodgem (the lecture 000).
    Dodgem,
}

impl SmallKind {
    /// Both, in the order menus list them.
    pub const ALL: [SmallKind; 2] = [SmallKind::TicTacToe, SmallKind::Dodgem];

    /// The name saves and `--kind` use (`tictactoe`, `dodgem`).
    pub const fn name(self) -> &'static str {
        match self {
            SmallKind::TicTacToe => super::tictactoe::KIND,
            SmallKind::Dodgem => super::dodgem::KIND,
        }
    }

    /// The most plies a game can last: every search to this depth is exact.
    pub const fn longest_game(self) -> u32 {
        match self {
            SmallKind::TicTacToe => CELLS as u32,
            SmallKind::Dodgem => super::dodgem::PLY_LIMIT,
        }
    }

    /// What a search value says when it is a won or lost game rather than an estimate:
    /// the games score a finished game beyond any evaluation (tic-tac-toe
    /// `WIN + empty cells`, Dodgem `WIN - plies played`), so such a value is a proof,
    /// whatever the depth: the searcher (the side to move where the search started) wins
    /// or loses by the ply it names, against any defence.
    pub fn decided(self, value: i32) -> Option<Decided> {
        let magnitude = value.unsigned_abs();
        let ends_at_ply = match self {
            SmallKind::TicTacToe => {
                let win = super::tictactoe::WIN.unsigned_abs();
                let empty = magnitude.checked_sub(win)?;
                (CELLS as u32).checked_sub(empty)?
            }
            SmallKind::Dodgem => {
                let win = super::dodgem::WIN.unsigned_abs();
                // Evaluations stay far below half a win (entries within ±1000).
                if magnitude <= win / 2 {
                    return None;
                }
                win - magnitude
            }
        };
        Some(Decided {
            searcher_wins: value > 0,
            ends_at_ply,
        })
    }
}

pub use super::seam::Decided;

/// A move of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SmallMove {
    /// A tic-tac-toe mark on this cell.
    Mark(Cell),
    /// A Dodgem car's move.
    Car(DodgemMove),
}

impl fmt::Display for SmallMove {
    /// In the game's notation: `b2`, `a3-b3`, `c2-off`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmallMove::Mark(cell) => cell.fmt(f),
            SmallMove::Car(mv) => mv.fmt(f),
        }
    }
}

/// A move refused, a position that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SmallError {
    /// Tic-tac-toe's reason.
    #[error(transparent)]
    TicTacToe(#[from] TicTacToeError),
    /// Dodgem's reason.
    #[error(transparent)]
    Dodgem(#[from] DodgemError),
    /// A move of the other game (a car move in tic-tac-toe, a cell in Dodgem).
    #[error("'{0}' is not a move of this game")]
    OtherGame(String),
    /// Another game's reason, as its rules word it: a game of the games table replayed
    /// from a save through the seam.
    #[error("{0}")]
    Rules(String),
}

/// What a cell of either board holds, by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Nothing.
    Empty,
    /// A mark or a car of seat 0 (X, black) or 1 (O, white).
    Of(usize),
}

/// A small game's position with the moves played from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmallPosition {
    /// A tic-tac-toe position.
    TicTacToe(TicTacToe),
    /// A Dodgem position (the lecture's evaluation, or one read from a file).
    Dodgem(Dodgem),
}

impl SmallPosition {
    /// The game's start: the empty board, or Dodgem's start position.
    pub fn start(kind: SmallKind) -> SmallPosition {
        match kind {
            SmallKind::TicTacToe => SmallPosition::TicTacToe(TicTacToe::new()),
            SmallKind::Dodgem => SmallPosition::Dodgem(Dodgem::new()),
        }
    }

    /// The position after `moves` (in notation) from the start.
    ///
    /// # Errors
    /// The first move that is not legal, with its 1-based number.
    pub fn replay<S: AsRef<str>>(
        kind: SmallKind,
        moves: &[S],
    ) -> Result<SmallPosition, (usize, SmallError)> {
        let mut position = SmallPosition::start(kind);
        for (index, text) in moves.iter().enumerate() {
            position
                .play_text(text.as_ref())
                .map_err(|err| (index + 1, err))?;
        }
        Ok(position)
    }

    /// The game string (`game=tictactoe moves=b2,a1`): what the browser's address bar
    /// and Copy position carry, read back by [`SmallPosition::from_game`].
    pub fn game_string(&self) -> String {
        match self {
            SmallPosition::TicTacToe(game) => super::seam::write(game),
            SmallPosition::Dodgem(game) => super::seam::write(game),
        }
    }

    /// The small game a game string read through the games table is, replayed from its
    /// start; `None` for a game that is not one of these (queens, Othello).
    pub fn from_game(game: &dyn super::seam::AnyGame) -> Option<SmallPosition> {
        let kind = SmallKind::ALL
            .into_iter()
            .find(|kind| kind.name() == game.tag())?;
        // The moves were just played by the same rules from the same start.
        SmallPosition::replay(kind, &game.moves()).ok()
    }

    /// Which game this is.
    pub fn kind(&self) -> SmallKind {
        match self {
            SmallPosition::TicTacToe(_) => SmallKind::TicTacToe,
            SmallPosition::Dodgem(_) => SmallKind::Dodgem,
        }
    }

    /// Plies played since the start.
    pub fn ply(&self) -> usize {
        match self {
            SmallPosition::TicTacToe(game) => game.history().len(),
            SmallPosition::Dodgem(game) => game.ply() as usize,
        }
    }

    /// The moves played since the start, oldest first.
    pub fn moves(&self) -> Vec<SmallMove> {
        match self {
            SmallPosition::TicTacToe(game) => game
                .history()
                .iter()
                .copied()
                .map(SmallMove::Mark)
                .collect(),
            SmallPosition::Dodgem(game) => {
                game.history().iter().copied().map(SmallMove::Car).collect()
            }
        }
    }

    /// The seat to move (0 first, 1 second), also once the game is over.
    pub fn seat_to_move(&self) -> usize {
        match self {
            SmallPosition::TicTacToe(game) => usize::from(game.to_move() == Mark::O),
            SmallPosition::Dodgem(game) => usize::from(game.to_move() == Side::White),
        }
    }

    /// What `cell` holds, by seat.
    pub fn piece(&self, cell: Cell) -> Piece {
        let seat = match self {
            SmallPosition::TicTacToe(game) => game.mark(cell).map(|m| usize::from(m == Mark::O)),
            SmallPosition::Dodgem(game) => game.car(cell).map(|s| usize::from(s == Side::White)),
        };
        seat.map_or(Piece::Empty, Piece::Of)
    }

    /// The result once the game is over: `Some(Some(seat))` a win, `Some(None)` a draw.
    pub fn result(&self) -> Option<Option<usize>> {
        match self {
            SmallPosition::TicTacToe(game) => game
                .is_over()
                .then(|| game.winner().map(|m| usize::from(m == Mark::O))),
            SmallPosition::Dodgem(game) => game.outcome().map(|outcome| match outcome {
                Outcome::Won(side) => Some(usize::from(side == Side::White)),
                Outcome::Draw => None,
            }),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// Cars each seat has driven off the board (Dodgem), or `[0, 0]` (tic-tac-toe):
    /// what a save and the workbook keep as the "score".
    pub fn score(&self) -> [u32; 2] {
        match self {
            SmallPosition::TicTacToe(_) => [0, 0],
            SmallPosition::Dodgem(game) => [Side::Black, Side::White]
                .map(|side| (super::dodgem::CARS - game.cars_on(side)) as u32),
        }
    }

    /// The legal moves here, in the order the engines try them (none once over).
    pub fn legal_moves(&self) -> Vec<SmallMove> {
        if self.is_over() {
            return Vec::new();
        }
        match self {
            SmallPosition::TicTacToe(game) => {
                let mut list = MoveList::default();
                game.ordered_moves(&mut list);
                list.as_slice()
                    .iter()
                    .copied()
                    .map(SmallMove::Mark)
                    .collect()
            }
            SmallPosition::Dodgem(game) => {
                let mut list = MoveList::default();
                game.ordered_moves(&mut list);
                list.as_slice()
                    .iter()
                    .copied()
                    .map(SmallMove::Car)
                    .collect()
            }
        }
    }

    /// Plays `mv` for the side to move, checked by the game's rules.
    ///
    /// # Errors
    /// The game's reason; nothing changes then.
    pub fn play(&mut self, mv: SmallMove) -> Result<(), SmallError> {
        match (self, mv) {
            (SmallPosition::TicTacToe(game), SmallMove::Mark(cell)) => Ok(game.play(cell)?),
            (SmallPosition::Dodgem(game), SmallMove::Car(car)) => Ok(game.play(car)?),
            (_, mv) => Err(SmallError::OtherGame(mv.to_string())),
        }
    }

    /// Reads `text` as a move of this game (`b2`; `a3-b3`, `c2-off`) and plays it.
    ///
    /// # Errors
    /// A move that is not written right or not legal here.
    pub fn play_text(&mut self, text: &str) -> Result<SmallMove, SmallError> {
        let clipped = || crate::board::clip_token(text);
        let mv = match self {
            SmallPosition::TicTacToe(_) => SmallMove::Mark(
                Cell::parse(text.trim()).ok_or_else(|| TicTacToeError::NotACell(clipped()))?,
            ),
            SmallPosition::Dodgem(_) => SmallMove::Car(
                text.parse::<DodgemMove>()
                    .map_err(|_| DodgemError::BadMove(clipped()))?,
            ),
        };
        self.play(mv)?;
        Ok(mv)
    }

    /// Asks the thesis engine `engine` (minimax or alpha-beta) for a move, to `depth`
    /// plies (capped at the longest game) within `time` if given (iterative deepening
    /// then keeps the deepest finished depth), stopping when `handler` says so.
    ///
    /// # Errors
    /// [`NotForThisGame`] for an engine that plays only queens.
    pub fn think(
        &self,
        engine: EngineKind,
        depth: u32,
        time: Option<std::time::Duration>,
        handler: &dyn SearchHandler<SmallMove>,
    ) -> Result<SearchOutcome<SmallMove>, NotForThisGame> {
        let depth = depth.clamp(1, self.kind().longest_game());
        let limits = Limits { depth, time };
        let config = EngineConfig::new(engine, depth);
        Ok(match self {
            SmallPosition::TicTacToe(game) => {
                let relay = Relay(handler, SmallMove::Mark);
                let outcome = config.build_for::<TicTacToe>()?.think(game, limits, &relay);
                outcome.map_moves(SmallMove::Mark)
            }
            SmallPosition::Dodgem(game) => {
                let relay = Relay(handler, SmallMove::Car);
                let outcome = config.build_for::<Dodgem>()?.think(game, limits, &relay);
                outcome.map_moves(SmallMove::Car)
            }
        })
    }
}

impl fmt::Display for SmallPosition {
    /// The game's notation (docs/rules.md): `x.o/.x./..o`, `b../b../.ww b 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmallPosition::TicTacToe(game) => game.fmt(f),
            SmallPosition::Dodgem(game) => game.fmt(f),
        }
    }
}

/// Passes a game's own search events on as [`SmallMove`]s.
struct Relay<'a, M>(&'a dyn SearchHandler<SmallMove>, fn(M) -> SmallMove);

impl<M: Copy> SearchHandler<M> for Relay<'_, M> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }

    fn on_nodes(&self, nodes: u64) {
        self.0.on_nodes(nodes);
    }

    fn on_iteration(&self, iteration: &crate::ai::Iteration<M>) {
        self.0.on_iteration(&iteration.map_moves(self.1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;

    /// Searches `moves`' position to `depth` with alpha-beta, then checks what its value
    /// says against the game its best line plays out.
    fn decided_after(kind: SmallKind, moves: &[&str], depth: u32) -> Decided {
        let position =
            SmallPosition::replay(kind, moves).unwrap_or_else(|(n, e)| panic!("{n}: {e}"));
        let searcher = position.seat_to_move();
        let outcome = position
            .think(EngineKind::ALPHABETA, depth, None, &NoHandler)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let decided = kind
            .decided(outcome.value.0)
            .unwrap_or_else(|| panic!("{kind:?} {moves:?}: {} is no proof", outcome.value.0));
        let mut line = position.clone();
        for mv in &outcome.pv {
            line.play(*mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert_eq!(line.ply() as u32, decided.ends_at_ply, "{line}");
        let winner = if decided.searcher_wins {
            searcher
        } else {
            1 - searcher
        };
        assert_eq!(line.result(), Some(Some(winner)), "{line}");
        decided
    }

    #[test]
    fn a_won_or_lost_value_names_the_winner_and_the_ply_and_an_estimate_is_none() {
        // X completes the bottom row with its fifth ply.
        let x_wins = decided_after(SmallKind::TicTacToe, &["a1", "a2", "b1", "b2"], 1);
        assert_eq!(
            x_wins,
            Decided {
                searcher_wins: true,
                ends_at_ply: 5
            }
        );
        // O to move cannot stop both of X's lines (a2 and b2): O loses at ply 7.
        let o_loses = decided_after(SmallKind::TicTacToe, &["a1", "c3", "c1", "b1", "a3"], 2);
        assert_eq!(
            o_loses,
            Decided {
                searcher_wins: false,
                ends_at_ply: 7
            }
        );
        // Dodgem: black, eight plies in, drives both cars off within four more plies.
        let moves = [
            "a3-b3", "b1-b2", "b3-c3", "c1-c2", "a2-a1", "b2-b3", "a1-b1", "b3-a3",
        ];
        let black = decided_after(SmallKind::Dodgem, &moves, 9);
        assert!(black.searcher_wins);
        // Values of positions still open are estimates.
        assert_eq!(SmallKind::TicTacToe.decided(-4), None);
        assert_eq!(SmallKind::TicTacToe.decided(0), None);
        assert_eq!(SmallKind::Dodgem.decided(85), None);
        assert_eq!(SmallKind::Dodgem.decided(-9_000), None);
        assert_eq!(
            SmallKind::Dodgem.decided(-(crate::games::dodgem::WIN - 19)),
            Some(Decided {
                searcher_wins: false,
                ends_at_ply: 19
            })
        );
    }

    #[test]
    fn a_tic_tac_toe_game_replays_to_its_winner() {
        let position = SmallPosition::replay(SmallKind::TicTacToe, &["a1", "b1", "a2", "b2", "a3"])
            .unwrap_or_else(|(n, e)| panic!("move {n}: {e}"));
        assert_eq!(position.result(), Some(Some(0)));
        assert_eq!(position.to_string(), "x../xo./xo.");
        assert!(position.legal_moves().is_empty());
        assert_eq!(
            position.piece(Cell::parse("b2").unwrap_or_default()),
            Piece::Of(1)
        );
    }

    #[test]
    fn a_wrong_move_is_refused_with_its_number_and_the_other_games_moves_too() {
        let err = SmallPosition::replay(SmallKind::TicTacToe, &["b2", "b2"]);
        assert!(matches!(err, Err((2, SmallError::TicTacToe(_)))));
        let err = SmallPosition::replay(SmallKind::Dodgem, &["a3-b3", "b2"]);
        assert!(matches!(err, Err((2, SmallError::Dodgem(_)))));
        let mut dodgem = SmallPosition::start(SmallKind::Dodgem);
        let mark = SmallMove::Mark(Cell(0));
        assert_eq!(dodgem.play(mark), Err(SmallError::OtherGame("a3".into())));
    }

    #[test]
    fn dodgem_starts_with_black_to_move_and_counts_cars_driven_off() {
        let start = SmallPosition::start(SmallKind::Dodgem);
        assert_eq!(start.seat_to_move(), 0);
        assert_eq!(start.score(), [0, 0]);
        // Black drives a car across and off: a3-b3, (white) b1-b2... one car of black off.
        let mut position = start.clone();
        for text in ["a3-b3", "c1-c2", "b3-c3", "b1-a1", "c3-off"] {
            position
                .play_text(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        assert_eq!(position.score(), [1, 0]);
        assert_eq!(position.ply(), 5);
        assert_eq!(position.moves().len(), 5);
    }

    #[test]
    fn the_engine_plays_the_winning_mark_and_refuses_queens_only_engines() {
        // X to move with a2-a3 open: a1 wins.
        let position = SmallPosition::replay(SmallKind::TicTacToe, &["a3", "b3", "a2", "b2"])
            .unwrap_or_else(|(n, e)| panic!("move {n}: {e}"));
        let outcome = position
            .think(EngineKind::ALPHABETA, 9, None, &NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(outcome.best_move, Some(SmallMove::Mark(Cell(6))));
        assert!(outcome.exact);
        let queens_only = EngineKind::all()
            .find(|&e| EngineConfig::new(e, 1).build_for::<TicTacToe>().is_err())
            .unwrap_or_else(|| panic!("no queens-only engine to refuse"));
        assert!(position.think(queens_only, 4, None, &NoHandler).is_err());
    }
}
