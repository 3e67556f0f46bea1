//! What an analysis holds, and the two judgements it makes: a move's class from its loss,
//! and a player's accuracy.

use crate::board::{Cell, Player};
use serde::Serialize;

/// The value of one position of the game with best play from there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionValue {
    /// P1's final cells minus P2's with best play from this position.
    pub margin: i32,
    /// A best move (none on a finished board).
    pub best: Option<Cell>,
    /// Best moves from here (the solver's line to the end, or the engine's line).
    pub pv: Vec<Cell>,
    /// Whether `margin` is proved (solved) rather than estimated.
    pub exact: bool,
    /// The depth of the estimate (`None` when exact).
    pub depth: Option<u32>,
}

/// How bad a move was, by the cells of margin it gave away (see [`class_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
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
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The lowercase name, as in the JSON and the workbook.
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
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

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// 1-based move number.
    pub ply: usize,
    /// 1 or 2.
    pub player: u8,
    /// The cell played.
    #[serde(rename = "move", serialize_with = "cell_name")]
    pub played: Cell,
    /// A best move of the position before it (the move played when that is one).
    #[serde(serialize_with = "option_cell_name")]
    pub best: Option<Cell>,
    /// The margin (P1 - P2 at the end) with best play before the move; the best move's
    /// margin is this one.
    pub margin_before: i32,
    /// The margin with best play after the move played.
    pub margin_after: i32,
    /// The margin the mover gave away, from the mover's side, never negative; 0 for a
    /// best move.
    pub loss: u32,
    /// Whether both margins are proved.
    pub exact: bool,
    /// The shallower depth of the estimated margins (`null` when exact).
    pub depth: Option<u32>,
    /// The class of `loss`.
    pub class: Class,
}

fn cell_name<S: serde::Serializer>(cell: &Cell, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(cell)
}

fn option_cell_name<S: serde::Serializer>(
    cell: &Option<Cell>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match cell {
        Some(cell) => serializer.collect_str(cell),
        None => serializer.serialize_none(),
    }
}

impl MoveAnalysis {
    /// Judges move `ply` (1-based) `played` between the positions `before` and `after`.
    pub fn judge(
        ply: usize,
        played: Cell,
        before: &PositionValue,
        after: &PositionValue,
    ) -> MoveAnalysis {
        let mover = Player::at_ply(ply - 1);
        let raw = match mover {
            Player::One => before.margin - after.margin,
            Player::Two => after.margin - before.margin,
        };
        // An estimate of the next position may see further than the one before it and
        // "gain"; a move cannot gain on best play, so that counts as no loss. The best
        // move itself loses nothing by definition, whatever the two estimates say.
        let loss = if before.best == Some(played) {
            0
        } else {
            raw.max(0) as u32
        };
        let exact = before.exact && after.exact;
        let depth = match (before.depth, after.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        MoveAnalysis {
            ply,
            player: mover.number(),
            played,
            best: before.best,
            margin_before: before.margin,
            margin_after: after.margin,
            loss,
            exact,
            depth: if exact { None } else { depth },
            class: class_of(loss),
        }
    }
}

/// One player's totals over the moves analysed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// 1 or 2.
    pub player: u8,
    /// Moves analysed.
    pub moves: usize,
    /// The cells of margin given away, summed over the moves.
    pub loss: u32,
    /// Moves that lost nothing.
    pub best: usize,
    /// The share of the player's moves that lost nothing, in percent (one decimal;
    /// 100 for a player with no move). A share rather than a curve over the loss: many
    /// positions have several best moves, and "7 of 9 moves kept the best result" says
    /// exactly what it measures.
    pub accuracy: f64,
    /// Moves of each class, best first (as [`Class::ALL`]).
    pub classes: [usize; 5],
}

/// The per-player totals of `moves`, P1 first.
pub fn summarize_players(moves: &[MoveAnalysis]) -> [PlayerSummary; 2] {
    [1u8, 2].map(|player| {
        let mine: Vec<&MoveAnalysis> = moves.iter().filter(|m| m.player == player).collect();
        let best = mine.iter().filter(|m| m.loss == 0).count();
        let mut classes = [0usize; 5];
        for m in &mine {
            if let Some(index) = Class::ALL.iter().position(|c| *c == m.class) {
                classes[index] += 1;
            }
        }
        let accuracy = if mine.is_empty() {
            100.0
        } else {
            (1000.0 * best as f64 / mine.len() as f64).round() / 10.0
        };
        PlayerSummary {
            player,
            moves: mine.len(),
            loss: mine.iter().map(|m| m.loss).sum(),
            best,
            accuracy,
            classes,
        }
    })
}

/// A game analysed: one value per position (before move 1 .. after the last move), one
/// judgement per move, and each player's totals.
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
    /// `cells[k]` is move `k + 1`).
    pub fn from_positions(
        game: String,
        cells: &[Cell],
        positions: Vec<Option<PositionValue>>,
    ) -> Analysis {
        let moves: Vec<MoveAnalysis> = cells
            .iter()
            .enumerate()
            .filter_map(|(k, &cell)| {
                let before = positions.get(k)?.as_ref()?;
                let after = positions.get(k + 1)?.as_ref()?;
                Some(MoveAnalysis::judge(k + 1, cell, before, after))
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

    /// `player`'s (1 or 2) costliest moves: those that gave cells away, the largest loss
    /// first (the earlier move first among equal losses), at most `count`. What a player
    /// who lost looks at first: where the result slipped, and what was better.
    pub fn worst_moves(&self, player: u8, count: usize) -> Vec<&MoveAnalysis> {
        let mut mine: Vec<&MoveAnalysis> = self
            .moves
            .iter()
            .filter(|m| m.player == player && m.loss > 0)
            .collect();
        mine.sort_by(|a, b| b.loss.cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        mine.truncate(count);
        mine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(margin: i32, best: &str, exact: bool) -> PositionValue {
        PositionValue {
            margin,
            best: Cell::parse(best),
            pv: Vec::new(),
            exact,
            depth: (!exact).then_some(4),
        }
    }

    #[test]
    fn classes_follow_the_documented_bands() {
        let got: Vec<&str> = [0, 1, 2, 3, 5, 6, 9, 10, 40]
            .map(|loss| class_of(loss).name())
            .to_vec();
        assert_eq!(
            got,
            [
                "best",
                "good",
                "good",
                "inaccuracy",
                "inaccuracy",
                "mistake",
                "mistake",
                "blunder",
                "blunder"
            ]
        );
    }

    #[test]
    fn loss_is_from_the_movers_side_and_never_negative() {
        let c3 = Cell::parse("c3").unwrap_or_default();
        // P1 moves: the margin falls from 18 to 16.
        let p1 = MoveAnalysis::judge(1, c3, &value(18, "d4", true), &value(16, "a1", true));
        assert_eq!((p1.loss, p1.class, p1.player), (2, Class::Good, 1));
        // P2 moves: the margin rises from 16 to 22, six cells given away by P2.
        let p2 = MoveAnalysis::judge(2, c3, &value(16, "d4", true), &value(22, "a1", true));
        assert_eq!((p2.loss, p2.class, p2.player), (6, Class::Mistake, 2));
        // An estimate that "gains" is no loss; the depth of the estimate is reported.
        let gain = MoveAnalysis::judge(1, c3, &value(4, "d4", false), &value(9, "a1", true));
        assert_eq!((gain.loss, gain.exact, gain.depth), (0, false, Some(4)));
        // The best move loses nothing even when two estimates disagree.
        let best = MoveAnalysis::judge(1, c3, &value(9, "c3", false), &value(1, "a1", false));
        assert_eq!(best.loss, 0);
    }

    #[test]
    fn worst_moves_are_each_players_losses_largest_first() {
        let cell = |name| Cell::parse(name).unwrap_or_default();
        let margins = [10, 8, 14, 14, 14, 10, 12];
        let positions: Vec<Option<PositionValue>> = margins
            .iter()
            .map(|&m| Some(value(m, "a1", true)))
            .collect();
        let cells = ["b1", "b2", "b3", "b4", "b5", "c1"].map(cell);
        let analysis = Analysis::from_positions(String::new(), &cells, positions);
        let losses: Vec<(usize, u32)> = analysis.moves.iter().map(|m| (m.ply, m.loss)).collect();
        assert_eq!(losses, [(1, 2), (2, 6), (3, 0), (4, 0), (5, 4), (6, 2)]);
        let worst = |player, count| -> Vec<usize> {
            analysis
                .worst_moves(player, count)
                .iter()
                .map(|m| m.ply)
                .collect()
        };
        // Largest first, moves that lost nothing left out, at most `count`.
        assert_eq!(worst(1, 3), [5, 1]);
        assert_eq!(worst(2, 3), [2, 6]);
        assert_eq!(worst(2, 1), [2]);
    }

    #[test]
    fn accuracy_is_the_share_of_moves_that_lost_nothing() {
        let c3 = Cell::parse("c3").unwrap_or_default();
        let moves = [
            MoveAnalysis::judge(1, c3, &value(2, "c3", true), &value(2, "a1", true)),
            MoveAnalysis::judge(2, c3, &value(2, "d4", true), &value(4, "a1", true)),
            MoveAnalysis::judge(3, c3, &value(4, "d4", true), &value(0, "a1", true)),
            MoveAnalysis::judge(5, c3, &value(0, "d4", true), &value(0, "a1", true)),
        ];
        let [one, two] = summarize_players(&moves);
        assert_eq!((one.moves, one.loss, one.best), (3, 4, 2));
        assert_eq!(one.accuracy, 66.7);
        assert_eq!(one.classes, [2, 0, 1, 0, 0]);
        assert_eq!((two.moves, two.loss, two.accuracy), (1, 2, 0.0));
    }
}
