//! "Analyse game" in the window: the analysis runs on its own thread (the window only
//! shows it), with its progress readable at any frame and a stop flag for Cancel.

use crate::ai::SearchHandler;
use crate::analysis::{Analysis, AnalysisSettings, Class, analyse};
use crate::board::{Board, Cell};
use eframe::egui::Color32;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// The window's analysis budget: half a second per position keeps a 15x15 game
/// (~60 moves) near half a minute, and small boards are solved exactly well within it.
const TIME_PER_POSITION: Duration = Duration::from_millis(500);

/// The table of the window's analysis (the window's computer players keep their own).
const HASH_MB: usize = 64;

/// The stop flag the analysis thread polls.
struct StopFlag(Arc<AtomicBool>);

impl SearchHandler<Cell> for StopFlag {
    fn should_stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// An analysis running in the background.
pub struct AnalysisJob {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: usize,
    handle: Option<JoinHandle<Analysis>>,
}

impl AnalysisJob {
    /// Starts analysing `board`'s game; `repaint` is called after each position.
    pub fn start(board: &Board, repaint: impl Fn() + Send + 'static) -> AnalysisJob {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let board = board.clone();
        let total = board.ply() + 1;
        let (flag, counter) = (StopFlag(stop.clone()), done.clone());
        let handle = std::thread::spawn(move || {
            let settings = AnalysisSettings {
                time: TIME_PER_POSITION,
                threads: 1,
                hash_mb: HASH_MB,
            };
            analyse(&board, settings, &flag, &mut |positions, _| {
                counter.store(positions, Ordering::Relaxed);
                repaint();
            })
        });
        AnalysisJob {
            stop,
            done,
            total,
            handle: Some(handle),
        }
    }

    /// Positions analysed and the total.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total)
    }

    /// Asks the thread to stop; [`AnalysisJob::finished`] then gives its partial answer.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a cancel was asked.
    pub fn cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The analysis, once the thread has finished (`None` before, or if it panicked).
    pub fn finished(&mut self) -> Option<Option<Analysis>> {
        if !self.handle.as_ref().is_some_and(JoinHandle::is_finished) {
            return None;
        }
        self.handle.take().map(|handle| handle.join().ok())
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
