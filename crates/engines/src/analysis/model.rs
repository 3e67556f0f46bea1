//! What an analysis holds, and the two judgements it makes: a move's class from its loss,
//! and a player's accuracy.

use super::proved::Outcome;
pub use crate::games::solution::PositionValue;
use queens_board::Player;
use serde::Serialize;

/// How bad a move was, by the cells of margin it gave away (see [`class_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// No loss: the move keeps the best margin (ties with the best move included).
    Best,
    /// A loss of 1 or 2.
    Good,
    /// A loss of 3 to 5.
    Inaccuracy,
    /// A loss of 6 to 9.
    Mistake,
    /// A loss of 10 or more.
    Blunder,
    /// The loss is not proved within the time, and its proved bounds span more than one
    /// class.
    Unproved,
}

impl Class {
    /// Every class, best first, then [`Class::Unproved`].
    pub const ALL: [Class; 6] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
        Class::Unproved,
    ];

    /// The lowercase name, as in the JSON and the workbook.
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
            Class::Unproved => "unproved",
        }
    }
}

/// The class of a move that lost `loss` cells of margin. Fixed thresholds in cells
/// rather than a share of the board: a player reads "gave away 6 cells" the same way on
/// any board, and the exact losses of a finished game are always even (the margin keeps
/// the parity of the cells in play, so one cell changing hands moves it by 2), which the
/// bands 0 / 1-2 / 3-5 / 6-9 / 10+ split into 0 / 2 / 4 / 6-8 / 10+.
pub fn class_of(loss: u32) -> Class {
    match loss {
        0 => Class::Best,
        1..=2 => Class::Good,
        3..=5 => Class::Inaccuracy,
        6..=9 => Class::Mistake,
        _ => Class::Blunder,
    }
}

/// The class of a loss proved to lie in `lower..=upper`: the class both ends share, or
/// [`Class::Unproved`] when the bounds span several.
pub(crate) fn class_of_bounds(lower: u32, upper: u32) -> Class {
    let class = class_of(lower);
    if class == class_of(upper) {
        class
    } else {
        Class::Unproved
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// 1-based move number.
    pub ply: usize,
    /// 1 or 2.
    pub player: u8,
    /// The move played, in the game's notation.
    #[serde(rename = "move")]
    pub played: String,
    /// A best move of the position before it (the move played when that is one).
    pub best: Option<String>,
    /// The margin (P1 - P2 at the end) with best play before the move; the best move's
    /// margin is this one.
    pub margin_before: i32,
    /// The margin with best play after the move played.
    pub margin_after: i32,
    /// The margin the mover gave away, from the mover's side, never negative; 0 for a
    /// best move. Only a proved loss is stated: `null` when it is not proved (see the
    /// bounds).
    pub loss: Option<u32>,
    /// A proved lower bound on the loss (the loss when proved).
    pub loss_lower: u32,
    /// A proved upper bound on the loss (the loss when proved).
    pub loss_upper: u32,
    /// Whether both margins are proved (then the loss is too).
    pub exact: bool,
    /// The shallower depth of the estimated margins (`null` when exact).
    pub depth: Option<u32>,
    /// The class of the loss; [`Class::Unproved`] unless the proved bounds decide it.
    pub class: Class,
    /// Whether `best` is proved to keep more than the move played (what a "better"
    /// beside a costly move needs).
    #[serde(skip)]
    pub better_proved: bool,
    /// For a game won, drawn or lost (whose margin is 1, 0 or -1): the position's exact
    /// value before the move from the mover's view, as the engines score a finished
    /// game (0 a draw); absent for queens, `null` when not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_before: Option<Option<i32>>,
    /// The same after the move played, from the mover's view.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_after: Option<Option<i32>>,
    /// For a game won, drawn or lost: what the position before the move was worth to
    /// the mover (`win`, `draw`, `loss`), `null` when not proved; absent for queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_before: Option<Option<Outcome>>,
    /// The same after the move played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_after: Option<Option<Outcome>>,
    /// For a game won, drawn or lost: the ply the game ends at with best play before
    /// the move (`null` for a draw or when not proved); absent for queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_before: Option<Option<u32>>,
    /// The same after the move played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_after: Option<Option<u32>>,
    /// For a game won, drawn or lost: with the result kept, how many plies later the
    /// win comes, or sooner the loss (0 otherwise); absent for queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies_lost: Option<u32>,
}

/// What a margin from the mover's view proves for the mover.
fn outcome_of(margin: i32) -> Outcome {
    match margin.signum() {
        1 => Outcome::Win,
        0 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

impl MoveAnalysis {
    /// Judges move `ply` (1-based) `played` by `mover` (seat 0 or 1) between the positions
    /// `before` and `after`; `margin_result` says the game's result is a margin (queens'
    /// cells, classed by [`class_of`]) rather than a win, a draw or a loss (classed
    /// `best`, `good` for the result kept more slowly, `mistake` for it given away).
    /// The loss follows from the proved bounds of the two margins alone: estimates never
    /// enter it (an estimate subtracted from a proved value is no loss of anything).
    pub fn judge(
        ply: usize,
        played: String,
        mover: usize,
        before: &PositionValue,
        after: &PositionValue,
        margin_result: bool,
    ) -> MoveAnalysis {
        let mover = if mover == 0 { Player::One } else { Player::Two };
        // The mover's view: what the position was worth, what the move kept.
        let view = |margin: i32| match mover {
            Player::One => margin,
            Player::Two => -margin,
        };
        let worth = (
            view(before.lower).min(view(before.upper)),
            view(before.lower).max(view(before.upper)),
        );
        let mut kept = (
            view(after.lower).min(view(after.upper)),
            view(after.lower).max(view(after.upper)),
        );
        let reaches = before.best_reaches.map(view);
        let played_best = before.best.as_deref() == Some(played.as_str());
        if played_best && let Some(reaches) = reaches {
            // The move played is the one proved to reach `reaches`.
            kept.0 = kept.0.max(reaches);
        }
        let gap = |a: i32, b: i32| (a - b).max(0).unsigned_abs();
        let (loss_lower, loss_upper) = (gap(worth.0, kept.1), gap(worth.1, kept.0));
        let loss = (loss_lower == loss_upper).then_some(loss_lower);
        let better_proved = !played_best && reaches.is_some_and(|reaches| reaches > kept.1);
        let exact = before.exact && after.exact;
        let depth = match (before.depth, after.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut judged = MoveAnalysis {
            ply,
            player: mover.number(),
            played,
            best: before.best.clone(),
            margin_before: before.margin,
            margin_after: after.margin,
            loss,
            loss_lower,
            loss_upper,
            exact,
            depth: if exact { None } else { depth },
            class: match loss {
                Some(loss) => class_of(loss),
                None => class_of_bounds(loss_lower, loss_upper),
            },
            better_proved,
            value_before: None,
            value_after: None,
            outcome_before: None,
            outcome_after: None,
            ends_before: None,
            ends_after: None,
            plies_lost: None,
        };
        if !margin_result {
            judged.judge_result(view, before, after);
        }
        judged
    }

    /// A game won, drawn or lost: its result's words (the values, outcomes and ends
    /// before and after the move, from the mover's view), the plies a kept result lost,
    /// and the class by them; `view` turns a margin into the mover's.
    fn judge_result(
        &mut self,
        view: impl Fn(i32) -> i32,
        before: &PositionValue,
        after: &PositionValue,
    ) {
        let proved = |value: &PositionValue| value.exact.then_some(value.margin);
        let worth = proved(before).map(|m| outcome_of(view(m)));
        let kept = proved(after).map(|m| outcome_of(view(m)));
        self.value_before = Some(before.exact_value.filter(|_| before.exact));
        // The position after the move is the other side's to move.
        self.value_after = Some(after.exact_value.filter(|_| after.exact).map(|v| -v));
        self.outcome_before = Some(worth);
        self.outcome_after = Some(kept);
        self.ends_before = Some(before.ends_at_ply.filter(|_| before.exact));
        self.ends_after = Some(after.ends_at_ply.filter(|_| after.exact));
        let plies_lost = match (worth, kept, before.ends_at_ply, after.ends_at_ply) {
            (Some(Outcome::Win), Some(Outcome::Win), Some(best), Some(mine)) => {
                mine.saturating_sub(best)
            }
            (Some(Outcome::Loss), Some(Outcome::Loss), Some(best), Some(mine)) => {
                best.saturating_sub(mine)
            }
            _ => 0,
        };
        self.plies_lost = Some(plies_lost);
        self.class = match self.loss {
            Some(0) if plies_lost == 0 => Class::Best,
            Some(0) => Class::Good,
            Some(_) => Class::Mistake,
            None => Class::Unproved,
        };
    }

    /// Whether the move is proved to have lost nothing.
    pub(crate) fn proved_best(&self) -> bool {
        self.loss_upper == 0
    }

    /// Whether the move is proved to have lost something.
    pub fn proved_loss(&self) -> bool {
        self.loss_lower > 0
    }
}

/// One player's totals over the moves analysed.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct PlayerSummary {
    /// 1 or 2.
    pub player: u8,
    /// Moves analysed.
    pub moves: usize,
    /// The cells of margin proved given away, summed over the moves (each unproved
    /// move adds its proved lower bound: the total is at least this).
    pub loss: u32,
    /// Moves proved to lose nothing.
    pub best: usize,
    /// Moves whose loss is not proved exactly (bounds only).
    pub unproved: usize,
    /// The share of the player's moves proved to lose nothing among those proved
    /// either way (lost nothing, or lost something), in percent (one decimal; 100 for a
    /// player with no such move). A share rather than a curve over the loss: many
    /// positions have several best moves, and "7 of 9 moves kept the best result" says
    /// exactly what it measures.
    pub accuracy: f64,
    /// Moves of each class, in the order of [`Class::ALL`] (unproved last).
    pub classes: [usize; 6],
}

/// The per-player totals of `moves`, P1 first.
pub(crate) fn summarize_players(moves: &[MoveAnalysis]) -> [PlayerSummary; 2] {
    [1u8, 2].map(|player| {
        let mine: Vec<&MoveAnalysis> = moves.iter().filter(|m| m.player == player).collect();
        let best = mine.iter().filter(|m| m.proved_best()).count();
        let decided = mine
            .iter()
            .filter(|m| m.proved_best() || m.proved_loss())
            .count();
        let mut classes = [0usize; 6];
        for m in &mine {
            if let Some(index) = Class::ALL.iter().position(|c| *c == m.class) {
                classes[index] += 1;
            }
        }
        let accuracy = if decided == 0 {
            100.0
        } else {
            (1000.0 * best as f64 / decided as f64).round() / 10.0
        };
        PlayerSummary {
            player,
            moves: mine.len(),
            loss: mine.iter().map(|m| m.loss_lower).sum(),
            best,
            unproved: mine.iter().filter(|m| m.loss.is_none()).count(),
            accuracy,
            classes,
        }
    })
}

/// A game analysed: one value per position (before move 1 .. after the last move), one
/// judgement per move, and each player's totals.
///
/// Between threads that share no memory (a browser's worker and its page) it crosses as
/// its game and position values (the `wire` module): everything else is derived from them
/// again, by the same [`Analysis::from_positions`].
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The game string of the game analysed.
    pub game: String,
    /// `positions[k]` is the position after `k` moves; `None` where the analysis was
    /// stopped before reaching it (it goes from the end backwards).
    pub positions: Vec<Option<PositionValue>>,
    /// The moves whose positions before and after were both analysed, in play order.
    pub moves: Vec<MoveAnalysis>,
    /// P1's and P2's totals over `moves`.
    pub players: [PlayerSummary; 2],
    /// Whether every position was analysed (false after a stop request).
    pub complete: bool,
}

impl Analysis {
    /// The analysis of `game` from its position values (`positions[k]` after `k` moves;
    /// `played[k]` is move `k + 1`, in the game's notation, made by seat `movers[k]`);
    /// `margin_result`: the game's result is a margin (see [`MoveAnalysis::judge`]).
    pub fn from_positions(
        game: String,
        played: &[String],
        movers: &[usize],
        positions: Vec<Option<PositionValue>>,
        margin_result: bool,
    ) -> Analysis {
        let moves: Vec<MoveAnalysis> = played
            .iter()
            .zip(movers)
            .enumerate()
            .filter_map(|(k, (mv, &mover))| {
                let before = positions.get(k)?.as_ref()?;
                let after = positions.get(k + 1)?.as_ref()?;
                Some(MoveAnalysis::judge(
                    k + 1,
                    mv.clone(),
                    mover,
                    before,
                    after,
                    margin_result,
                ))
            })
            .collect();
        let complete = positions.iter().all(Option::is_some);
        let players = summarize_players(&moves);
        Analysis {
            game,
            positions,
            moves,
            players,
            complete,
        }
    }

    /// `player`'s (1 or 2) costliest moves: those proved to give some of the result
    /// away (cells, or a result step), the largest proved loss first (a bound counts as
    /// its lower end), then the slower wins of a game won, drawn or lost by the plies
    /// they lost, the earlier move first among equals; at most `count`. What a player
    /// who lost looks at first: where the result slipped, and what was better.
    pub fn worst_moves(&self, player: u8, count: usize) -> Vec<&MoveAnalysis> {
        let slower = |m: &MoveAnalysis| m.plies_lost.unwrap_or(0);
        let mut mine: Vec<&MoveAnalysis> = self
            .moves
            .iter()
            .filter(|m| m.player == player && (m.proved_loss() || slower(m) > 0))
            .collect();
        mine.sort_by(|a, b| {
            b.loss_lower
                .cmp(&a.loss_lower)
                .then(slower(b).cmp(&slower(a)))
                .then(a.ply.cmp(&b.ply))
        });
        mine.truncate(count);
        mine
    }
}

#[cfg(test)]
mod tests;
