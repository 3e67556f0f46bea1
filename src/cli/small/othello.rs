//! Othello at the command line (`--kind othello`): replay and bestmove through the same
//! small-game commands as tic-tac-toe and Dodgem, with its weighted evaluation read from a
//! file by `--eval` (data/othello_eval.ron's form). `queens solve` refuses it before it
//! gets here: its row in the games table has no solver.

use super::{CliError, SmallGame, SmallSolution, eval_text};
use crate::cli::interrupt::Interrupt;
use crate::games::othello::{DEFAULT_SIZE, Othello};
use crate::games::othello_eval::OthelloEval;
use crate::games::seam::{AnyGame, Rules};
use std::path::Path;

/// The side letters of Othello's notation, seat 0 (black) first.
const SIDES: [&str; 2] = ["b", "w"];

impl SmallGame for Othello {
    const KIND: &'static str = crate::games::othello::KIND;

    /// The 8x8 start; a 6x6 game is given with `--position`.
    fn start() -> Othello {
        #[allow(clippy::expect_used)] // DEFAULT_SIZE is one of the sizes `new` takes.
        Othello::new(DEFAULT_SIZE).expect("the default Othello size is a legal size")
    }

    fn read(text: &str) -> Result<Othello, CliError> {
        Ok(<Othello as Rules>::from_notation(text)?)
    }

    fn play_text(&mut self, text: &str) -> Result<(), CliError> {
        Ok(AnyGame::play_text(self, text)?)
    }

    fn mover(&self) -> Option<&'static str> {
        (!self.is_over()).then(|| SIDES[self.to_move()])
    }

    fn result(&self) -> Option<&'static str> {
        self.winner()
            .map(|winner| winner.map_or("draw", |seat| SIDES[seat]))
    }

    /// Never asked: the command refuses Othello before solving (the table gives it no
    /// solver); `None` says nothing was proved should it ever be.
    fn solve(&self, _interrupt: &Interrupt) -> Option<SmallSolution> {
        None
    }

    fn with_eval_file(self, path: &Path) -> Result<Othello, CliError> {
        let table = OthelloEval::from_ron(&eval_text(path)?)
            .map_err(|err| CliError::Usage(format!("--eval {}: {err}", path.display())))?;
        Ok(self.with_eval(table))
    }
}
