//! "Analyse game" in the window: the analysis runs on its own thread (the window only
//! shows it), with its progress readable at any frame and a stop flag for Cancel.

use super::job::{Job, Polled};
use crate::analysis::{Analysis, AnalysisSettings, Class, analyse};
use crate::board::Board;
use eframe::egui::Color32;
use std::time::Duration;

/// The window's analysis budget: half a second per position keeps a 15x15 game
/// (~60 moves) near half a minute, and small boards are solved exactly well within it.
const TIME_PER_POSITION: Duration = Duration::from_millis(500);

/// The table of the window's analysis (the window's computer players keep their own).
const HASH_MB: usize = 64;

/// An analysis running in the background: its progress is the number of positions
/// analysed.
pub struct AnalysisJob {
    job: Job<usize, Analysis>,
    total: usize,
}

impl AnalysisJob {
    /// Starts analysing `board`'s game; `repaint` is called after each position.
    pub fn start(board: &Board, repaint: impl Fn() + Send + Sync + 'static) -> AnalysisJob {
        let board = board.clone();
        let total = board.ply() + 1;
        let job = Job::spawn("analysis", repaint, move |reporter| {
            let settings = AnalysisSettings {
                time: TIME_PER_POSITION,
                threads: 1,
                hash_mb: HASH_MB,
            };
            analyse(&board, settings, reporter, &mut |positions, _| {
                reporter.report(positions);
            })
        });
        AnalysisJob { job, total }
    }

    /// Positions analysed and the total.
    pub fn progress(&self) -> (usize, usize) {
        (self.job.progress(|done| *done), self.total)
    }

    /// Asks the thread to stop; [`AnalysisJob::finished`] then gives its partial answer.
    pub fn cancel(&self) {
        self.job.stop();
    }

    /// Whether a cancel was asked.
    pub fn cancelled(&self) -> bool {
        self.job.stop_requested()
    }

    /// The analysis, once the thread has finished (`None` before; `Some(None)` if it
    /// panicked).
    pub fn finished(&mut self) -> Option<Option<Analysis>> {
        match self.job.poll() {
            Polled::Running => None,
            Polled::Done(analysis) => Some(Some(analysis)),
            Polled::Lost => Some(None),
        }
    }
}

/// The mark beside a move in the move list, chess style.
pub fn mark_of(class: Class) -> &'static str {
    match class {
        Class::Best | Class::Good => "",
        Class::Inaccuracy => "?!",
        Class::Mistake => "?",
        Class::Blunder => "??",
    }
}

/// The colour of a move's loss in the move list.
pub fn colour_of(class: Class, dark: bool) -> Color32 {
    match (class, dark) {
        (Class::Best, _) => Color32::from_rgb(40, 160, 70),
        (Class::Good, false) => Color32::from_rgb(90, 120, 60),
        (Class::Good, true) => Color32::from_rgb(170, 200, 120),
        (Class::Inaccuracy, _) => Color32::from_rgb(210, 160, 0),
        (Class::Mistake, _) => Color32::from_rgb(230, 110, 20),
        (Class::Blunder, _) => Color32::from_rgb(220, 40, 40),
    }
}
