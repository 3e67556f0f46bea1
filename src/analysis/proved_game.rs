//! The proved move-by-move analysis of any game whose row in the games table has an
//! exact solver: for each move played, the exact value before and after it from the
//! mover's view, a best move, what the move gave away and its class; each player's
//! totals and worst moves. Every value is proved ([`super::proved`]), so nothing here is
//! an estimate.
//!
//! What a move gives away is counted in the game's result:
//! - For a game whose result is a win, a draw or a loss (tic-tac-toe, Dodgem), in result
//!   steps, not in the engines' scores: a move that keeps the result loses nothing
//!   (`loss` 0), one that turns a win into a draw or a draw into a loss loses 1, a win
//!   into a loss 2. A move that keeps a win but wins later (or keeps a loss but loses
//!   sooner) loses nothing of the result; it is told apart by its class, `good` rather
//!   than `best`, and by `plies_lost`. Any move that gives the result away is a
//!   `mistake`.
//! - For a game whose result is a margin (queens), in the margin's units (cells), with
//!   queens' classes ([`class_of`]); `margin_before` and `margin_after` give the margins
//!   from the first player's view, as queens' own analysis does.

use super::model::{Class, PlayerSummary, class_of};
use super::proved::{Outcome, Proved, Stop, proved_position};
use crate::games::seam::{AnyGame, NoExactSolver};
use serde::{Deserialize, Serialize};

/// How many worst moves each player's list holds.
pub const WORST_KEPT: usize = 3;

/// One move of the game, judged against the proved values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProvedMoveAnalysis {
    /// 1-based move number.
    pub ply: usize,
    /// 1 or 2 (the seat to move, plus one).
    pub player: u8,
    /// The move played, in the game's notation.
    #[serde(rename = "move")]
    pub played: String,
    /// A best move of the position before it (the first in move order among the
    /// quickest wins, the draws, or the slowest losses).
    pub best: Option<String>,
    /// The position's value before the move, from the mover's view (as the engines
    /// score a finished game; 0 a draw).
    pub value_before: i32,
    /// The value after the move played, from the mover's view.
    pub value_after: i32,
    /// What `value_before` proves for the mover.
    pub outcome_before: Outcome,
    /// What `value_after` proves for the mover.
    pub outcome_after: Outcome,
    /// The ply the game ends at with best play before the move (`null` for a draw).
    pub ends_before: Option<u32>,
    /// The ply the game ends at with best play after the move (`null` for a draw).
    pub ends_after: Option<u32>,
    /// Result steps given away: 0 kept, 1 a win to a draw or a draw to a loss, 2 a win
    /// to a loss. Always proved here.
    pub loss: Option<u32>,
    /// The loss (every value is proved, so the bounds are the loss).
    pub loss_lower: u32,
    /// The loss.
    pub loss_upper: u32,
    /// With the result kept: how many plies later the win comes, or sooner the loss.
    pub plies_lost: u32,
    /// Always true: both values are proved.
    pub exact: bool,
    /// Always `null`: no value is an estimate.
    pub depth: Option<u32>,
    /// `best` (the result kept by the quickest way), `good` (kept, more slowly),
    /// `mistake` (given away); for a game whose result is a margin, the class of the
    /// cells given away ([`class_of`]).
    pub class: Class,
    /// For a game whose result is a margin: the final margin with best play before the
    /// move, from the first player's view (P1 - P2); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin_before: Option<i32>,
    /// The same after the move played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin_after: Option<i32>,
}

impl ProvedMoveAnalysis {
    /// Judges move `ply` (1-based) `played`, from the values of the positions before
    /// (from its mover's view) and after it (from the next mover's view).
    pub fn judge(
        ply: usize,
        played: String,
        before: &SolvedPosition,
        after: &SolvedPosition,
        player: u8,
    ) -> ProvedMoveAnalysis {
        let worth = before.value;
        let kept = after.value.flipped();
        let loss = kept.loss_below(worth);
        let plies_lost = kept.plies_below(worth);
        let class = match (worth.margin, loss, plies_lost) {
            (Some(_), loss, _) => class_of(loss),
            (None, 0, 0) => Class::Best,
            (None, 0, _) => Class::Good,
            (None, ..) => Class::Mistake,
        };
        // The first player's view: the mover's margin, turned for the second player.
        let first_view = |margin: Option<i32>| match player {
            1 => margin,
            _ => margin.map(|margin| -margin),
        };
        ProvedMoveAnalysis {
            ply,
            player,
            played,
            best: before.best.clone(),
            value_before: worth.value,
            value_after: kept.value,
            outcome_before: worth.outcome,
            outcome_after: kept.outcome,
            ends_before: worth.ends_at_ply,
            ends_after: kept.ends_at_ply,
            loss: Some(loss),
            loss_lower: loss,
            loss_upper: loss,
            plies_lost,
            exact: true,
            depth: None,
            class,
            margin_before: first_view(worth.margin),
            margin_after: first_view(kept.margin),
        }
    }
}

/// One position of the game, solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedPosition {
    /// Its value from its side to move's view.
    pub value: Proved,
    /// A best move there (`None` on a finished game).
    pub best: Option<String>,
}

/// A game analysed with proved values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProvedAnalysis {
    /// The game string of the game analysed.
    pub game: String,
    /// One entry per move whose positions before and after were both solved, in play
    /// order.
    pub moves: Vec<ProvedMoveAnalysis>,
    /// P1's and P2's totals, as queens' analysis counts them (loss in result steps).
    pub players: [PlayerSummary; 2],
    /// Each player's costliest moves (P1's list first): the ply numbers of the moves
    /// that gave the result away, most steps first (earlier first among equals), then
    /// the slower wins, most plies first; at most [`WORST_KEPT`].
    pub worst_moves: [Vec<usize>; 2],
    /// Whether every position was solved (false after a stop: the last moves are here).
    pub complete: bool,
}

/// The per-player totals of `moves`, P1 first, in the fields of queens' analysis: every
/// value is proved, so `unproved` is 0 and `accuracy` is the share of moves that kept
/// the result.
pub fn proved_players(moves: &[ProvedMoveAnalysis]) -> [PlayerSummary; 2] {
    [1u8, 2].map(|player| {
        let mine: Vec<&ProvedMoveAnalysis> = moves.iter().filter(|m| m.player == player).collect();
        let best = mine.iter().filter(|m| m.loss_upper == 0).count();
        let mut classes = [0usize; 6];
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
            loss: mine.iter().map(|m| m.loss_lower).sum(),
            best,
            unproved: 0,
            accuracy,
            classes,
        }
    })
}

/// `player`'s (1 or 2) costliest moves' plies, as [`ProvedAnalysis::worst_moves`] lists them.
pub fn worst_of(moves: &[ProvedMoveAnalysis], player: u8) -> Vec<usize> {
    let mut mine: Vec<&ProvedMoveAnalysis> = moves
        .iter()
        .filter(|m| m.player == player && m.class != Class::Best)
        .collect();
    mine.sort_by(|a, b| {
        b.loss_lower
            .cmp(&a.loss_lower)
            .then(b.plies_lost.cmp(&a.plies_lost))
            .then(a.ply.cmp(&b.ply))
    });
    mine.into_iter().take(WORST_KEPT).map(|m| m.ply).collect()
}

impl ProvedAnalysis {
    /// The analysis from the solved positions (`positions[k]` after `k` moves, `None`
    /// where a stop came first) and the moves played.
    pub fn from_positions(
        game: String,
        played: &[String],
        movers: &[u8],
        positions: &[Option<SolvedPosition>],
    ) -> ProvedAnalysis {
        let moves: Vec<ProvedMoveAnalysis> = played
            .iter()
            .enumerate()
            .filter_map(|(k, mv)| {
                let before = positions.get(k)?.as_ref()?;
                let after = positions.get(k + 1)?.as_ref()?;
                let player = *movers.get(k)?;
                Some(ProvedMoveAnalysis::judge(
                    k + 1,
                    mv.clone(),
                    before,
                    after,
                    player,
                ))
            })
            .collect();
        let players = proved_players(&moves);
        let worst_moves = [worst_of(&moves, 1), worst_of(&moves, 2)];
        ProvedAnalysis {
            game,
            moves,
            players,
            worst_moves,
            complete: positions.iter().all(Option::is_some),
        }
    }
}

/// Analyses the moves played in `game` (since its setup) with proved values, solving
/// its positions from the last backwards and telling `progress` how many are done of
/// how many; a stop keeps the moves whose positions were both solved (the last ones)
/// and answers `complete: false`.
///
/// # Errors
/// [`NoExactSolver`] for a game without an exact solver.
pub fn analyse_proved(
    game: &dyn AnyGame,
    stop: Stop<'_>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<ProvedAnalysis, NoExactSolver> {
    let played = game.moves();
    // The positions of the game, last first: the walk back undoes one move at a time.
    let mut walk = game.clone_box();
    let mut games = vec![walk.clone_box()];
    while games.len() <= played.len() && walk.undo().is_some() {
        games.push(walk.clone_box());
    }
    games.reverse();
    let movers: Vec<u8> = games
        .iter()
        .take(played.len())
        .map(|g| u8::try_from(g.seat_to_move().min(1)).unwrap_or(0) + 1)
        .collect();
    let total = games.len();
    let mut positions: Vec<Option<SolvedPosition>> = vec![None; total];
    for (k, position) in games.iter().enumerate().rev() {
        let Some(solved) = proved_position(position.as_ref(), stop)? else {
            break;
        };
        positions[k] = Some(SolvedPosition {
            value: solved.value,
            best: solved.best,
        });
        progress(total - k, total);
    }
    Ok(ProvedAnalysis::from_positions(
        game.game_string(),
        &played,
        &movers,
        &positions,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game_string::read;

    fn analysed(text: &str) -> ProvedAnalysis {
        let game = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        analyse_proved(game.as_ref(), &|| false, &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_corner_answer_to_the_corner_fork_is_ones_mistake_and_each_move_is_judged() {
        // X a1, O b2, X c3, O a3 (a corner: loses), X c1 (forks), O b1, X c2 wins.
        let analysis = analysed("game=tictactoe moves=a1,b2,c3,a3,c1,b1,c2");
        assert!(analysis.complete);
        assert_eq!(analysis.moves.len(), 7);
        let fourth = &analysis.moves[3];
        assert_eq!((fourth.ply, fourth.player), (4, 2));
        assert_eq!(fourth.outcome_before, Outcome::Draw);
        assert_eq!(fourth.outcome_after, Outcome::Loss);
        assert_eq!((fourth.loss, fourth.class), (Some(1), Class::Mistake));
        assert_eq!(analysis.worst_moves[1].first(), Some(&4));
        // Every X move kept the result; X's accuracy is whole.
        assert!(
            analysis
                .moves
                .iter()
                .filter(|m| m.player == 1)
                .all(|m| m.loss == Some(0))
        );
        assert_eq!(analysis.players[0].accuracy, 100.0);
        assert_eq!(analysis.players[1].classes[3], 1);
        // After the mistake, the values are X's win at ply 7.
        assert_eq!(analysis.moves[4].ends_before, Some(7));
    }

    #[test]
    fn a_slower_win_keeps_the_result_and_is_good_not_best() {
        // X could win at once with c1 (ply 5) but plays a3, still winning later.
        let analysis = analysed("game=tictactoe moves=a1,a2,b1,b2,a3");
        let last = analysis.moves.last().unwrap_or_else(|| panic!("no move"));
        assert_eq!(last.outcome_before, Outcome::Win);
        assert_eq!(last.best.as_deref(), Some("c1"));
        if last.outcome_after == Outcome::Win {
            assert_eq!((last.loss, last.class), (Some(0), Class::Good));
            assert!(last.plies_lost > 0);
        } else {
            assert_eq!(last.class, Class::Mistake);
        }
    }

    #[test]
    fn a_stop_keeps_nothing_and_says_it_is_incomplete() {
        let game = read("game=dodgem moves=a3-b3,b1-b2").unwrap_or_else(|e| panic!("{e}"));
        let analysis = analyse_proved(game.as_ref(), &|| true, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!analysis.complete);
        assert!(analysis.moves.is_empty());
    }
}
