//! Wins, draws and losses per AI setting and per depth, counted one game at a time (so an
//! export can stream a history of any length). Pure: the workbook's Summary sheet writes
//! these numbers, it does not compute them.

use super::game::{SavedGame, Side, Winner};
use super::history::HistoryEntry;
use super::kind::GameKind;
use queens_board::Player;
use std::collections::BTreeMap;

/// The results of one AI setting over the games it played (a game between two sides with
/// the same setting counts once for each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingSummary {
    /// The setting as described by [`Side`]'s `Display` (`alphabeta depth 4`).
    pub setting: String,
    /// The algorithm's name.
    pub algorithm: String,
    /// The search depth.
    pub depth: u32,
    /// The game the setting played: the table by depth counts queens settings only (a
    /// small game's Matches rows leave their depth blank, so its formulas do too).
    pub kind: GameKind,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl SettingSummary {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins over games, 0 with no games.
    pub fn win_rate(&self) -> f64 {
        ratio(f64::from(self.wins), self.games())
    }

    /// (wins + draws / 2) over games, 0 with no games.
    pub(crate) fn score_rate(&self) -> f64 {
        ratio(
            f64::from(self.wins) + f64::from(self.draws) / 2.0,
            self.games(),
        )
    }

    fn count(&mut self, winner: Winner, seat: Player) {
        match (winner, seat) {
            (Winner::Draw, _) => self.draws += 1,
            (Winner::P1, Player::One) | (Winner::P2, Player::Two) => self.wins += 1,
            _ => self.losses += 1,
        }
    }
}

fn ratio(part: f64, whole: u32) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part / f64::from(whole)
    }
}

/// Results per computer setting, added one game at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    by_setting: BTreeMap<(String, u32, String), SettingSummary>,
}

impl Tally {
    /// Counts `game` if it is finished (unfinished games have no result to count).
    pub(crate) fn add(&mut self, game: &SavedGame) {
        let Some(result) = game.result else {
            return;
        };
        for (side, seat) in game.settings.players.iter().zip([Player::One, Player::Two]) {
            let Side::Computer(engine) = side else {
                continue;
            };
            // As the Matches sheet writes it: a small game's setting names its game.
            let setting = game.kind.qualify(side.to_string());
            let key = (engine.algorithm.clone(), engine.depth, setting.clone());
            self.by_setting
                .entry(key)
                .or_insert_with(|| SettingSummary {
                    setting,
                    algorithm: engine.algorithm.clone(),
                    depth: engine.depth,
                    kind: game.kind,
                    ..SettingSummary::default()
                })
                .count(result.winner, seat);
        }
    }

    /// Per setting, sorted by algorithm, depth, then description.
    pub(crate) fn settings(&self) -> Vec<SettingSummary> {
        self.by_setting.values().cloned().collect()
    }
}

/// Per computer setting, sorted by algorithm, depth, then description: the results of the
/// finished games among `entries`.
pub fn summarize(entries: &[HistoryEntry]) -> Vec<SettingSummary> {
    let mut tally = Tally::default();
    for entry in entries {
        tally.add(&entry.game);
    }
    tally.settings()
}

/// The queens settings' results merged by depth alone (a depth means another search in a
/// small game, whose results are its settings' own).
pub(crate) fn by_depth(settings: &[SettingSummary]) -> Vec<SettingSummary> {
    let mut merged: BTreeMap<u32, SettingSummary> = BTreeMap::new();
    for s in settings.iter().filter(|s| s.kind == GameKind::Queens) {
        let slot = merged.entry(s.depth).or_insert_with(|| SettingSummary {
            setting: format!("depth {}", s.depth),
            algorithm: "all".to_string(),
            depth: s.depth,
            ..SettingSummary::default()
        });
        slot.wins += s.wins;
        slot.draws += s.draws;
        slot.losses += s.losses;
    }
    merged.into_values().collect()
}
