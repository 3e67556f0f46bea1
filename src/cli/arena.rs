//! `queens arena`: an AI-vs-AI series of any game of the games table (`--kind`) on all
//! cores, with a progress bar and a results table on stderr and one JSON object on
//! stdout; every game goes to the history and the workbook as its saves keep it. The
//! board options (`--size`, `--stones`, `--seed`) are queens': another game plays every
//! pair from its start.

use super::args::{
    ArenaArgs, Contestant, DEFAULT_ARENA_SEED, DEFAULT_ARENA_SIZE, DEFAULT_ARENA_STONES,
};
use super::error::CliError;
use super::files::{prepare_history, prepare_workbook, saves_dir};
use super::interrupt::Interrupt;
use crate::ai::{EngineConfig, EngineKind};
use crate::arena::pairs::{PairMargin, t_975};
use crate::arena::sprt::{Decision, Sprt};
use crate::arena::{
    ArenaConfig, ArenaError, ArenaGame, ArenaReport, Forfeit, SideStats, run_arena,
};
use crate::board::{ParseError, counted};
use crate::engines::{ProgramSpec, ProtocolLog};
use crate::store::{
    ExportOptions, HISTORY_DIR, PairRow, PairsSheet, WorkbookWriter, append_history,
};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One side's settings and search work.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The algorithm's name ("program" for an engine program).
    pub algo: &'static str,
    /// An engine program's name (its `name=`, else the `id name` of its handshake, else
    /// its command), absent for ours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// Its depth.
    pub depth: u32,
    /// Moves it played.
    pub moves: u64,
    /// Moves it played with a proved value (an exact search: for `perfect`, a finished
    /// solve; the others' moves are estimates until near the end).
    pub proved_moves: u64,
    /// Nodes it searched.
    pub nodes: u64,
    /// Average nodes per move.
    pub nodes_per_move: f64,
    /// Total thinking time in milliseconds.
    pub time_ms: f64,
    /// Average thinking time per move in milliseconds.
    pub time_per_move_ms: f64,
}

impl SideReport {
    /// `said`: the name a program played under in the series' games, if it started.
    fn new(
        spec: &EngineConfig,
        program: Option<&ProgramSpec>,
        said: Option<&str>,
        stats: &SideStats,
    ) -> SideReport {
        SideReport {
            algo: if program.is_some() {
                "program"
            } else {
                spec.engine.name()
            },
            program: program.map(|p| said.map_or_else(|| p.player_name(None), str::to_string)),
            depth: program.map_or(spec.depth, ProgramSpec::depth),
            moves: stats.moves,
            proved_moves: stats.proved,
            nodes: stats.nodes,
            nodes_per_move: stats.nodes_per_move(),
            time_ms: stats.time.as_secs_f64() * 1000.0,
            time_per_move_ms: stats.time_per_move().as_secs_f64() * 1000.0,
        }
    }
}

/// The mean pair margin in the JSON: `{"mean":..,"low":..,"high":..,"pairs":n,...}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairMarginReport {
    /// Mean over complete pairs of (A's margin as P1 + A's margin as P2); `null` with no
    /// complete pair.
    pub mean: Option<f64>,
    /// Lower bound of its 95% interval (Student t); `null` with fewer than 2 pairs.
    pub low: Option<f64>,
    /// Upper bound of its 95% interval; `null` with fewer than 2 pairs.
    pub high: Option<f64>,
    /// Complete pairs counted.
    pub pairs: usize,
    /// Finished games whose colour-swapped partner did not finish (left out).
    pub unpaired: usize,
    /// Sample standard deviation of the pair margins; `null` with fewer than 2 pairs.
    pub stdev: Option<f64>,
    /// How the interval is computed.
    pub interval: &'static str,
}

impl PairMarginReport {
    fn new(stat: &PairMargin) -> PairMarginReport {
        PairMarginReport {
            mean: stat.mean,
            low: stat.low,
            high: stat.high,
            pairs: stat.pairs,
            unpaired: stat.unpaired,
            stdev: stat.stdev,
            interval: "student-t 95%",
        }
    }
}

/// The answer of `queens arena`, from A's point of view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaSummary {
    /// The game, for a game other than queens (a queens series answers as it always did,
    /// without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Finished games (all of `planned` unless stopped).
    pub games: usize,
    /// Games asked for.
    pub planned: usize,
    /// Whether Ctrl+C (or SIGTERM, SIGHUP) ended the series early.
    pub stopped: bool,
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// A's score fraction, (wins + draws / 2) / games (0 with no games).
    pub score: f64,
    /// A's score minus B's as the saves keep it (queens' cells, Othello's discs, Dodgem's
    /// cars driven off; tic-tac-toe has none: 0), averaged over the games.
    pub average_margin: f64,
    /// Per board pair, A's margin as P1 plus A's margin as P2: its mean and 95% interval.
    pub pair_margin: PairMarginReport,
    /// The same as text, e.g. "+5.20 [+2.13, +8.27] (10 pairs)".
    pub pair_margin_text: String,
    /// A's Elo difference over B; `null` when infinite (every game won or lost) or
    /// there are no games.
    pub elo: Option<f64>,
    /// Half the width of its 95% interval; `null` when a bound is infinite.
    pub elo_error: Option<f64>,
    /// The same as text, e.g. "+147.2 +/- 268.7".
    pub elo_text: String,
    /// Contestant A.
    pub a: SideReport,
    /// Contestant B.
    pub b: SideReport,
    /// Board side (queens only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// Stones per board (queens only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<usize>,
    /// The first board's seed (queens only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The time limit per move, if any.
    pub time_ms: Option<u64>,
    /// The history folder the games were added to; `null` with `--no-history`.
    pub history: Option<PathBuf>,
    /// History files written.
    pub history_files: usize,
    /// The workbook written, if `--xlsx` was given and it was written.
    pub xlsx: Option<PathBuf>,
    /// Games an engine program lost by its fault, in the order they finished (absent
    /// when there were none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<ForfeitReport>,
    /// The sequential test of `--sprt`, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

/// `--sprt`'s answer: `{"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper",
/// "result"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SprtReport {
    /// H0's Elo difference.
    pub elo0: f64,
    /// H1's.
    pub elo1: f64,
    /// The chance of a false H1.
    pub alpha: f64,
    /// The chance of a false H0.
    pub beta: f64,
    /// The log-likelihood ratio after the games played.
    pub llr: f64,
    /// Wald's lower bound (H0 accepted at or below it).
    pub lower: f64,
    /// Wald's upper bound (H1 accepted at or above it).
    pub upper: f64,
    /// "H0", "H1", or "undecided".
    pub result: &'static str,
}

impl SprtReport {
    fn new(test: &Sprt, report: &ArenaReport) -> SprtReport {
        let (lower, upper) = test.bounds();
        SprtReport {
            elo0: test.elo0,
            elo1: test.elo1,
            alpha: test.alpha,
            beta: test.beta,
            llr: test.llr(report.wins, report.draws, report.losses),
            lower,
            upper,
            result: match test.decide(report.wins, report.draws, report.losses) {
                Some(Decision::H0) => "H0",
                Some(Decision::H1) => "H1",
                None => "undecided",
            },
        }
    }
}

/// A game an engine program forfeited: `{"game", "side", "ply", "reason", "message"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ForfeitReport {
    /// The game's number in the series (0-based).
    pub game: usize,
    /// "A" or "B".
    pub side: &'static str,
    /// The move it was asked for (1-based, both sides counted).
    pub ply: usize,
    /// The reason's short name: "crashed", "hung", "late", "illegal move", ...
    pub reason: &'static str,
    /// The whole reason.
    pub message: String,
}

impl ForfeitReport {
    fn new(game: usize, forfeit: &Forfeit) -> ForfeitReport {
        ForfeitReport {
            game,
            side: if forfeit.a { "A" } else { "B" },
            ply: forfeit.ply,
            reason: forfeit.reason,
            message: forfeit.message.clone(),
        }
    }
}

impl ArenaSummary {
    /// The summary of `report`, played with `config`, before anything is saved;
    /// `programs`: the names A's and B's programs played under ([`ArenaGame::programs`]).
    pub fn new(
        config: &ArenaConfig,
        report: &ArenaReport,
        programs: &[Option<String>; 2],
    ) -> ArenaSummary {
        // The board options are a board of stones' (queens'); the game is named unless
        // it is the one --kind names when left out, as its game strings leave it out.
        let board = config.game.tools.board_of_stones;
        ArenaSummary {
            kind: (config.game.tag != crate::games::table::DEFAULT_TAG).then_some(config.game.tag),
            games: report.games,
            planned: report.planned,
            stopped: report.stopped,
            wins: report.wins,
            draws: report.draws,
            losses: report.losses,
            score: report.elo.score,
            average_margin: report.average_margin,
            pair_margin: PairMarginReport::new(&report.pair_margin),
            pair_margin_text: report.pair_margin.to_string(),
            elo: report.elo.diff,
            elo_error: report.elo.error,
            elo_text: report.elo.to_string(),
            a: SideReport::new(
                &config.a,
                config.programs[0].as_ref(),
                programs[0].as_deref(),
                &report.a,
            ),
            b: SideReport::new(
                &config.b,
                config.programs[1].as_ref(),
                programs[1].as_deref(),
                &report.b,
            ),
            size: board.then_some(config.size),
            stones: board.then_some(config.stones),
            seed: board.then_some(config.seed),
            time_ms: config.time_ms,
            history: None,
            history_files: 0,
            xlsx: None,
            forfeits: Vec::new(),
            sprt: config.sprt.map(|test| SprtReport::new(&test, report)),
        }
    }

    /// The human-readable table for stderr.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let limit = self
            .time_ms
            .map_or(String::new(), |ms| format!(", {ms} ms per move"));
        let setup = match (self.kind, self.size, self.stones, self.seed) {
            (None, Some(n), Some(stones), Some(seed)) => format!(
                "{n}x{n} with {}, {}",
                counted(stones as u64, "stone", "stones"),
                seed_range(seed, self.planned.div_ceil(2) as u64),
            ),
            (kind, ..) => format!("{} from its start", kind.unwrap_or("the game")),
        };
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            "arena: {} of {}{}, {setup}{limit}",
            self.games,
            counted(self.planned as u64, "game", "games"),
            if self.stopped {
                " (stopped by Ctrl+C or a termination signal)"
            } else {
                ""
            },
        );
        let _ = writeln!(
            out,
            "  A = {}:{}   B = {}:{}   (results from A's side)",
            self.a.algo, self.a.depth, self.b.algo, self.b.depth
        );
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "  {:>8} {:>8} {:>8} {:>8} {:>16}",
            "wins", "draws", "losses", "score", "average margin"
        );
        let _ = writeln!(
            out,
            "  {:>8} {:>8} {:>8} {:>7.1}% {:>+16.2}",
            self.wins,
            self.draws,
            self.losses,
            self.score * 100.0,
            self.average_margin
        );
        let _ = writeln!(
            out,
            "  pair margin (A as P1 + A as P2, per board): {} (mean, 95% t interval)",
            self.pair_margin_text
        );
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "  {:<18} {:>8} {:>8} {:>14} {:>14}",
            "side", "moves", "proved", "nodes/move", "time/move"
        );
        for (name, side) in [("A", &self.a), ("B", &self.b)] {
            let who = match &side.program {
                Some(program) => format!("{name} {program}"),
                None => format!("{name} {}:{}", side.algo, side.depth),
            };
            let _ = writeln!(
                out,
                "  {:<18} {:>8} {:>8} {:>14.1} {:>11.3} ms",
                who, side.moves, side.proved_moves, side.nodes_per_move, side.time_per_move_ms
            );
        }
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "  Elo difference (A - B): {} (95% interval)",
            self.elo_text
        );
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(
                out,
                "  SPRT [{}, {}] alpha {} beta {}: LLR {:.2} in [{:.2}, {:.2}]: {}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr,
                sprt.lower,
                sprt.upper,
                sprt.result
            );
        }
        if !self.forfeits.is_empty() {
            let _ = writeln!(
                out,
                "  {} by an engine program's fault:",
                counted(self.forfeits.len() as u64, "game lost", "games lost")
            );
            for forfeit in &self.forfeits {
                let _ = writeln!(
                    out,
                    "    game {}, {} at move {}: {}",
                    forfeit.game, forfeit.side, forfeit.ply, forfeit.message
                );
            }
        }
        out
    }
}

/// The seeds of `pairs` boards from `first` on, in words: "seed 7", "seeds 1 to 5", and
/// past the largest seed, where they wrap around to 0, saying so.
fn seed_range(first: u64, pairs: u64) -> String {
    let last = first.wrapping_add(pairs.saturating_sub(1));
    if pairs <= 1 {
        format!("seed {first}")
    } else if last >= first {
        format!("seeds {first} to {last}")
    } else {
        format!(
            "seeds {first} to {last} (after {} they go on from 0)",
            u64::MAX
        )
    }
}

/// The library's settings from the options.
///
/// # Errors
/// [`CliError::Arena`] if they cannot be played (an odd game count, too many stones).
pub fn config(args: &ArenaArgs) -> Result<ArenaConfig, CliError> {
    refuse_board_options(args)?;
    let search_threads = usize::try_from(args.search_threads).unwrap_or(usize::MAX);
    let (a, program_a) = contestant(&args.a);
    let (b, program_b) = contestant(&args.b);
    let config = ArenaConfig {
        game: args.kind.0,
        a: EngineConfig {
            threads: search_threads,
            ..a
        },
        b: EngineConfig {
            threads: search_threads,
            ..b
        },
        programs: [program_a, program_b],
        log: None,
        sprt: match args.sprt.as_deref() {
            Some(&[elo0, elo1, alpha, beta]) => Some(
                Sprt::new(elo0, elo1, alpha, beta)
                    .map_err(|err| CliError::Usage(err.to_string()))?,
            ),
            _ => None,
        },
        // clap caps these far below usize::MAX.
        games: usize::try_from(args.games).unwrap_or(usize::MAX),
        size: args.size.unwrap_or(DEFAULT_ARENA_SIZE),
        stones: usize::try_from(args.stones.unwrap_or(DEFAULT_ARENA_STONES)).unwrap_or(usize::MAX),
        seed: args.seed.unwrap_or(DEFAULT_ARENA_SEED),
        time_ms: args.time_ms,
        threads: usize::try_from(args.threads).unwrap_or(usize::MAX),
    };
    match config.validate() {
        // The user did not choose that count: name the option that sets it.
        Err(ArenaError::BadBoard(ParseError::TooManyStones { size, max, .. }))
            if args.stones.is_none() =>
        {
            Err(CliError::Usage(format!(
                "--stones defaults to {DEFAULT_ARENA_STONES}, too many for {}x{size} board (at most {max}): give --stones {max} or fewer",
                crate::board::with_article(&size.to_string())
            )))
        }
        Err(err) => Err(err.into()),
        Ok(()) => Ok(config),
    }
}

/// A contestant as the library takes it: our engine's settings, and the program that
/// plays instead of that engine (whose settings then only carry its depth).
fn contestant(contestant: &Contestant) -> (EngineConfig, Option<ProgramSpec>) {
    match contestant {
        Contestant::Ours(config) => (*config, None),
        Contestant::Program(program) => (
            EngineConfig::new(EngineKind::MINIMAX, program.depth().max(1)),
            Some(ProgramSpec::clone(program)),
        ),
    }
}

/// Refuses the board options beside a game that is not a board of stones (its row's
/// `tools.board_of_stones`): it plays from its start.
fn refuse_board_options(args: &ArenaArgs) -> Result<(), CliError> {
    if args.kind.0.tools.board_of_stones {
        return Ok(());
    }
    let kind = args.kind.name();
    let board = [
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    match board.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option} is for {}; arena --kind {kind} plays from {kind}'s start position",
            super::table_game::board_games()
        ))),
        None => Ok(()),
    }
}

fn progress_bar(total: usize) -> ProgressBar {
    // The default target is stderr, and indicatif draws nothing when stderr is not a
    // terminal, so pipes and tests get no escape codes.
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar:.cyan/blue}] {pos}/{len} games, eta {eta} (Ctrl+C stops)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Adds each game to the history of `saves` and to the workbook of `--xlsx` as soon as
/// it finishes, so no game waits in memory; the first failure ends the series (the next
/// game would fail the same way) and is kept for the report. A second stop request drops
/// the finished games still waiting to be written, so the run ends at once.
struct HistoryWriter<'a> {
    saves: Option<&'a Path>,
    interrupt: &'a Interrupt,
    /// The workbook being written, rows added as the games come.
    workbook: Option<WorkbookWriter>,
    /// The first board's seed, for the games' history ids.
    seed: u64,
    written: usize,
    failure: Option<CliError>,
    abandoned: bool,
    /// Whether the user was told that finished games are still being written.
    told: bool,
}

impl<'a> HistoryWriter<'a> {
    fn new(saves: Option<&'a Path>, interrupt: &'a Interrupt, seed: u64) -> HistoryWriter<'a> {
        HistoryWriter {
            saves,
            interrupt,
            workbook: None,
            seed,
            written: 0,
            failure: None,
            abandoned: false,
            told: false,
        }
    }

    fn add(&mut self, game: &ArenaGame) -> ControlFlow<()> {
        if self.interrupt.presses() >= 2 {
            self.abandoned = true;
            return ControlFlow::Break(());
        }
        if self.interrupt.requested() && !self.told {
            // Games finished before the stop may still be queued: say why we go on.
            self.told = true;
            eprintln!(
                "queens: stopping; writing the games already finished (Ctrl+C again drops them)"
            );
        }
        if let Some(saves) = self.saves {
            match append_history(saves, &game.game) {
                Ok(_) => self.written += 1,
                Err(err) => {
                    self.failure = Some(err.into());
                    return ControlFlow::Break(());
                }
            }
        }
        if let Some(workbook) = &mut self.workbook
            && let Err(err) = workbook.add(&game.entry(self.seed))
        {
            self.failure = Some(err.into());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The workbook's Pairs sheet for `report`, its sides named as `summary` names them (a
/// program by its name, ours by its settings).
fn pairs_sheet(config: &ArenaConfig, report: &ArenaReport, summary: &ArenaSummary) -> PairsSheet {
    let stat = &report.pair_margin;
    let name = |side: &SideReport, ours: &EngineConfig| {
        side.program.clone().unwrap_or_else(|| ours.to_string())
    };
    PairsSheet {
        a: name(&summary.a, &config.a),
        b: name(&summary.b, &config.b),
        rows: report
            .pairs
            .iter()
            .map(|pair| PairRow {
                pair: pair.pair,
                seed: config.seed.wrapping_add(pair.pair as u64),
                a_as_p1: pair.a_as_p1,
                a_as_p2: pair.a_as_p2,
            })
            .collect(),
        unpaired: stat.unpaired,
        mean: stat.mean,
        stdev: stat.stdev,
        t: stat.stdev.map(|_| t_975(stat.pairs.saturating_sub(1))),
        low: stat.low,
        high: stat.high,
    }
}

/// Finishes the workbook of `--xlsx` (its rows were added as the games finished) with
/// the Pairs sheet, unless a second stop request came first: the history already holds
/// every game, so only the workbook is given up.
fn finish_workbook(
    path: &Path,
    workbook: WorkbookWriter,
    config: &ArenaConfig,
    report: &ArenaReport,
    summary: &mut ArenaSummary,
    interrupt: &Interrupt,
) -> Result<(), CliError> {
    if interrupt.presses() >= 2 {
        return Err(CliError::Interrupted {
            skipped: format!("the workbook {} was not written", path.display()),
        });
    }
    if interrupt.requested() {
        // After a stop request the user waits for this step alone: say what it is.
        eprintln!(
            "queens: writing the workbook {} (Ctrl+C again abandons it)",
            path.display()
        );
    }
    let mut workbook = workbook;
    workbook.set_pairs(pairs_sheet(config, report, summary));
    workbook.finish(path)?;
    summary.xlsx = Some(path.to_path_buf());
    Ok(())
}

/// Runs `queens arena` for the game of `--kind`: checks the settings and the output paths, plays, adds each game to
/// the history as it finishes, writes the workbook, prints the table on stderr and the
/// JSON on stdout. A stop request (Ctrl+C, SIGTERM, SIGHUP) through `interrupt` ends the
/// series early; a second one also skips the workbook.
///
/// # Errors
/// Bad settings or unusable paths before anything is played; a failed save, or a second
/// stop request that skipped the workbook, once the table and the JSON (saying what was
/// saved) are printed.
pub fn arena(args: &ArenaArgs, interrupt: &Interrupt) -> Result<(), CliError> {
    let mut config = config(args)?;
    if let Some(path) = &args.log {
        let log = ProtocolLog::create(path).map_err(|err| CliError::log_refused(path, &err))?;
        config.log = Some(log);
    }
    // The workbook first: its checks are mostly about the name, and a wrong name should
    // not leave a new saves folder behind.
    if let Some(path) = &args.xlsx {
        prepare_workbook(path, &[])?;
    }
    let saves = if args.no_history {
        None
    } else {
        Some(saves_dir(args.saves_dir.as_deref())?)
    };
    if let Some(saves) = &saves {
        prepare_history(saves)?;
    }
    let bar = progress_bar(config.games);
    let mut history = HistoryWriter::new(saves.as_deref(), interrupt, config.seed);
    history.workbook = args
        .xlsx
        .as_ref()
        .map(|_| WorkbookWriter::new(ExportOptions::default()));
    let mut forfeits = Vec::new();
    let mut programs: [Option<String>; 2] = [None, None];
    let mut on_game = |game: &ArenaGame, done: usize, _total: usize| {
        // The first name each program played under (its `id name` can only change
        // between games if the program does).
        for (kept, named) in programs.iter_mut().zip(&game.programs) {
            if kept.is_none() {
                kept.clone_from(named);
            }
        }
        if let Some(forfeit) = &game.forfeit {
            bar.suspend(|| {
                eprintln!(
                    "queens: game {}: {} forfeits at move {}: {}",
                    game.index,
                    if forfeit.a { "A" } else { "B" },
                    forfeit.ply,
                    forfeit.message
                );
            });
            forfeits.push(ForfeitReport::new(game.index, forfeit));
        }
        let flow = history.add(game);
        bar.set_position(done as u64);
        flow
    };
    let report = run_arena(&config, &mut on_game, interrupt.flag());
    bar.finish_and_clear();
    let report = report?;
    let mut summary = ArenaSummary::new(&config, &report, &programs);
    summary.stopped = interrupt.requested() && report.games < report.planned;
    summary.history = saves.as_ref().map(|dir| dir.join(HISTORY_DIR));
    summary.history_files = history.written;
    summary.forfeits = forfeits;
    let saved = match (history.failure, history.abandoned, history.workbook) {
        (Some(err), _, _) => Err(err),
        (None, true, _) => Err(CliError::Interrupted {
            skipped:
                "finished games not yet in the history were dropped, and no workbook was written"
                    .to_string(),
        }),
        (None, false, Some(workbook)) => match &args.xlsx {
            Some(path) => {
                finish_workbook(path, workbook, &config, &report, &mut summary, interrupt)
            }
            None => Ok(()),
        },
        (None, false, None) => Ok(()),
    };
    eprint!("{}", summary.table());
    if let Some(dir) = &summary.history {
        eprintln!(
            "  {} added to the history in {}",
            counted(summary.history_files as u64, "game", "games"),
            dir.display()
        );
    }
    if let Some(path) = &summary.xlsx {
        eprintln!("  workbook written to {}", path.display());
    }
    super::print_json(&summary)?;
    saved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn arena_args(words: &[&str]) -> ArenaArgs {
        let line = ["queens", "arena"].iter().chain(words);
        match Cli::try_parse_from(line).map(|cli| cli.command) {
            Ok(Some(Command::Arena(args))) => args,
            other => panic!("{other:?}"),
        }
    }

    /// A second stop request gives up the workbook (exit 130) but not the report.
    #[test]
    fn a_second_stop_request_skips_the_workbook() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = dir.path().join("out.xlsx");
        let saves = dir.path().join("saves");
        std::fs::create_dir(&saves).unwrap_or_else(|e| panic!("{e}"));
        let (out_text, saves_text) = (out.display().to_string(), saves.display().to_string());
        let args = arena_args(&[
            "--games",
            "2",
            "--size",
            "4",
            "--xlsx",
            &out_text,
            "--saves-dir",
            &saves_text,
        ]);
        let interrupt = Interrupt::new();
        interrupt.request();
        interrupt.request();
        let err = arena(&args, &interrupt).err();
        assert!(matches!(err, Some(CliError::Interrupted { .. })), "{err:?}");
        assert_eq!(err.map(|e| e.exit_code()), Some(130));
        assert!(!out.exists());
        // One request alone stops the series but still writes the workbook.
        let once = Interrupt::new();
        once.request();
        assert!(arena(&args, &once).is_ok());
        assert!(out.is_file());
    }

    /// Games can finish faster than their files are synced: a second request drops the
    /// ones still waiting instead of writing them all first.
    #[test]
    fn a_second_stop_request_stops_writing_the_history() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let config = ArenaConfig {
            games: 2,
            size: 4,
            stones: 0,
            ..ArenaConfig::default()
        };
        let mut games = Vec::new();
        run_arena(
            &config,
            &mut |game: &ArenaGame, _, _| {
                games.push(game.clone());
                ControlFlow::Continue(())
            },
            &std::sync::atomic::AtomicBool::new(false),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let interrupt = Interrupt::new();
        let mut history = HistoryWriter::new(Some(dir.path()), &interrupt, 1);
        assert!(history.add(&games[0]).is_continue());
        interrupt.request();
        assert!(history.add(&games[1]).is_continue());
        interrupt.request();
        assert!(history.add(&games[1]).is_break());
        assert!(history.abandoned);
        assert_eq!(history.written, 2);
    }
}
