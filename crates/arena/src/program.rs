//! Engine programs as contestants (docs/protocol.md): a new process per game, started at
//! the program's first move and asked each move through [`queens_programs::play`], named
//! in the record by the `id name` of its handshake once it has started. A program that
//! breaks the protocol loses that game by its fault ([`Forfeit`]), recorded as its
//! resignation; the series goes on.

use super::{ArenaConfig, Mover, Seat, SideStats, StopFlag, Turn};
use queens_engines::ai::EngineConfig;
use queens_engines::games::seam::AnyGame;
use queens_programs::{BestMove, EngineError, EngineProcess, Go, ProgramSpec};
use queens_store::{EngineSettings, SavedGame, SearchInfo, Side};

/// A game lost by an engine program's fault (docs/protocol.md, "Time, margins and
/// forfeits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Whether it was A's program (else B's).
    pub a: bool,
    /// The move number (1-based, counting both sides) it was asked for.
    pub ply: usize,
    /// The reason's short name ([`EngineError::reason`]).
    pub reason: &'static str,
    /// The whole reason.
    pub message: String,
}

/// A program's part of one game: its process once started, and the name it plays under
/// from then on.
#[derive(Default)]
pub(super) struct ProgramSeat {
    running: Option<EngineProcess>,
    pub(super) name: Option<String>,
}

impl ArenaConfig {
    /// A contestant as the saved game records it; a program under its
    /// [`ProgramSpec::player_name`], with the `id name` it `said` once it started.
    pub(super) fn side(
        &self,
        spec: &EngineConfig,
        program: Option<&ProgramSpec>,
        said: Option<&str>,
    ) -> Side {
        let mut settings = EngineSettings::from_config(&self.player(spec));
        if let Some(program) = program {
            settings.algorithm = format!("program: {}", program.player_name(said));
            settings.depth = program.depth();
            settings.time_ms = self.program_go(program).movetime_ms;
        }
        Side::Computer(settings)
    }

    /// A program's `go` in this series: its own limits, with the series' time limit as
    /// its `movetime` when it sets none.
    pub fn program_go(&self, program: &ProgramSpec) -> Go {
        Go {
            movetime_ms: program.go.movetime_ms.or(self.time_ms),
            ..program.go
        }
    }
}

/// The program `spec` plays `mover`'s move in `game`, recorded in `saved` with the value,
/// nodes and leaves it reported; the game is its forfeit when it breaks the protocol.
/// `None` when the series' stop flag ended its search (not its fault: uncounted) or the
/// record refused the resignation.
pub(super) fn program_turn(
    config: &ArenaConfig,
    spec: &ProgramSpec,
    mover: Mover,
    seat: &mut Seat,
    game: &mut dyn AnyGame,
    saved: &mut SavedGame,
    handler: &StopFlag<'_>,
) -> Option<Turn> {
    let started = web_time::Instant::now();
    let answer = program_move(config, spec, &mut seat.program.running, game, handler);
    if seat.program.name.is_none()
        && let Some(engine) = &seat.program.running
    {
        // Started: the record names it by the `id name` of its handshake.
        let said = engine.id.name.as_str();
        let own = config.contestant(mover.who);
        saved.settings.players[mover.player.index()] = config.side(own, Some(spec), Some(said));
        seat.program.name = Some(spec.player_name(Some(said)));
    }
    match answer {
        Ok(answer) => {
            game.play_text(&answer.best_move).ok()?;
            let info = SearchInfo {
                depth: spec.depth(),
                nodes: answer.nodes.unwrap_or(0),
                leaves: answer.leaves.unwrap_or(0),
                time_us: u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
                value: answer
                    .value
                    .map_or(0, |v| v.clamp(i32::MIN.into(), i32::MAX.into()) as i32),
            };
            saved.follow(game, Some(info));
            seat.stats.add(SideStats {
                moves: 1,
                proved: 0,
                nodes: answer.nodes.unwrap_or(0),
                time: started.elapsed(),
            });
            Some(Turn::Played)
        }
        // A stop asked by the series is not the program's fault: uncounted.
        Err(_) if handler.raised() => None,
        Err(err) => {
            saved.resign(mover.player).ok()?;
            Some(Turn::Forfeit(Forfeit {
                a: mover.who == 0,
                ply: game.moves().len() + 1,
                reason: err.reason(),
                message: err.to_string(),
            }))
        }
    }
}

/// A program's move in `game`, started in `running` for its first move of the game
/// (and ended when the game's seats are dropped).
fn program_move(
    config: &ArenaConfig,
    spec: &ProgramSpec,
    running: &mut Option<EngineProcess>,
    game: &dyn AnyGame,
    handler: &StopFlag<'_>,
) -> Result<BestMove, EngineError> {
    let engine = match running {
        Some(engine) => engine,
        None => running.insert(EngineProcess::start(spec, config.log.as_ref())?),
    };
    let stop = || handler.raised();
    queens_programs::play(engine, game, &config.program_go(spec), &stop, &mut |_| {})
}
