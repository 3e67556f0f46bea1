//! Proved move values for every game whose row in the games table has an exact solver:
//! each legal move's exact value from the mover's view, solved through the game seam
//! ([`AnyGame::solve_exact`]). A game whose result is a win, a draw or a loss
//! (tic-tac-toe, Dodgem) has its value read by its own [`AnyGame::decided`]; a game whose
//! result is a margin (queens' cells) gives the margin with the value ([`Exact::margin`]).
//! Nothing here names a game. The window's move values are the seam's
//! (`Rules::value_moves`), which for queens prove bounds and estimates too.
//!
//! The puzzles (`proved_puzzles.rs`) and the engine check (`queens check-engine`) are
//! built on these values; the move-by-move analysis of every game is `run.rs`'s.

use crate::games::seam::{AnyGame, Exact, NoExactSolver, Seat};
use serde::{Deserialize, Serialize};

/// The stop question of a proof: asked as it goes, a yes abandons it (nothing proved).
pub type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// A proved result, from one side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// That side wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// That side loses with best play.
    Loss,
}

impl Outcome {
    /// Win 2, draw 1, loss 0: how many result steps a move can give away is a
    /// difference of these.
    pub fn rank(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// The lowercase word, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

/// A position's (or a move's) exact value from one side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proved {
    /// The value as the game's engines score a finished game, from that side's view
    /// (0 a draw; a quicker win and a slower loss are worth more; for a game whose
    /// result is a margin, the margin).
    pub value: i32,
    /// What the value proves.
    pub outcome: Outcome,
    /// The ply of the game (counted from its start) of the last move with best play;
    /// `None` for a draw, and for a game whose result is a margin (where the end's ply
    /// is no part of the result).
    pub ends_at_ply: Option<u32>,
    /// For a game whose result is a margin of its score (queens' cells), the final
    /// margin with best play from that side's view; absent for a game whose result is a
    /// win, a draw or a loss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<i32>,
}

impl Proved {
    /// What `exact`, the solve of `game`'s position (from its side to move's view),
    /// proves: a margin's sign is the outcome; otherwise the game's
    /// [`AnyGame::decided`] reads the value, and an exact value it does not decide is
    /// a draw.
    pub fn of(game: &dyn AnyGame, exact: &Exact) -> Proved {
        if let Some(margin) = exact.margin {
            return Proved {
                value: exact.value,
                outcome: match margin.signum() {
                    1 => Outcome::Win,
                    0 => Outcome::Draw,
                    _ => Outcome::Loss,
                },
                ends_at_ply: None,
                margin: Some(margin),
            };
        }
        let value = exact.value;
        match game.decided(value) {
            Some(decided) => Proved {
                value,
                outcome: if decided.searcher_wins {
                    Outcome::Win
                } else {
                    Outcome::Loss
                },
                ends_at_ply: Some(decided.ends_at_ply),
                margin: None,
            },
            None => Proved {
                value,
                outcome: Outcome::Draw,
                ends_at_ply: None,
                margin: None,
            },
        }
    }

    /// The same result from the other side's view.
    pub fn flipped(self) -> Proved {
        Proved {
            value: -self.value,
            outcome: match self.outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Draw => Outcome::Draw,
                Outcome::Loss => Outcome::Win,
            },
            ends_at_ply: self.ends_at_ply,
            margin: self.margin.map(|margin| -margin),
        }
    }

    /// Whether a move of this value keeps the result `best` is worth: the same margin
    /// for a game whose result is a margin, else the same outcome (quickest or not).
    pub fn keeps(self, best: Proved) -> bool {
        match (self.margin, best.margin) {
            (Some(mine), Some(best)) => mine >= best,
            _ => self.outcome == best.outcome,
        }
    }

    /// What a move of this value gives away against `best`, in the game's unit: the
    /// margin's units (queens' cells) for a game whose result is a margin, else the
    /// result steps of [`Proved::steps_below`].
    pub(crate) fn loss_below(self, best: Proved) -> u32 {
        match (self.margin, best.margin) {
            (Some(mine), Some(best)) => best.saturating_sub(mine).max(0).unsigned_abs(),
            _ => self.steps_below(best),
        }
    }

    /// The result steps (win, draw, loss) this value is below `best`: 0 when it keeps
    /// the result, 1 for a win turned into a draw or a draw into a loss, 2 for a win
    /// turned into a loss.
    pub(crate) fn steps_below(self, best: Proved) -> u32 {
        best.outcome.rank().saturating_sub(self.outcome.rank())
    }

    /// The plies a move of this value gives away against `best` while keeping its
    /// result: how much later a win comes, or how much sooner a loss (0 for a draw, or
    /// when the result is not kept). The tests' measure: the window and the CLI show
    /// [`Proved::steps_below`].
    #[cfg(test)]
    pub(crate) fn plies_below(self, best: Proved) -> u32 {
        match (
            self.outcome,
            best.outcome,
            self.ends_at_ply,
            best.ends_at_ply,
        ) {
            (Outcome::Win, Outcome::Win, Some(mine), Some(best)) => mine.saturating_sub(best),
            (Outcome::Loss, Outcome::Loss, Some(mine), Some(best)) => best.saturating_sub(mine),
            _ => 0,
        }
    }
}

/// One legal move and its proved value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProvedMove {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value from the mover's view, with best play after it.
    #[serde(flatten)]
    pub value: Proved,
    /// Best play after the move to the end of the game.
    pub line: Vec<String>,
}

/// Every legal move of a position, proved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProvedMoves {
    /// The game string of the position.
    pub position: String,
    /// The seat to move (0 moves first).
    pub mover: Seat,
    /// The ply of the game (from its start) the position is at.
    pub ply: u32,
    /// The position's value from the mover's view: its best move's (on a finished
    /// game, the game's own).
    pub value: Proved,
    /// One value per legal move, in the game's move order.
    pub moves: Vec<ProvedMove>,
    /// Positions the solver searched, over every move.
    pub nodes: u64,
}

impl ProvedMoves {
    /// The best move (the first in move order among equal values).
    pub fn best(&self) -> Option<&ProvedMove> {
        self.moves
            .iter()
            .reduce(|a, b| if b.value.value > a.value.value { b } else { a })
    }

    /// The moves that keep the position's result (quickest or not; for a game whose
    /// result is a margin, its whole margin).
    pub fn keeping(&self) -> impl Iterator<Item = &ProvedMove> {
        self.moves.iter().filter(|m| m.value.keeps(self.value))
    }

    /// The moves, best first (ties in move order), as `queens solve --all-moves` lists them.
    pub fn best_first(&self) -> Vec<&ProvedMove> {
        let mut moves: Vec<&ProvedMove> = self.moves.iter().collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.value.value));
        moves
    }
}

/// A position solved: its value, a best move and best play to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProvedPosition {
    /// The value from the side to move's view.
    pub value: Proved,
    /// A best move (`None` on a finished game).
    pub best: Option<String>,
    /// Best play to the end of the game.
    pub line: Vec<String>,
    /// The ply of the game (from its start) the position is at.
    pub ply: u32,
    /// Positions the solver searched.
    pub nodes: u64,
}

/// The proved value of `game`'s position from its side to move's view, with a best move
/// and best play to the end: `Ok(None)` once `stop` says so.
///
/// # Errors
/// [`NoExactSolver`] for a game without an exact solver (queens among them: its solver
/// proves margins, through its own commands).
pub(crate) fn proved_position(
    game: &dyn AnyGame,
    stop: Stop<'_>,
) -> Result<Option<ProvedPosition>, NoExactSolver> {
    Ok(game.solve_exact(stop)?.map(|exact| ProvedPosition {
        value: Proved::of(game, &exact),
        best: exact.best_move,
        line: exact.pv,
        ply: exact.ply,
        nodes: exact.nodes,
    }))
}

/// Every legal move of `game`'s position with its exact value from the mover's view:
/// each move is played and the position after it solved; `Ok(None)` once `stop` says so
/// (a window's Cancel), nothing proved.
///
/// # Errors
/// `NoExactSolver` for a game without an exact solver.
pub fn proved_moves(
    game: &dyn AnyGame,
    stop: Stop<'_>,
) -> Result<Option<ProvedMoves>, NoExactSolver> {
    let mut after = game.clone_box();
    let mut moves = Vec::new();
    let mut nodes = 0u64;
    let mut ply = None;
    for mv in game.legal_moves() {
        if after.play_text(&mv).is_err() {
            // A legal move the game refuses is a defect of its rules; it is left out
            // rather than valued.
            continue;
        }
        let solved = proved_position(after.as_ref(), stop);
        after.undo();
        let Some(solved) = solved? else {
            return Ok(None);
        };
        nodes = nodes.saturating_add(solved.nodes);
        ply = Some(solved.ply.saturating_sub(1));
        moves.push(ProvedMove {
            mv,
            value: solved.value.flipped(),
            line: solved.line,
        });
    }
    let best = moves.iter().map(|m| m.value).max_by_key(|v| v.value);
    let (value, ply) = match (best, ply) {
        (Some(best), Some(ply)) => (best, ply),
        // A finished game: its own value.
        _ => match proved_position(game, stop)? {
            Some(solved) => (solved.value, solved.ply),
            None => return Ok(None),
        },
    };
    Ok(Some(ProvedMoves {
        position: game.game_string(),
        mover: game.seat_to_move(),
        ply,
        value,
        moves,
        nodes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game_string::read;

    fn game(text: &str) -> Box<dyn AnyGame> {
        read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_tictactoe_fork_has_one_drawing_answer_and_the_rest_lose() {
        // X holds a1 and c3, O b2: O must not play a corner.
        let position = game("game=tictactoe moves=a1,b2,c3");
        let values = proved_moves(position.as_ref(), &|| false)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("nothing stopped it"));
        assert_eq!(values.mover, 1);
        assert_eq!(values.value.outcome, Outcome::Draw);
        assert_eq!(values.moves.len(), 6);
        for m in &values.moves {
            let corner = ["a3", "c1"].contains(&m.mv.as_str());
            let expected = if corner { Outcome::Loss } else { Outcome::Draw };
            assert_eq!(m.value.outcome, expected, "{}", m.mv);
            // The line is best play to the end after the move.
            let mut line = position.clone();
            line.play_text(&m.mv).unwrap_or_else(|e| panic!("{e}"));
            for mv in &m.line {
                line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            }
            assert!(line.result().is_some(), "{}: {line}", m.mv);
        }
        assert_eq!(values.keeping().count(), 4);
        assert_eq!(
            values.best_first().last().map(|m| m.value.outcome),
            Some(Outcome::Loss)
        );
    }

    #[test]
    fn a_quicker_win_is_worth_more_and_a_slower_one_keeps_the_result() {
        // X to move wins at once with c1 (the bottom row); other moves win later or not.
        let position = game("game=tictactoe moves=a1,a2,b1,b2");
        let values = proved_moves(position.as_ref(), &|| false)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("no values"));
        let best = values.best().unwrap_or_else(|| panic!("no move"));
        assert_eq!(best.mv, "c1");
        assert_eq!(best.value.ends_at_ply, Some(5));
        for m in &values.moves {
            if m.value.outcome == Outcome::Win && m.mv != "c1" {
                assert!(m.value.plies_below(best.value) > 0, "{}", m.mv);
                assert_eq!(m.value.steps_below(best.value), 0);
            }
        }
    }

    #[test]
    fn a_margin_is_kept_whole_and_its_loss_is_counted_in_its_units() {
        let margin = |m: i32| Proved {
            value: m,
            outcome: match m.signum() {
                1 => Outcome::Win,
                0 => Outcome::Draw,
                _ => Outcome::Loss,
            },
            ends_at_ply: None,
            margin: Some(m),
        };
        let best = margin(6);
        // A smaller win keeps the outcome but not the margin: 4 cells given away.
        assert!(!margin(2).keeps(best));
        assert_eq!(margin(2).loss_below(best), 4);
        assert_eq!(margin(2).steps_below(best), 0);
        assert!(margin(6).keeps(best));
        assert_eq!(margin(6).loss_below(best), 0);
        assert_eq!(margin(-4).loss_below(best), 10);
        assert_eq!(margin(-4).flipped(), margin(4));
        // Without margins, the outcome is what is kept.
        let won = |ply: u32| Proved {
            value: 100 - ply as i32,
            outcome: Outcome::Win,
            ends_at_ply: Some(ply),
            margin: None,
        };
        assert!(won(9).keeps(won(5)));
        assert_eq!(won(9).loss_below(won(5)), 0);
    }

    #[test]
    fn a_stop_proves_nothing_and_a_game_without_a_solver_is_named() {
        let start = game("game=dodgem");
        assert_eq!(proved_moves(start.as_ref(), &|| true), Ok(None));
        let othello = game("game=othello");
        assert_eq!(
            proved_moves(othello.as_ref(), &|| false).map_err(|e| e.to_string()),
            Err("othello has no exact solver".to_string())
        );
    }

    #[test]
    fn a_finished_game_has_no_moves_and_its_own_value() {
        // X has the bottom row: O, to move, has lost.
        let over = game("game=tictactoe moves=a1,a2,b1,b2,c1");
        let values = proved_moves(over.as_ref(), &|| false)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("no values"));
        assert!(values.moves.is_empty());
        assert_eq!(values.value.outcome, Outcome::Loss);
        assert_eq!(values.value.ends_at_ply, Some(5));
    }
}
