//! Player records: each player's wins, draws, losses and average margin against each
//! opponent, counted one game at a time (so an export can stream a history of any
//! length). A player is the name they gave, else their side as the file describes it
//! ("human", "alphabeta depth 4"). Pure: the workbook's Players sheet and the window
//! show these numbers, they do not compute them.

use super::game::{SavedGame, Winner};
use super::names::clean_name;
use queens_board::Player;
use std::collections::BTreeMap;

/// One player's results against one opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerRecord {
    /// The player: the name given, else the side's description.
    pub player: String,
    /// The opponent, named the same way.
    pub opponent: String,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost (a resignation counts as a loss for whoever resigned).
    pub losses: u32,
    /// The sum over the games of the player's cells minus the opponent's.
    pub margin_sum: i64,
}

impl PlayerRecord {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The player's cells minus the opponent's, on average; 0 with no games.
    pub fn average_margin(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            games => self.margin_sum as f64 / f64::from(games),
        }
    }
}

/// How a record names the player in `seat` of `game`; in a tic-tac-toe or Dodgem game,
/// followed by the game's name ("Ann (dodgem)", see [`super::GameKind::qualify`]), so a
/// player's record in one game is never added to their record in another.
pub fn player_label(game: &SavedGame, seat: Player) -> String {
    let name = clean_name(&game.names[seat.index()]);
    let label = if name.is_empty() {
        game.settings.players[seat.index()].to_string()
    } else {
        name
    };
    game.kind.qualify(label)
}

/// Records per (player, opponent), added one game at a time.
#[derive(Clone, Debug, Default)]
pub struct Records {
    by_pair: BTreeMap<(String, String), PlayerRecord>,
}

impl Records {
    /// Counts `game` for both its players, if it is finished and was played from its
    /// start: a game from a pasted or linked position is left out, since nobody in it
    /// made the moves before the paste ([`SavedGame::from_position`]).
    pub fn add(&mut self, game: &SavedGame) {
        let Some(result) = game.result else {
            return;
        };
        if game.from_position.is_some() {
            return;
        }
        for seat in [Player::One, Player::Two] {
            let (player, opponent) = (
                player_label(game, seat),
                player_label(game, seat.opponent()),
            );
            let own = i64::from(result.score[seat.index()]);
            let theirs = i64::from(result.score[seat.opponent().index()]);
            let record = self
                .by_pair
                .entry((player.clone(), opponent.clone()))
                .or_insert_with(|| PlayerRecord {
                    player,
                    opponent,
                    ..PlayerRecord::default()
                });
            match (result.winner, seat) {
                (Winner::Draw, _) => record.draws += 1,
                (Winner::P1, Player::One) | (Winner::P2, Player::Two) => record.wins += 1,
                _ => record.losses += 1,
            }
            record.margin_sum += own - theirs;
        }
    }

    /// Every record, sorted by player, then opponent.
    pub fn records(&self) -> Vec<PlayerRecord> {
        self.by_pair.values().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Side;
    use queens_board::{Board, Cell};

    /// A finished 4x4 game (P1 wins 13:3) between two people with these names.
    fn game(names: [&str; 2]) -> SavedGame {
        let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        let mut saved = SavedGame::new(&board, [Side::Human, Side::Human], None);
        for name in ["b2", "d3", "a4"] {
            let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e}"));
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
            saved.update(&board, None);
        }
        saved.names = names.map(str::to_string);
        saved
    }

    #[test]
    fn each_game_counts_for_both_players_with_opposite_margins() {
        let mut records = Records::default();
        let first = game(["Ann", "Bob"]);
        let [one, two] = first.score;
        assert!(one > two, "{one}:{two}");
        records.add(&first);
        records.add(&game(["Bob", "Ann"]));
        records.add(&game(["Ann", ""]));
        let all = records.records();
        let find = |player: &str, opponent: &str| {
            all.iter()
                .find(|r| r.player == player && r.opponent == opponent)
                .cloned()
                .unwrap_or_else(|| panic!("{player} v {opponent}: {all:?}"))
        };
        let ann = find("Ann", "Bob");
        assert_eq!((ann.wins, ann.draws, ann.losses), (1, 0, 1));
        assert_eq!(ann.average_margin(), 0.0);
        let bob = find("Bob", "Ann");
        assert_eq!((bob.wins, bob.losses), (1, 1));
        // An unnamed side is named by its description.
        let against_human = find("Ann", "human");
        assert_eq!(against_human.wins, 1);
        assert_eq!(
            against_human.average_margin(),
            f64::from(one) - f64::from(two)
        );
        let human = find("human", "Ann");
        assert_eq!(human.losses, 1);
        assert_eq!(human.average_margin(), f64::from(two) - f64::from(one));
        assert_eq!(all.len(), 4);
    }

    #[test]
    fn an_unfinished_game_is_not_counted() {
        let mut records = Records::default();
        let board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        records.add(&SavedGame::new(&board, [Side::Human, Side::Human], None));
        assert!(records.records().is_empty());
    }
}
