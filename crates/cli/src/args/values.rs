//! The values the command line's options take, and how each is read: the game
//! (`--kind`, from the games table), the engine (`--algo`, from the engine table), a
//! contestant (`ALGO:DEPTH`), the tree searches, a board side. The option structs that
//! use them are in the parent module.

use clap::ValueEnum;
use queens_board::ParseError;
use queens_engines::ai::{ENGINES, EngineConfig, EngineKind, SpecError, UnknownEngine};
use queens_engines::games::table::GameEntry;

/// A `--kind` of the commands that take a position: a row of the games table
/// ([`queens_engines::games::table::GAMES`]), so a game added there is a value here with no
/// change to the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameArg(pub &'static GameEntry);

impl Default for GameArg {
    /// Queens, the table's first row.
    fn default() -> GameArg {
        GameArg(&queens_engines::games::table::GAMES[0])
    }
}

impl GameArg {
    /// The game's tag: its name on the command line and in the JSON.
    pub(crate) fn name(self) -> &'static str {
        self.0.tag
    }

    /// Whether this is `--kind`'s default, the game a game string without `game=`
    /// names: a `--kind` left out cannot be told from one given as the default, so only
    /// another game contradicts a game string's `game=`.
    pub(crate) fn is_default(self) -> bool {
        self.0.tag == queens_engines::games::table::DEFAULT_TAG
    }
}

/// Reads a `--kind`: a tag of the games table, any case, hyphens ignored
/// (`tic-tac-toe`).
///
/// # Errors
/// The games there are, when `text` names none of them.
pub(crate) fn parse_kind(text: &str) -> Result<GameArg, String> {
    queens_engines::games::table::by_tag(text.trim().replace('-', "").as_str())
        .map(GameArg)
        .ok_or_else(|| {
            format!(
                "'{}' is not a game (possible values: {})",
                queens_board::clip_token(text),
                queens_engines::games::table::tags().join(", ")
            )
        })
}

/// `export --kind`: a game of the games table (as `--kind` reads it), as the saves name
/// it; a game whose games the saves do not keep yet is refused by name.
///
/// # Errors
/// A word that is no game, or a game the saves do not keep.
pub(crate) fn parse_export_kind(text: &str) -> Result<queens_store::GameKind, String> {
    let game = parse_kind(text)?;
    game.name().parse::<queens_store::GameKind>().map_err(|_| {
        format!(
            "the saves keep no {} games yet, so none is exported",
            game.name()
        )
    })
}

/// `--kind`'s help for the commands of the games with an exact solver (`analyse`,
/// `puzzles`, `solve --all-moves`): those games, read off the games table.
pub(crate) fn solver_kind_help() -> String {
    let solved: Vec<&str> = queens_engines::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.solver)
        .map(|entry| entry.tag)
        .collect();
    format!(
        "The game, as the games table names it: one with an exact solver ({}; queens the default); another is refused",
        solved.join(", ")
    )
}

/// The help of a `--kind` option: `text`, then the games it takes, read off the games
/// table (no help text lists them by hand).
pub(crate) fn games_help(text: &str) -> String {
    format!(
        "{text} Games: {}.",
        queens_engines::games::table::tags().join(", ")
    )
}

/// The help of `--eval`: the games whose evaluation table is read from a file, from the
/// games table (`Tools::eval_file`).
pub(crate) fn eval_help() -> String {
    let games: Vec<&str> = queens_engines::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.eval_file)
        .map(|entry| entry.tag)
        .collect();
    format!(
        "With --kind {}: search with this evaluation table instead of the shipped one, a RON file in the form of the game's data/TAG_eval.ron (docs/rules.md).",
        games.join(" or ")
    )
}

/// The note under `--help` of the commands of the games with an exact solver: which
/// games they take and which they refuse, read off the games table.
pub(crate) fn solver_games_note() -> String {
    let (solved, refused): (Vec<&GameEntry>, Vec<&GameEntry>) = queens_engines::games::table::GAMES
        .iter()
        .partition(|entry| entry.tools.solver);
    let tags = |entries: Vec<&GameEntry>| {
        entries
            .iter()
            .map(|entry| entry.tag)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut note = format!("Games (--kind): {}.", tags(solved));
    if !refused.is_empty() {
        note.push_str(&format!(
            " Refused, having no exact solver (exit code 2): {}.",
            tags(refused)
        ));
    }
    note
}

/// The searches `queens tree` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeAlgo {
    /// Plain minimax: every leaf.
    #[value(alias = "mm")]
    Minimax,
    /// Alpha-beta, the engine's own.
    #[value(alias = "alpha-beta", alias = "ab")]
    Alphabeta,
    /// NegaScout (principal variation search).
    #[value(alias = "negascout")]
    Pvs,
}

/// The kind of the tree's root node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RootArg {
    /// The root player maximises the leaf values.
    Max,
    /// The root player minimises the leaf values.
    Min,
}

/// `--algo`: an engine of the registry, by name or alias, ignoring case.
///
/// # Errors
/// [`UnknownEngine`], listing the known names.
pub(crate) fn parse_algo(text: &str) -> Result<EngineKind, UnknownEngine> {
    EngineKind::parse(text)
}

/// Parses a contestant written `ALGO:DEPTH`, e.g. `alphabeta:4`, or `ALGO` alone (the
/// engine's default depth).
///
/// # Errors
/// A [`SpecError`] naming the offending part.
pub(crate) fn parse_player(text: &str) -> Result<EngineConfig, SpecError> {
    text.parse()
}

/// An arena contestant: one of our engines, or an engine program (docs/protocol.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contestant {
    /// `ALGO[:DEPTH]`.
    Ours(EngineConfig),
    /// `[settings] cmd=COMMAND ARGS`.
    Program(Box<queens_programs::ProgramSpec>),
}

/// Parses an arena contestant: an engine program when it has `cmd=`, else
/// [`parse_player`]'s `ALGO[:DEPTH]`.
///
/// # Errors
/// The engine spec's or the program spec's reason.
pub(crate) fn parse_contestant(text: &str) -> Result<Contestant, String> {
    if queens_programs::ProgramSpec::is_program(text) {
        text.parse()
            .map(|spec| Contestant::Program(Box::new(spec)))
            .map_err(|err: queens_programs::SpecError| err.to_string())
    } else {
        parse_player(text)
            .map(Contestant::Ours)
            .map_err(|err| err.to_string())
    }
}

/// `--algo`'s one-line help, with the names from the engine table.
pub(crate) fn algo_help() -> String {
    format!(
        "The engine: {} (default alphabeta)",
        queens_engines::ai::known_engines()
    )
}

/// `--algo`'s long help: each engine of the table with its aliases and what it is.
pub(super) fn algo_long_help() -> String {
    let mut text = String::from("The engine, by name or alias (case does not matter):");
    for entry in ENGINES {
        text.push_str(&format!("\n  {}", entry.name));
        if !entry.aliases.is_empty() {
            text.push_str(&format!(" ({})", entry.aliases.join(", ")));
        }
        text.push_str(&format!(": {}", entry.description));
        if !entry.uses_threads {
            text.push_str("; single-threaded");
        }
    }
    text
}

/// An arena contestant's help, with the engine names from the table.
pub(super) fn player_help(who: &str) -> String {
    format!(
        "{who} as ALGO:DEPTH, e.g. alphabeta:4, or ALGO alone (ALGO: {}; DEPTH 1 to 225, by default {}), or an engine program as \"[depth=N ...] cmd=COMMAND ARGS\" (docs/protocol.md)",
        queens_engines::ai::known_engines(),
        ENGINES
            .iter()
            .map(|entry| format!("{} {}", entry.name, entry.default_depth))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// `--size`, checked with the game string's own rule and message.
pub(super) fn parse_size(text: &str) -> Result<u8, ParseError> {
    queens_board::parse_size(text)
}
