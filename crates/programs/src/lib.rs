//! Engine programs: a student's engine, in any language, as a player, over the text
//! protocol of docs/protocol.md (UCI's shape, GTP's version and error answers, our game
//! strings and moves in each game's notation).
//!
//! The program is a child process spoken to over its standard input and output. Nothing
//! here trusts it: every wait is bounded ([`Bounds`]), lines are capped in length and
//! count, every answer is parsed strictly ([`wire`]), its move is checked against the
//! rules before anyone plays it ([`play`]), and the process (with its whole process
//! group on Unix) is killed and reaped on every path out, `Drop` included
//! ([`EngineProcess`]). What went wrong is one typed [`EngineError`] whose text is the
//! forfeit reason a series reports. No window, no command line: the arena and
//! `queens check-engine` are the front ends.

pub mod check;
mod error;
mod log;
mod process;
mod spec;
pub mod wire;

pub use error::EngineError;
pub use log::ProtocolLog;
pub use process::EngineProcess;
pub use spec::{Bounds, ProgramSpec, SpecError};
pub use wire::{BestMove, Go, Info};

use queens_engines::games::seam::AnyGame;

/// Asks `engine` for its move in `game` with `go`, and checks the move against the rules
/// before handing it back: an engine never gets an illegal move played.
///
/// # Errors
/// [`EngineError`]: anything the engine did wrong, [`EngineError::IllegalMove`] for a
/// move the rules refuse here.
pub fn play(
    engine: &mut EngineProcess,
    game: &dyn AnyGame,
    go: &Go,
    stop: &dyn Fn() -> bool,
    on_info: &mut dyn FnMut(&Info),
) -> Result<BestMove, EngineError> {
    let position = game.game_string();
    let answer = engine.search(&position, go, stop, on_info)?;
    let mut after = game.clone_box();
    if let Err(why) = after.play_text(&answer.best_move) {
        return Err(EngineError::IllegalMove {
            mv: answer.best_move,
            position,
            why: why.to_string(),
        });
    }
    Ok(answer)
}
