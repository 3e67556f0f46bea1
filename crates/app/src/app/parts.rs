//! The window's state grouped by what each part serves, so that [`super::App`] is the
//! shell (settings, files, windows, the one game on screen) holding a few parts rather
//! than thirty loose fields: the search slot and its engines, what the window knows
//! and suggests about the position, the analysis, the questions waiting for an answer,
//! the New game panel, the paste box, the clock, the look, and where the settings go.

use super::replace::Replacement;
use crate::jobs::search::EngineSlots;
use crate::session::known::Known;
use crate::session::settings::{GameSetup, Settings};
use std::path::PathBuf;

/// The one search of the game on screen, and the queens engines kept between searches.
#[derive(Default)]
pub(super) struct SearchSlot {
    /// The computer's move or a hint, while it runs.
    pub job: Option<crate::jobs::search::SearchJob>,
    /// The engines kept between searches (moved into `job` while it runs).
    pub engines: EngineSlots,
}

/// What the window knows and suggests about the position on screen.
#[derive(Default)]
pub(super) struct Advice {
    /// The last result a search proved, for the position it holds for.
    pub known: Known,
    /// The move values of the position on screen, while View > move values is on and
    /// the game has an exact solver.
    pub values: Option<crate::jobs::move_values::MoveValuesJob>,
}

/// Analyse game: the job, its time per position, the last answer, and what is shown.
pub(super) struct AnalysisSlot {
    /// The game analysis running in the background, if any.
    pub job: Option<crate::jobs::analysis::AnalysisJob>,
    /// The time for one position (the window's half second; see `App::set_analysis_time`).
    pub time: std::time::Duration,
    /// The last finished analysis (shown while its game string is the one on screen).
    pub shown: Option<queens_engines::analysis::Analysis>,
    /// The move (1-based) of the worst-moves list on show, beside the better move.
    pub compared: Option<usize>,
    /// A game just put on screen is to be analysed (History's "Analyse").
    pub requested: bool,
    /// Why the last analysis could not be made (a lost thread), until the next one.
    pub failed: Option<String>,
}

impl Default for AnalysisSlot {
    fn default() -> AnalysisSlot {
        AnalysisSlot {
            job: None,
            time: crate::jobs::analysis::TIME_PER_POSITION,
            shown: None,
            compared: None,
            requested: false,
            failed: None,
        }
    }
}

/// The questions waiting for the player's answer.
#[derive(Default)]
pub(super) struct Questions {
    /// A game waiting for the answer before it replaces an unfinished one.
    pub pending: Option<Replacement>,
    /// "Resign this game?" is on screen.
    pub resign: bool,
    /// A replacement waiting for "Save it first" to write this file.
    pub save_first: Option<(PathBuf, Replacement)>,
}

/// The New game panel: the choices being edited (copied to the settings on Start).
pub(super) struct NewGamePanel {
    /// The choices.
    pub draft: GameSetup,
    /// Whether the panel is on screen.
    pub open: bool,
}

/// The paste box of Paste position.
#[derive(Default)]
pub(super) struct PasteBox {
    /// The text typed or pasted in it.
    pub text: String,
    /// The frame (egui's pass number) in which Paste position asked for the system
    /// clipboard, while its text has not come.
    pub asked: Option<u64>,
}

/// egui's clock as the window reads it.
pub(super) struct Clock {
    /// The time of the last move, for the claim animation and the watching pace.
    pub last_move: f64,
    /// This frame's time.
    pub now: f64,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            last_move: f64::NEG_INFINITY,
            now: 0.0,
        }
    }
}

/// What of the look has been handed to egui.
#[derive(Default)]
pub(super) struct LookApplied {
    /// The fonts are installed (on the first frame).
    pub fonts_installed: bool,
    /// The theme last applied (dark or light).
    pub applied_dark: Option<bool>,
}

/// Where the settings are written as soon as they change.
#[derive(Default)]
pub(super) struct SettingsStore {
    /// The file (`None`: only eframe's storage, on exit and on its timer, as in the
    /// tests that set none).
    pub file: Option<PathBuf>,
    /// The settings as last asked to be written (or as read at start).
    pub written: Settings,
}
