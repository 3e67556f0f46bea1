//! `queens arena --kind K` for every game but queens: the two contestants play `--games`
//! games from the game's start through the seam (`AnyGame::think`, `play_text`), A
//! first in the even games and second in the odd ones, one game at a time. The answer
//! counts A's wins, draws and losses and each side's work; the games are kept nowhere
//! (the saves keep queens series only), so the history's and the workbook's options are
//! refused, as are the board options, which are queens'.

use super::{CliError, Interrupt, StopOnRequest};
use crate::ai::EngineConfig;
use crate::cli::args::ArenaArgs;
use crate::games::table::GameEntry;
use crate::games::think::ThinkError;
use serde::Serialize;

/// One side's settings and work in a small game's series.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct KindSide {
    /// The engine's name.
    pub algo: &'static str,
    /// Its depth.
    pub depth: u32,
    /// Moves it played.
    pub moves: u64,
    /// Nodes it searched.
    pub nodes: u64,
}

/// The answer of `queens arena --kind K` for a game other than queens.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindArenaSummary {
    /// The game.
    pub kind: &'static str,
    /// Games finished.
    pub games: usize,
    /// Games asked for.
    pub planned: usize,
    /// Whether a stop request ended the series early.
    pub stopped: bool,
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// A's score: a win 1, a draw 0.5, over the games finished (0 without any).
    pub score: f64,
    /// Contestant A.
    pub a: KindSide,
    /// Contestant B.
    pub b: KindSide,
    /// The time limit per move, if any.
    pub time_ms: Option<u64>,
}

/// Refuses the options a small game's series has no use for.
fn refuse_queens_options(args: &ArenaArgs) -> Result<(), CliError> {
    let kind = args.kind.name();
    let board = [
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    if let Some((option, _)) = board.iter().find(|(_, given)| *given) {
        return Err(CliError::Usage(format!(
            "{option} is for queens; arena --kind {kind} plays from {kind}'s start position"
        )));
    }
    let kept = [
        ("--xlsx", args.xlsx.is_some()),
        ("--saves-dir", args.saves_dir.is_some()),
    ];
    match kept.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option}: arena --kind {kind} keeps its games nowhere (only queens series go to the history and the workbook)"
        ))),
        None => Ok(()),
    }
}

/// Plays one game from `entry`'s start, `sides[seat]` the engine and the tally of each
/// seat: `Some(result)` (the winning seat, or `None` for a draw), or `None` when
/// `interrupt` stopped it.
fn play_one(
    entry: &GameEntry,
    sides: [(&EngineConfig, &mut KindSide); 2],
    interrupt: &Interrupt,
) -> Result<Option<Option<usize>>, CliError> {
    let mut game = (entry.start)()?;
    let [seat0, seat1] = sides;
    loop {
        if let Some(result) = game.result() {
            return Ok(Some(result));
        }
        let (config, side) = if game.seat_to_move() == 0 {
            (seat0.0, &mut *seat0.1)
        } else {
            (seat1.0, &mut *seat1.1)
        };
        let outcome = game
            .think(config, &StopOnRequest(interrupt))
            .map_err(|err| match err {
                ThinkError::NotForThisGame(err) => {
                    CliError::Usage(format!("{err}; {} takes minimax or alphabeta", entry.tag))
                }
                other => CliError::Usage(other.to_string()),
            })?;
        side.moves += 1;
        side.nodes += outcome.stats.nodes;
        if interrupt.requested() {
            return Ok(None);
        }
        let Some(best) = outcome.best_move else {
            return Ok(None);
        };
        game.play_text(&best)?;
    }
}

/// `queens arena --kind K`, K not queens: prints the summary as one JSON line.
pub(in crate::cli) fn arena(args: &ArenaArgs, interrupt: &Interrupt) -> Result<(), CliError> {
    refuse_queens_options(args)?;
    let entry = args.kind.0;
    let with_time = |config: &EngineConfig| EngineConfig {
        time_ms: args.time_ms,
        ..*config
    };
    let (a, b) = (with_time(&args.a), with_time(&args.b));
    let side = |config: &EngineConfig| KindSide {
        algo: config.engine.name(),
        depth: config.depth,
        ..KindSide::default()
    };
    let planned = usize::try_from(args.games).unwrap_or(usize::MAX);
    let mut summary = KindArenaSummary {
        kind: entry.tag,
        games: 0,
        planned,
        stopped: false,
        wins: 0,
        draws: 0,
        losses: 0,
        score: 0.0,
        a: side(&a),
        b: side(&b),
        time_ms: args.time_ms,
    };
    for index in 0..planned {
        let a_first = index % 2 == 0;
        let (side_a, side_b) = (&mut summary.a, &mut summary.b);
        let sides = if a_first {
            [(&a, side_a), (&b, side_b)]
        } else {
            [(&b, side_b), (&a, side_a)]
        };
        let Some(result) = play_one(entry, sides, interrupt)? else {
            summary.stopped = true;
            break;
        };
        let a_seat = if a_first { 0 } else { 1 };
        match result {
            None => summary.draws += 1,
            Some(seat) if seat == a_seat => summary.wins += 1,
            Some(_) => summary.losses += 1,
        }
        summary.games += 1;
    }
    if summary.games > 0 {
        summary.score = (summary.wins as f64 + summary.draws as f64 / 2.0) / summary.games as f64;
    }
    // A stopped series answers what it finished, as the queens arena does.
    super::super::print_json(&summary)
}
