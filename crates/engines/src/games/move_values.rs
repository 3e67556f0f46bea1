//! The values of every legal move of one position, for every game with an exact solver:
//! what the window's move values show (the board's heat map and labels, the panel's
//! list, the best line), asked of a game through the seam (`Rules::value_moves`).
//!
//! As everywhere else, a value is a **margin from the first player's view**: queens'
//! final cells of P1 less P2's, and 1, 0 or -1 for a game won, drawn or lost, whose
//! exact values also tell at which ply the game ends ([`MoveValue::ends_at_ply`]). A
//! value is one of three facts ([`ValueKind`]), and every front end says which.
//!
//! A game's default (`Rules::value_moves`'s, `rules::values_by_exact`) solves each
//! move exactly with its `Rules::solve_exact` and answers once; a game whose boards can be too big to prove
//! (queens) answers as it goes, estimates and bounds first.

use std::time::Duration;

/// What a move's `margin` is: one of three facts, each told in its own words wherever a
/// value is shown (the board's cells, their accessible labels, the side panel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    /// The margin is proved (solved).
    Exact,
    /// The margin is a proved bound: the most the move can reach for the mover (P1's
    /// margin is at most it, P2's at least it), so the move's loss against the best is
    /// at least [`MoveValues::loss`]. Never shown as if exact.
    Bound,
    /// The engine's estimate (at [`MoveValues::depth`]).
    Estimate,
}

/// How long the values of one position may take, and the table they may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValuesAsk {
    /// The whole budget for the values (a game that proves every move exactly takes
    /// what it needs, and stops only when asked).
    pub time: Duration,
    /// The table in MiB, for a game whose solver keeps one.
    pub hash_mb: usize,
    /// With `Some(t)`: once the position is proved, its moves are asked for proofs
    /// until `t` from the start (bounds, then exact values, published as they come), on
    /// boards too big to solve each move. `None`: estimates only.
    pub prove_time: Option<Duration>,
}

/// One legal move and the margin with best play after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveValue {
    /// The move, in the game's notation.
    pub mv: String,
    /// The final margin from the first player's view with best play after the move:
    /// exact, a proved bound or an estimate, as `kind` says.
    pub margin: i32,
    /// What `margin` is.
    pub kind: ValueKind,
    /// Best play after the move (the solver's or the engine's line).
    pub line: Vec<String>,
    /// For a game whose result is a win, a draw or a loss, when exact: the ply (from
    /// the game's start) of the winning move with best play; `None` for a draw, for a
    /// margin game, and when not proved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at_ply: Option<u32>,
}

/// A position's margin with best play, proved, and a proved best line from it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProvedLine {
    /// The final margin from the first player's view with best play.
    pub margin: i32,
    /// Proved best moves from the position, its best move first.
    pub line: Vec<String>,
}

/// Every legal move of a position, valued.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveValues {
    /// The game string of the position.
    pub position: String,
    /// Who moves there (0 moves first).
    pub mover: usize,
    /// One value per legal move, in the game's move order.
    pub moves: Vec<MoveValue>,
    /// The engine's depth after the move for the estimates (`None` when every value is
    /// exact or bounded).
    pub depth: Option<u32>,
    /// The position's own margin, when proved (by a solve of the position, or because
    /// every move is proved).
    pub proved: Option<ProvedLine>,
}

impl MoveValue {
    /// Whether `margin` is proved exactly.
    pub fn exact(&self) -> bool {
        self.kind == ValueKind::Exact
    }
}

/// How many moves' values are of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindCounts {
    /// Proved exactly.
    pub exact: usize,
    /// Proved bounds only.
    pub bound: usize,
    /// Estimates.
    pub estimate: usize,
}

impl MoveValues {
    /// How many moves are exact, bounded and estimated.
    pub fn counts(&self) -> KindCounts {
        let mut counts = KindCounts::default();
        for value in &self.moves {
            match value.kind {
                ValueKind::Exact => counts.exact += 1,
                ValueKind::Bound => counts.bound += 1,
                ValueKind::Estimate => counts.estimate += 1,
            }
        }
        counts
    }

    /// The value of move `mv`, if it is a legal move.
    pub fn of(&self, mv: &str) -> Option<&MoveValue> {
        self.moves.iter().find(|m| m.mv == mv)
    }

    /// `margin` from the mover's side (more is better for the mover).
    fn for_mover(&self, margin: i32) -> i32 {
        if self.mover == 0 { margin } else { -margin }
    }

    /// How good `value` is for the mover: its margin, then (equal margins of a game
    /// that tells when it ends) the quicker win or the slower loss.
    fn goodness(&self, value: &MoveValue) -> (i32, i64) {
        let margin = self.for_mover(value.margin);
        let when = value.ends_at_ply.map_or(0, i64::from);
        let quickness = match margin.signum() {
            1 => -when,
            -1 => when,
            _ => 0,
        };
        (margin, quickness)
    }

    /// The best move (the first of equals) and its value.
    pub fn best(&self) -> Option<&MoveValue> {
        self.moves.iter().reduce(|a, b| {
            if self.goodness(b) > self.goodness(a) {
                b
            } else {
                a
            }
        })
    }

    /// The margin `mv` gives away against the best move (0 for a best move, and for a
    /// slower win of a game that tells when it ends); `None` for a move that is not
    /// legal. For a [`ValueKind::Bound`] it is the least it gives away.
    pub fn loss(&self, mv: &str) -> Option<u32> {
        let best = self.best()?;
        let value = self.of(mv)?;
        Some((self.for_mover(best.margin) - self.for_mover(value.margin)).max(0) as u32)
    }

    /// The largest loss of any move (0 when all moves are equal).
    pub fn worst_loss(&self) -> u32 {
        self.moves
            .iter()
            .filter_map(|m| self.loss(&m.mv))
            .max()
            .unwrap_or(0)
    }

    /// Whether every move's value is proved: the position's margin is then exact too.
    pub fn solved(&self) -> bool {
        !self.moves.is_empty() && self.moves.iter().all(MoveValue::exact)
    }

    /// The margin with best play from the position: the proved one when there is one
    /// (see [`Self::proved_margin`]), else the best move's estimate.
    pub fn margin(&self) -> Option<i32> {
        self.proved_margin()
            .or_else(|| self.best().map(|best| best.margin))
    }

    /// The margin with best play from the position, when proved.
    pub fn proved_margin(&self) -> Option<i32> {
        match &self.proved {
            Some(proved) => Some(proved.margin),
            None if self.solved() => self.best().map(|best| best.margin),
            None => None,
        }
    }

    /// The moves, best first for the mover (ties in move order).
    pub fn best_first(&self) -> Vec<&MoveValue> {
        let mut moves: Vec<&MoveValue> = self.moves.iter().collect();
        moves.sort_by_key(|m| std::cmp::Reverse(self.goodness(m)));
        moves
    }

    /// Best play from the position: the proved line when there is one, else the best
    /// move, then best play after it.
    pub fn principal_variation(&self) -> Vec<String> {
        if let Some(proved) = self.proved.as_ref().filter(|p| !p.line.is_empty()) {
            return proved.line.clone();
        }
        self.best()
            .map(|best| {
                std::iter::once(best.mv.clone())
                    .chain(best.line.iter().cloned())
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(margins: &[(&str, i32, Option<u32>)], mover: usize) -> MoveValues {
        MoveValues {
            position: String::new(),
            mover,
            moves: margins
                .iter()
                .map(|&(mv, margin, ends_at_ply)| MoveValue {
                    mv: mv.to_string(),
                    margin,
                    kind: ValueKind::Exact,
                    line: Vec::new(),
                    ends_at_ply,
                })
                .collect(),
            depth: None,
            proved: None,
        }
    }

    #[test]
    fn losses_are_from_the_movers_side() {
        let p1 = values(&[("a1", 4, None), ("b1", -2, None), ("c1", 4, None)], 0);
        assert_eq!(p1.best().map(|b| b.mv.as_str()), Some("a1"));
        assert_eq!(p1.loss("b1"), Some(6));
        assert_eq!(p1.loss("c1"), Some(0));
        assert_eq!(p1.loss("d4"), None);
        assert_eq!(p1.worst_loss(), 6);
        let p2 = values(&[("a1", 4, None), ("b1", -2, None)], 1);
        assert_eq!(p2.best().map(|b| b.mv.as_str()), Some("b1"));
        assert_eq!(p2.loss("a1"), Some(6));
        assert_eq!(p2.margin(), Some(-2));
        assert!(p2.solved());
    }

    #[test]
    fn the_quicker_win_and_the_slower_loss_are_best() {
        // The second player wins either way: -1 from the first player's view.
        let wins = values(
            &[("a1", -1, Some(9)), ("b1", -1, Some(6)), ("c1", 0, None)],
            1,
        );
        assert_eq!(wins.best().map(|b| b.mv.as_str()), Some("b1"));
        assert_eq!(wins.loss("a1"), Some(0), "a slower win keeps the result");
        assert_eq!(wins.loss("c1"), Some(1), "a draw gives one step away");
        let losses = values(&[("a1", 1, Some(5)), ("b1", 1, Some(9))], 1);
        assert_eq!(losses.best().map(|b| b.mv.as_str()), Some("b1"));
    }
}
