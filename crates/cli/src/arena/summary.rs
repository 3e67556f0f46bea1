//! The answer of `queens arena`: the JSON object on stdout ([`ArenaSummary`], from A's
//! point of view) and the results table on stderr ([`ArenaSummary::table`]).

use queens_arena::pairs::PairMargin;
use queens_arena::sprt::{Decision, Sprt};
use queens_arena::{ArenaConfig, ArenaReport, Forfeit, SideStats};
use queens_board::counted;
use queens_engines::ai::EngineConfig;
use queens_programs::ProgramSpec;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;

/// One side's settings and search work.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct SideReport {
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
pub(crate) struct PairMarginReport {
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
pub(crate) struct ArenaSummary {
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
pub(crate) struct SprtReport {
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
pub(crate) struct ForfeitReport {
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
    /// The report of `forfeit`, lost in game `game`.
    pub(super) fn new(game: usize, forfeit: &Forfeit) -> ForfeitReport {
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
    /// `programs`: the names A's and B's programs played under ([`queens_arena::ArenaGame::programs`]).
    pub(crate) fn new(
        config: &ArenaConfig,
        report: &ArenaReport,
        programs: &[Option<String>; 2],
    ) -> ArenaSummary {
        // The board options are a board of stones' (queens'); the game is named unless
        // it is the one --kind names when left out, as its game strings leave it out.
        let board = config.game.tools.board_of_stones;
        ArenaSummary {
            kind: (config.game.tag != queens_engines::games::table::DEFAULT_TAG)
                .then_some(config.game.tag),
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
    pub(crate) fn table(&self) -> String {
        let mut out = String::new();
        self.heading(&mut out);
        self.results(&mut out);
        self.sides(&mut out);
        self.verdicts(&mut out);
        out
    }

    /// What was played: games, the game and its starts, the time limit, the two sides.
    fn heading(&self, out: &mut String) {
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
    }

    /// Wins, draws, losses, score, the average margin and the pair margin.
    fn results(&self, out: &mut String) {
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
    }

    /// Each side's moves, proved moves, nodes and time per move.
    fn sides(&self, out: &mut String) {
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
    }

    /// The Elo difference, the SPRT's decision and the forfeits.
    fn verdicts(&self, out: &mut String) {
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
