//! The saved-game model: what a `.ron` save, the autosave and a history entry hold.
//!
//! Every struct is `#[serde(default)]`, so a history entry from any version (missing
//! fields, or fields a newer one adds) still loads. A save (a file opened, the autosave,
//! `analyse --file`) is read strictly on top of that: it must have the fields every
//! version wrote and no unknown one (`super::save_shape`, which a field added here must
//! join). Cells are stored by name ("c3") so a save is readable and editable by hand.

use super::kind::GameKind;
use super::time::now_unix;
use queens_board::{Board, Cell, Ending, Player};
use queens_engines::ai::{EngineConfig, EngineKind, SearchOutcome, UnknownEngine};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The save format this program writes; files with a larger version are refused.
pub(crate) const FORMAT_VERSION: u32 = 1;

/// A computer player's settings as a file keeps them: the engine by name, so a file that
/// names an engine this version does not know still loads (the name is kept, and
/// [`EngineSettings::config`] says it is unknown when the game is to be played on).
///
/// The key stays `algorithm`, as in the first saves: an older version reading a newer
/// file then sees the name (and refuses an unknown one) instead of a missing key that
/// `#[serde(default)]` would silently turn into alpha-beta.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineSettings {
    /// The engine's name ([`EngineKind::name`]).
    pub algorithm: String,
    /// The maximum depth in plies.
    pub depth: u32,
    /// The thinking-time limit in milliseconds, if any.
    pub time_ms: Option<u64>,
    /// The command line of an engine program (docs/protocol.md) that played this side
    /// instead of `algorithm`, asked with `go depth` and `movetime` from the numbers
    /// above; absent (and not written) for our own engines, so every earlier file reads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings::new(EngineKind::default(), 2, None)
    }
}

impl EngineSettings {
    /// Settings for `engine` to `depth` plies within an optional time limit.
    pub fn new(engine: EngineKind, depth: u32, time_ms: Option<u64>) -> EngineSettings {
        EngineSettings {
            algorithm: engine.name().to_string(),
            depth,
            time_ms,
            program: None,
        }
    }

    /// What a file records of `config` (threads and table size are the machine's, not
    /// the game's, and are not kept).
    pub fn from_config(config: &EngineConfig) -> EngineSettings {
        EngineSettings::new(config.engine, config.depth, config.time_ms)
    }

    /// The engine named in the file.
    ///
    /// # Errors
    /// [`UnknownEngine`] for a name this program does not know.
    pub fn engine(&self) -> Result<EngineKind, UnknownEngine> {
        self.algorithm.parse()
    }

    /// The configuration to play these settings with (threads and table at their
    /// defaults). Numbers are as stored: the caller clamps them to its own limits.
    ///
    /// # Errors
    /// [`UnknownEngine`] for a name this program does not know.
    pub fn config(&self) -> Result<EngineConfig, UnknownEngine> {
        Ok(EngineConfig {
            time_ms: self.time_ms,
            ..EngineConfig::new(self.engine()?, self.depth)
        })
    }
}

impl fmt::Display for EngineSettings {
    /// `alphabeta depth 4` or `alphabeta depth 4, 1000 ms`: the "AI setting" of the
    /// history filter and the workbook.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.program {
            Some(command) => write!(f, "program '{command}' depth {}", self.depth)?,
            None => write!(f, "{} depth {}", self.algorithm, self.depth)?,
        }
        if let Some(ms) = self.time_ms {
            write!(f, ", {ms} ms")?;
        }
        Ok(())
    }
}

/// Who played a side.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Side {
    /// A person.
    #[default]
    Human,
    /// An engine with these settings.
    Computer(EngineSettings),
}

impl Side {
    /// The engine settings, for a computer side.
    pub fn engine(&self) -> Option<&EngineSettings> {
        match self {
            Side::Human => None,
            Side::Computer(engine) => Some(engine),
        }
    }

    /// "human" or "computer".
    pub fn kind(&self) -> &'static str {
        match self {
            Side::Human => "human",
            Side::Computer(_) => "computer",
        }
    }
}

impl fmt::Display for Side {
    /// `human` or the engine's settings (`alphabeta depth 4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Human => f.write_str("human"),
            Side::Computer(engine) => engine.fmt(f),
        }
    }
}

/// How the game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSettings {
    /// Board side N.
    pub size: u8,
    /// The stone cells by name.
    pub stones: Vec<String>,
    /// The seed when the stones were drawn at random ([`queens_board::random_stones`] with
    /// `stones.len()` stones); `None` for stones placed by hand.
    pub seed: Option<u64>,
    /// Who played P1 (first) and P2.
    pub players: [Side; 2],
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            size: 8,
            stones: Vec::new(),
            seed: None,
            players: [Side::Human, Side::Human],
        }
    }
}

/// What a computer's search reported for its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchInfo {
    /// The deepest completed depth.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Static evaluations.
    pub leaves: u64,
    /// Thinking time in microseconds (shallow searches take well under a millisecond).
    pub time_us: u64,
    /// The value from the mover's point of view.
    pub value: i32,
}

impl SearchInfo {
    /// The statistics of a finished search, of any game's moves (a queens cell, a
    /// tic-tac-toe or Dodgem move): only its numbers are kept.
    pub fn from_outcome<M>(outcome: &SearchOutcome<M>) -> SearchInfo {
        SearchInfo {
            depth: outcome.depth,
            nodes: outcome.stats.nodes,
            leaves: outcome.stats.leaves,
            time_us: u64::try_from(outcome.elapsed.as_micros()).unwrap_or(u64::MAX),
            value: outcome.value.0,
        }
    }
}

/// One move of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedMove {
    /// The cell played ("c3").
    pub cell: String,
    /// The cells the move took (its own cell included); checked on load.
    pub gained: u32,
    /// When it was played (unix seconds).
    pub at: u64,
    /// The search that chose it, for a computer move.
    pub search: Option<SearchInfo>,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Winner {
    /// P1 owns more cells.
    P1,
    /// P2 owns more cells.
    P2,
    /// Equal scores.
    #[default]
    Draw,
}

impl Winner {
    /// The winner of a finished board's outcome.
    pub fn from_outcome(outcome: Option<Player>) -> Winner {
        match outcome {
            Some(Player::One) => Winner::P1,
            Some(Player::Two) => Winner::P2,
            None => Winner::Draw,
        }
    }

    /// "P1", "P2" or "Draw", as in the workbook.
    pub fn label(self) -> &'static str {
        match self {
            Winner::P1 => "P1",
            Winner::P2 => "P2",
            Winner::Draw => "Draw",
        }
    }
}

/// A player as a file names them: `P1` or `P2` (the board's [`Player`] stays free of
/// serde; these two convert into each other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    /// P1, who moves first.
    P1,
    /// P2.
    P2,
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        match player {
            Player::One => Seat::P1,
            Player::Two => Seat::P2,
        }
    }
}

impl From<Seat> for Player {
    fn from(seat: Seat) -> Player {
        match seat {
            Seat::P1 => Player::One,
            Seat::P2 => Player::Two,
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GameResult {
    /// The score when the game ended, P1 first (the final score, or the score at the
    /// resignation).
    pub score: [u32; 2],
    /// Who won.
    pub winner: Winner,
    /// When the last move was played, or when a player resigned (unix seconds).
    pub ended: u64,
    /// The player who resigned, for a game ended by resignation; absent in saves from
    /// before resignations were recorded (they hold finished boards only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Seat>,
}

impl GameResult {
    /// The result of `ending` at `score`, ended at `ended`.
    pub(crate) fn from_ending(ending: Ending, score: [u32; 2], ended: u64) -> GameResult {
        GameResult {
            score,
            winner: Winner::from_outcome(ending.winner()),
            ended,
            resigned: ending.resigned().map(Seat::from),
        }
    }

    /// How the game ended, as the rules see it.
    pub fn ending(&self) -> Ending {
        match self.resigned {
            Some(seat) => Ending::Resigned(seat.into()),
            None => Ending::Scored(match self.winner {
                Winner::P1 => Some(Player::One),
                Winner::P2 => Some(Player::Two),
                Winner::Draw => None,
            }),
        }
    }

    /// The result in words, as the workbook's Result column and the history show it:
    /// `P1 wins`, `Draw`, or `P2 wins (P1 resigned)`.
    pub fn describe(&self) -> String {
        let outcome = match self.winner {
            Winner::Draw => "Draw".to_string(),
            winner => format!("{} wins", winner.label()),
        };
        match self.resigned {
            Some(seat) => format!("{outcome} ({} resigned)", Player::from(seat)),
            None => outcome,
        }
    }
}

/// Why a resignation cannot be recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResignError {
    /// The game has already ended (its last cell taken, or a player already resigned).
    #[error("the game has already ended; there is nothing left to resign")]
    Finished,
}

/// A saved game: settings, moves with their search statistics, and what the moves lead
/// to (score, result, game string), which loading checks against a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedGame {
    /// The format version (`FORMAT_VERSION` when written by this program).
    pub version: u32,
    /// The game played; saves from before the tag are queens games (the default). A
    /// name this version does not know is refused on load ([`super::StoreError::UnknownGame`]).
    pub kind: GameKind,
    /// When the game started (unix seconds).
    pub created: u64,
    /// Board, stones and players.
    pub settings: GameSettings,
    /// The moves in play order, P1 first.
    pub moves: Vec<SavedMove>,
    /// The score after the moves, P1 first.
    pub score: [u32; 2],
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// The game string (docs/rules.md) of the position (`size=8 stones=.. moves=..`).
    pub game: String,
    /// The names the players gave, P1 first; empty where none was given (a computer, a
    /// game from the CLI or from an older version). Not checked on load.
    pub names: [String; 2],
    /// The window's computer was paused (waiting for Resume) when this unfinished game
    /// was written, so Continue or Open keeps it paused rather than letting it move at
    /// once. Written only when true; older files read as false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub computer_paused: bool,
    /// The moves already played when the game was pasted or opened from a link; `None`
    /// for a game played from its start in the window. Who made those moves is not
    /// known, so the history and the workbook say "from a position, N moves played
    /// here" and Player records leave the game out (as lichess keeps "from position"
    /// games out of ratings). Written only when set; older files read as `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_position: Option<u32>,
    /// The moves undone and not played again, in notation, the next to redo first: Redo
    /// comes back with Continue, a reload and Open as it was when the game was written
    /// (issue 41.8). Written only when there are some; older files read none. Moves
    /// that do not replay from the position are dropped on load, not refused.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<String>,
}

impl Default for SavedGame {
    fn default() -> Self {
        SavedGame {
            version: FORMAT_VERSION,
            kind: GameKind::Queens,
            created: 0,
            settings: GameSettings::default(),
            moves: Vec::new(),
            score: [0, 0],
            result: None,
            game: String::new(),
            names: [String::new(), String::new()],
            computer_paused: false,
            from_position: None,
            redo: Vec::new(),
        }
    }
}

impl SavedGame {
    /// A record of `board` (its stones and every move played so far, without search
    /// statistics) for these players. `seed` is the random-stone seed, if the stones were
    /// drawn. Timestamps are now.
    pub fn new(board: &Board, players: [Side; 2], seed: Option<u64>) -> SavedGame {
        let mut saved = SavedGame {
            created: now_unix(),
            settings: GameSettings {
                size: board.size(),
                stones: board.stones().into_iter().map(|c| c.to_string()).collect(),
                seed,
                players,
            },
            ..SavedGame::default()
        };
        saved.update(board, None);
        saved
    }

    /// Brings the record up to `board` after a move (or an undo, or a redo): moves that
    /// still match the board keep their statistics and times; the rest are taken from the
    /// board, timestamped now, and `last_search` is attached to the last move if that move
    /// is new. Score, result and game string follow the board.
    ///
    /// The board must have the record's size and stones (the same game).
    pub fn update(&mut self, board: &Board, last_search: Option<SearchInfo>) {
        let history = board.history();
        let common = self
            .moves
            .iter()
            .zip(history)
            .take_while(|(saved, record)| Cell::parse(&saved.cell) == Some(record.cell))
            .count();
        // A resignation stands while the record's moves are exactly the board's; any
        // change of moves makes it a different game.
        let unchanged = common == history.len() && common == self.moves.len();
        let resigned = self.resigned().filter(|_| unchanged);
        self.moves.truncate(common);
        self.keep_pasted_moves(common);
        let now = now_unix();
        for record in &history[common..] {
            self.moves.push(SavedMove {
                cell: record.cell.to_string(),
                gained: record.claims.count(),
                at: now,
                search: None,
            });
        }
        if common < history.len()
            && let Some(last) = self.moves.last_mut()
        {
            last.search = last_search;
        }
        self.score = [board.score(Player::One), board.score(Player::Two)];
        let ended = match (resigned, self.result) {
            (Some(_), Some(result)) => result.ended,
            _ => self.moves.last().map_or(now, |m| m.at),
        };
        self.result = Ending::of(board, resigned)
            .map(|ending| GameResult::from_ending(ending, self.score, ended));
        self.game = board.game_string();
    }

    /// Records that `loser` resigned at the current position (after the moves recorded):
    /// the game ends now, the other player wins, and the score stays as it is.
    ///
    /// # Errors
    /// [`ResignError::Finished`] if the game has already ended.
    pub fn resign(&mut self, loser: Player) -> Result<(), ResignError> {
        if self.is_finished() {
            return Err(ResignError::Finished);
        }
        let ended = now_unix().max(self.moves.last().map_or(0, |m| m.at));
        self.result = Some(GameResult::from_ending(
            Ending::Resigned(loser),
            self.score,
            ended,
        ));
        Ok(())
    }

    /// The player who resigned, if the game ended so.
    pub fn resigned(&self) -> Option<Player> {
        self.result.and_then(|r| r.resigned).map(Player::from)
    }

    /// The moves played in the window of a game that started from a pasted or linked
    /// position ([`SavedGame::from_position`]), `None` for a game played from its start.
    pub fn moves_played_here(&self) -> Option<usize> {
        let before = usize::try_from(self.from_position?).unwrap_or(usize::MAX);
        Some(self.moves.len().saturating_sub(before))
    }

    /// After an undo to `kept` moves: of a pasted game, at most the moves still kept
    /// were played before the paste (moves played again after the undo are played here).
    pub(super) fn keep_pasted_moves(&mut self, kept: usize) {
        if let Some(before) = self.from_position.as_mut() {
            *before = (*before).min(u32::try_from(kept).unwrap_or(u32::MAX));
        }
    }

    /// Whether the game is over: no free cell left, or a player resigned.
    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }

    /// Seconds from the start to the last move.
    pub(crate) fn duration_secs(&self) -> u64 {
        self.moves
            .last()
            .map_or(0, |m| m.at.saturating_sub(self.created))
    }

    /// The moment that orders history entries: the end of the game, else its start.
    pub fn sort_time(&self) -> u64 {
        self.result.map_or(self.created, |r| r.ended)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Of a game pasted after two moves, an undo to one move and another move played
    /// leaves one move made before the paste and one played here.
    #[test]
    fn an_undo_below_the_paste_lowers_the_moves_made_before_it() {
        let cell = |name: &str| Cell::parse(name).unwrap_or_else(|| panic!("{name}"));
        let mut board = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
        for name in ["c3", "f4"] {
            board.play(cell(name)).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut record = SavedGame::new(&board, [Side::Human, Side::Human], None);
        record.from_position = Some(2);
        assert_eq!(record.moves_played_here(), Some(0));
        board.play(cell("a6")).unwrap_or_else(|e| panic!("{e}"));
        record.update(&board, None);
        assert_eq!(record.moves_played_here(), Some(1));
        board.undo();
        board.undo();
        board.play(cell("b6")).unwrap_or_else(|e| panic!("{e}"));
        record.update(&board, None);
        assert_eq!(record.from_position, Some(1));
        assert_eq!(record.moves_played_here(), Some(1));
    }

    /// A side played by an engine program keeps its command through a save file; our
    /// own engines write no `program` key, so a file reads in every earlier version.
    #[test]
    fn an_engine_program_side_survives_a_save_and_ours_writes_no_program_key() {
        let board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        let program = Side::Computer(EngineSettings {
            program: Some("python3 \"my engine.py\"".to_string()),
            ..EngineSettings::new(EngineKind::ALPHABETA, 3, Some(1_000))
        });
        let ours = Side::Computer(EngineSettings::new(EngineKind::MINIMAX, 2, None));
        let record = SavedGame::new(&board, [ours, program.clone()], None);
        let text = record.to_ron().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text.matches("program:").count(), 1, "{text}");
        let loaded = SavedGame::from_ron(&text, std::path::Path::new("x.ron"))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.saved.settings.players[1], program);
        assert_eq!(
            program.engine().map(ToString::to_string).as_deref(),
            Some("program 'python3 \"my engine.py\"' depth 3, 1000 ms")
        );
    }
}
