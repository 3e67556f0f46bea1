//! A series' statistics, added up game by game as the games finish, so that no list of
//! games is kept: memory stays the same for 10 games or 1,000,000 (only the board pairs'
//! margins, 24 bytes per board, are kept for the workbook's Pairs sheet).

use super::pairs::{BoardPair, PairHalves, PairMargin};
use super::{ArenaGame, ArenaReport, SideStats, elo_estimate};

/// The running totals of a series.
#[derive(Clone, Debug, Default)]
pub(crate) struct ArenaTally {
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    margin: i64,
    a: SideStats,
    b: SideStats,
    halves: PairHalves,
    pairs: Vec<BoardPair>,
}

impl ArenaTally {
    /// Counts one finished game.
    pub(crate) fn add(&mut self, game: &ArenaGame) {
        let (mine, theirs) = game.scores();
        self.margin += i64::from(mine) - i64::from(theirs);
        match game.a_result() {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
            std::cmp::Ordering::Less => self.losses += 1,
        }
        self.a.add(game.stats[0]);
        self.b.add(game.stats[1]);
        self.games += 1;
        if let Some(pair) = self.halves.add(game) {
            self.pairs.push(pair);
        }
    }

    /// A's wins so far.
    pub(crate) fn wins(&self) -> usize {
        self.wins
    }

    /// Draws so far.
    pub(crate) fn draws(&self) -> usize {
        self.draws
    }

    /// A's losses so far.
    pub(crate) fn losses(&self) -> usize {
        self.losses
    }

    /// Games counted so far.
    pub(crate) fn games(&self) -> usize {
        self.games
    }

    /// The report of the games counted, `planned` having been asked for.
    pub(crate) fn report(mut self, planned: usize, stopped: bool) -> ArenaReport {
        let average_margin = if self.games == 0 {
            0.0
        } else {
            self.margin as f64 / self.games as f64
        };
        self.pairs.sort_by_key(|pair| pair.pair);
        let unpaired = self.halves.waiting();
        ArenaReport {
            pair_margin: PairMargin::of(&self.pairs, unpaired),
            pairs: self.pairs,
            games: self.games,
            planned,
            stopped,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            average_margin,
            a: self.a,
            b: self.b,
            elo: elo_estimate(self.wins, self.draws, self.losses),
        }
    }
}
