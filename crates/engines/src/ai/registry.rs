//! The one table of engines and the one typed engine configuration.
//!
//! Every front end (the CLI's `--algo` and arena specs, the window's New game panel, the
//! arena, the saves) names an engine through [`EngineKind`], which can only be a row of
//! [`ENGINES`]: an unknown name is an [`UnknownEngine`] error that lists the known ones,
//! never a silent stand-in. A new engine joins by adding one row; nothing else in the
//! crate lists engine names.
//!
//! [`EngineConfig`] carries everything an engine is built from (depth, time, threads,
//! table size), and [`EngineConfig::clamp`] / [`EngineConfig::check`] are the only
//! places its limits are enforced.

use super::control::Limits;
use super::engine::{Engine, ThesisEngine};
use super::game::GamePosition;
use super::negamax::Method;
use super::strong::{DEFAULT_HASH_MB, MAX_HASH_MB, PvsEngine};
use queens_board::MAX_CELLS;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One row of the engine table.
#[derive(Debug)]
pub struct EngineEntry {
    /// The canonical name: on the command line, in saves and settings, in output.
    pub name: &'static str,
    /// Other accepted spellings (matched ignoring case, like the name).
    pub aliases: &'static [&'static str],
    /// One line for `--help` and the docs.
    pub description: &'static str,
    /// Whether the engine uses [`EngineConfig::threads`] and [`EngineConfig::hash_mb`]
    /// (the thesis engines are single-threaded and keep no table).
    pub uses_threads: bool,
    /// The depth an arena contestant named without one plays at (`--a pvs`): deep
    /// enough to show the engine's strength, quick enough for a series without
    /// `--time-ms` on the default 6x6 board.
    pub default_depth: u32,
    /// The thesis's search this engine runs, if it is one of the thesis's: those serve
    /// every game (see [`EngineConfig::build_for`]), the others only the queens' board.
    pub thesis: Option<Method>,
    /// Builds a fresh engine from a configuration.
    pub build: fn(&EngineConfig) -> Box<dyn Engine>,
}

/// The thesis's negamax minimax with its move ordering.
const MINIMAX: EngineEntry = EngineEntry {
    name: "minimax",
    aliases: &["mm"],
    description: "the thesis's minimax: every node to the depth",
    uses_threads: false,
    default_depth: 3,
    thesis: Some(Method::Minimax),
    build: |config| Box::new(ThesisEngine::new(Method::Minimax, config.engine.name())),
};

/// The thesis's negamax alpha-beta with its move ordering.
const ALPHABETA: EngineEntry = EngineEntry {
    name: "alphabeta",
    aliases: &["alpha-beta", "ab"],
    description: "the thesis's alpha-beta: minimax's value, fewer nodes",
    uses_threads: false,
    default_depth: 4,
    thesis: Some(Method::AlphaBeta),
    build: |config| Box::new(ThesisEngine::new(Method::AlphaBeta, config.engine.name())),
};

/// The strong engine: iterative deepening, aspiration windows, PVS, a transposition table
/// keyed by the free set, Lazy SMP threads, exact solving near the end.
const PVS: EngineEntry = EngineEntry {
    name: "pvs",
    aliases: &["strong", "negascout"],
    description: "the strong engine: PVS with a transposition table, threads, exact near the end",
    uses_threads: true,
    default_depth: 6,
    thesis: None,
    build: |config| Box::new(PvsEngine::new(config.threads, config.hash_mb)),
};

/// The strong engine that plays proven moves: every timed move first tries to solve the
/// position exactly with half its time, then deepens as `pvs` with the rest.
const PERFECT: EngineEntry = EngineEntry {
    name: "perfect",
    aliases: &["solver", "exact"],
    description: "pvs that first tries to solve every position exactly (needs --time-ms)",
    uses_threads: true,
    default_depth: 6,
    thesis: None,
    build: |config| Box::new(PvsEngine::perfect(config.threads, config.hash_mb)),
};

/// Every engine, weakest first (the order of menus and of "known:" lists).
pub const ENGINES: &[EngineEntry] = &[MINIMAX, ALPHABETA, PVS, PERFECT];

/// An engine of [`ENGINES`]. Compared by name; serialized as its name.
#[derive(Clone, Copy)]
pub struct EngineKind(&'static EngineEntry);

impl EngineKind {
    /// The thesis's minimax.
    pub const MINIMAX: EngineKind = EngineKind(&MINIMAX);
    /// The thesis's alpha-beta (the default engine).
    pub const ALPHABETA: EngineKind = EngineKind(&ALPHABETA);
    /// The strong engine.
    pub const PVS: EngineKind = EngineKind(&PVS);
    /// The strong engine that first tries to solve every position.
    pub const PERFECT: EngineKind = EngineKind(&PERFECT);

    /// Every engine of the table, in menu order.
    pub fn all() -> impl Iterator<Item = EngineKind> {
        ENGINES.iter().map(EngineKind)
    }

    /// The table row.
    pub fn entry(self) -> &'static EngineEntry {
        self.0
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The engine named `text` (its name or an alias, ignoring case and surrounding
    /// blanks).
    ///
    /// # Errors
    /// [`UnknownEngine`] naming `text` and listing the known names.
    pub fn parse(text: &str) -> Result<EngineKind, UnknownEngine> {
        let wanted = text.trim();
        ENGINES
            .iter()
            .find(|entry| {
                entry.name.eq_ignore_ascii_case(wanted)
                    || entry.aliases.iter().any(|a| a.eq_ignore_ascii_case(wanted))
            })
            .map(EngineKind)
            .ok_or_else(|| UnknownEngine::new(text))
    }
}

/// The names of every engine, comma-separated ("minimax, alphabeta"), for messages and
/// help text.
pub fn known_engines() -> String {
    ENGINES
        .iter()
        .map(|entry| entry.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Default for EngineKind {
    fn default() -> Self {
        EngineKind::ALPHABETA
    }
}

impl PartialEq for EngineKind {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for EngineKind {}

impl std::hash::Hash for EngineKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EngineKind({})", self.name())
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(text: &str) -> Result<EngineKind, UnknownEngine> {
        EngineKind::parse(text)
    }
}

impl Serialize for EngineKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for EngineKind {
    /// Refuses an unknown name (with the [`UnknownEngine`] message): a caller that must
    /// tolerate one reads the name as text (as the saves do) or drops the value (as the
    /// window's settings do).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        EngineKind::parse(&name).map_err(serde::de::Error::custom)
    }
}

/// A name that is no engine of [`ENGINES`]. ("Algorithm" in the message, as the CLI's
/// `--algo` calls it; the window translates its own message.)
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}' (known: {known})")]
pub struct UnknownEngine {
    /// The name as given (cut to a readable length).
    pub name: String,
    /// The known names, comma-separated.
    pub known: String,
}

impl UnknownEngine {
    /// The error for `name`.
    pub fn new(name: &str) -> UnknownEngine {
        UnknownEngine {
            name: queens_board::clip_token(name),
            known: known_engines(),
        }
    }
}

/// An engine asked to play a game it does not know (the strong engines play only
/// Queens & Stones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("the engine '{0}' plays only Queens & Stones")]
pub struct NotForThisGame(pub EngineKind);

/// The deepest search any engine is asked for: the longest possible game.
pub const MAX_DEPTH: u32 = MAX_CELLS as u32;
/// The longest thinking time accepted: one day, far beyond any useful search, so that a
/// typo such as an extra dozen digits is reported instead of hanging.
pub const MAX_TIME_MS: u64 = 24 * 60 * 60 * 1000;
/// The most search threads accepted (far above any machine this runs on).
pub const MAX_THREADS: usize = 1024;

/// The ranges an [`EngineConfig`] is held to. [`EngineLimits::ANY`] is what an engine
/// accepts (the CLI's bounds); the window uses narrower ones for its sliders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLimits {
    /// Smallest and largest depth.
    pub depth: (u32, u32),
    /// Shortest and longest time limit in milliseconds.
    pub time_ms: (u64, u64),
    /// Whether a time limit is required: a missing one becomes the longest.
    pub timed: bool,
}

impl EngineLimits {
    /// What every engine accepts.
    pub const ANY: EngineLimits = EngineLimits {
        depth: (1, MAX_DEPTH),
        time_ms: (0, MAX_TIME_MS),
        timed: false,
    };
}

/// A configuration that breaks [`EngineLimits`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The depth is out of range.
    #[error("the depth {value} is not from {min} to {max}")]
    Depth {
        /// The depth given.
        value: u32,
        /// The smallest allowed.
        min: u32,
        /// The largest allowed.
        max: u32,
    },
    /// The time limit is out of range.
    #[error("the time limit {value} ms is not from {min} to {max} ms")]
    Time {
        /// The limit given.
        value: u64,
        /// The shortest allowed.
        min: u64,
        /// The longest allowed.
        max: u64,
    },
    /// No time limit where one is required.
    #[error("a time limit is required")]
    NoTime,
    /// Too many threads.
    #[error("{0} threads is more than the {MAX_THREADS} allowed")]
    Threads(usize),
    /// A table size of 0 or above [`MAX_HASH_MB`].
    #[error("a table of {0} MB is not from 1 to {MAX_HASH_MB} MB")]
    Hash(usize),
}

/// Everything an engine is built and run from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Which engine.
    pub engine: EngineKind,
    /// The maximum depth in plies.
    pub depth: u32,
    /// A thinking-time limit in milliseconds. With one the engine deepens until it runs
    /// out; without, it searches `depth` directly.
    pub time_ms: Option<u64>,
    /// Search threads; 0 means one per core. Engines without threads ignore it.
    pub threads: usize,
    /// Transposition-table size in MB. Engines without a table ignore it.
    pub hash_mb: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig::new(EngineKind::default(), 2)
    }
}

impl EngineConfig {
    /// `engine` to `depth` plies, no time limit, one thread per core, the default table.
    pub fn new(engine: EngineKind, depth: u32) -> EngineConfig {
        EngineConfig {
            engine,
            depth,
            time_ms: None,
            threads: 0,
            hash_mb: DEFAULT_HASH_MB,
        }
    }

    /// A fresh engine of this configuration.
    pub fn build(&self) -> Box<dyn Engine> {
        (self.engine.0.build)(self)
    }

    /// A fresh engine of this configuration for another game's positions `P`: only the
    /// thesis's engines serve every game (the strong ones search the queens' free sets).
    ///
    /// # Errors
    /// [`NotForThisGame`] naming the engine when it plays only Queens & Stones.
    pub fn build_for<P: GamePosition + ?Sized>(
        &self,
    ) -> Result<Box<dyn Engine<P>>, NotForThisGame> {
        match self.engine.0.thesis {
            Some(method) => Ok(Box::new(ThesisEngine::new(method, self.engine.name()))),
            None => Err(NotForThisGame(self.engine)),
        }
    }

    /// The search limits of one move.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth.max(1),
            time: self.time_ms.map(Duration::from_millis),
        }
    }

    /// Whether an engine built from `other` is the one built from `self`: the same engine,
    /// threads and table. Depth and time are per move, so changing them keeps the engine
    /// (and what its table has learnt).
    pub fn same_engine(&self, other: &EngineConfig) -> bool {
        (self.engine, self.threads, self.hash_mb) == (other.engine, other.threads, other.hash_mb)
    }

    /// Brings every number into `limits` (a hand-edited file may hold anything).
    pub fn clamp(&mut self, limits: &EngineLimits) {
        self.depth = self.depth.clamp(limits.depth.0, limits.depth.1);
        let (shortest, longest) = limits.time_ms;
        self.time_ms = match self.time_ms {
            Some(ms) => Some(ms.clamp(shortest, longest)),
            None if limits.timed => Some(longest),
            None => None,
        };
        self.threads = self.threads.min(MAX_THREADS);
        self.hash_mb = self.hash_mb.clamp(1, MAX_HASH_MB);
    }

    /// Checks every number against `limits`.
    ///
    /// # Errors
    /// The first [`ConfigError`] found.
    pub fn check(&self, limits: &EngineLimits) -> Result<(), ConfigError> {
        let (min, max) = limits.depth;
        if !(min..=max).contains(&self.depth) {
            return Err(ConfigError::Depth {
                value: self.depth,
                min,
                max,
            });
        }
        let (min, max) = limits.time_ms;
        match self.time_ms {
            Some(value) if !(min..=max).contains(&value) => {
                return Err(ConfigError::Time { value, min, max });
            }
            None if limits.timed => return Err(ConfigError::NoTime),
            _ => {}
        }
        if self.threads > MAX_THREADS {
            return Err(ConfigError::Threads(self.threads));
        }
        if !(1..=MAX_HASH_MB).contains(&self.hash_mb) {
            return Err(ConfigError::Hash(self.hash_mb));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_parse_ignoring_case() {
        for (text, name) in [
            ("minimax", "minimax"),
            ("MiniMax", "minimax"),
            ("mm", "minimax"),
            ("alphabeta", "alphabeta"),
            (" Alpha-Beta ", "alphabeta"),
            ("AB", "alphabeta"),
        ] {
            assert_eq!(EngineKind::parse(text).map(EngineKind::name), Ok(name));
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_listing_every_known_engine() {
        let error = EngineKind::parse("quantum").err();
        let text = error.map(|e| e.to_string()).unwrap_or_default();
        assert!(text.contains("'quantum'"), "{text}");
        for entry in ENGINES {
            assert!(text.contains(entry.name), "{text}");
        }
        assert!(EngineKind::parse("").is_err());
    }

    #[test]
    fn the_table_is_consistent() {
        let mut spellings: Vec<String> = Vec::new();
        for entry in ENGINES {
            spellings.push(entry.name.to_ascii_lowercase());
            spellings.extend(entry.aliases.iter().map(|a| a.to_ascii_lowercase()));
            assert!(!entry.description.is_empty());
            // Round trip: the canonical name gives the row back.
            assert_eq!(
                EngineKind::parse(entry.name)
                    .map(EngineKind::entry)
                    .map(|e| e.name),
                Ok(entry.name)
            );
        }
        let count = spellings.len();
        spellings.sort();
        spellings.dedup();
        assert_eq!(spellings.len(), count, "a name or alias is used twice");
        assert!(EngineKind::all().any(|kind| kind == EngineKind::default()));
    }

    #[test]
    fn every_engine_builds_and_answers_with_its_name() {
        let board = queens_board::Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        for kind in EngineKind::all() {
            let config = EngineConfig::new(kind, 2);
            let mut engine = config.build();
            assert_eq!(engine.name(), kind.name());
            let outcome = engine.think(&board, config.limits(), &super::super::NoHandler);
            assert!(
                outcome
                    .best_move
                    .is_some_and(|cell| board.free().contains(cell))
            );
        }
    }

    #[test]
    fn kinds_and_configs_round_trip_through_text_and_serde() {
        for kind in EngineKind::all() {
            let json = serde_json::to_string(&kind).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<EngineKind>(&json).ok(), Some(kind));
            let config = EngineConfig::new(kind, 7);
            assert_eq!(config.to_string().parse::<EngineConfig>(), Ok(config));
        }
        let bad = serde_json::from_str::<EngineKind>("\"quantum\"");
        assert!(bad.is_err_and(|e| e.to_string().contains("known: minimax")));
    }

    #[test]
    fn clamping_brings_every_number_into_range_and_check_agrees() {
        let window = EngineLimits {
            depth: (1, 30),
            time_ms: (100, 60_000),
            timed: true,
        };
        let mut wild = EngineConfig {
            engine: EngineKind::MINIMAX,
            depth: 0,
            time_ms: None,
            threads: 1_000_000,
            hash_mb: 0,
        };
        assert!(wild.check(&window).is_err());
        wild.clamp(&window);
        assert_eq!(
            (wild.depth, wild.time_ms, wild.threads, wild.hash_mb),
            (1, Some(60_000), MAX_THREADS, 1)
        );
        assert_eq!(wild.check(&window), Ok(()));
        let mut long = EngineConfig::new(EngineKind::ALPHABETA, 99);
        long.time_ms = Some(5);
        assert_eq!(
            long.check(&window),
            Err(ConfigError::Depth {
                value: 99,
                min: 1,
                max: 30
            })
        );
        long.clamp(&window);
        assert_eq!((long.depth, long.time_ms), (30, Some(100)));
        // Without a required time, none stays none.
        let mut free = EngineConfig::new(EngineKind::ALPHABETA, 4);
        free.clamp(&EngineLimits::ANY);
        assert_eq!(free.time_ms, None);
    }

    #[test]
    fn depth_and_time_keep_the_engine_but_threads_and_table_do_not() {
        let base = EngineConfig::new(EngineKind::ALPHABETA, 4);
        let deeper = EngineConfig {
            depth: 9,
            time_ms: Some(10),
            ..base
        };
        assert!(base.same_engine(&deeper));
        for other in [
            EngineConfig { threads: 2, ..base },
            EngineConfig { hash_mb: 1, ..base },
            EngineConfig::new(EngineKind::MINIMAX, 4),
        ] {
            assert!(!base.same_engine(&other));
        }
    }
}
