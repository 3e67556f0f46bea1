//! "Analyse game" in the window: the analysis runs on its own thread (the window only
//! shows it), with its progress readable at any frame and a stop flag for Cancel.

use super::job::{Job, Polled, Reporter, Task};
use eframe::egui::Color32;
use queens_engines::analysis::{
    Analysis, AnalysisSettings, Class, MoveAnalysis, analyse_reporting,
};
use queens_engines::games::seam::AnyGame;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The window's analysis budget: half a second per position keeps a 15x15 game
/// (~60 moves) near half a minute, and small boards are solved exactly well within it.
pub(crate) const TIME_PER_POSITION: Duration = Duration::from_millis(500);

/// The window's second look: the time shared by the positions the first pass left
/// unproved. Since the greedy bounds (issue 33.1) a 15x15 opening is proved in 0.1-0.8 s
/// on one thread in a release build, so few positions need it; Cancel keeps the first
/// pass's answers.
const SECOND_LOOK: Duration = Duration::from_secs(20);

/// The table of the window's analysis (the window's computer players keep their own).
const HASH_MB: usize = 64;

/// Where an analysis is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum AnalysisProgress {
    /// The first pass: `done` positions of `total` analysed.
    Positions {
        /// Analysed.
        done: usize,
        /// The game's positions (moves + 1).
        total: usize,
    },
    /// The second look at the positions the first pass left unproved: `done` of
    /// `unproved` looked at again.
    SecondLook {
        /// Looked at again.
        done: usize,
        /// Left unproved by the first pass.
        unproved: usize,
    },
}

/// An analysis running in the background, with its progress.
pub(crate) struct AnalysisJob {
    /// `None` until the first report.
    job: Job<Option<AnalysisProgress>, AnalysisAnswer>,
    total: usize,
}

impl AnalysisJob {
    /// Starts analysing `game` (its moves so far) with `time_per_position` for each
    /// position (normally [`TIME_PER_POSITION`]); `repaint` is called after each
    /// position.
    pub(crate) fn start(
        game: &dyn AnyGame,
        time_per_position: Duration,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> AnalysisJob {
        let total = game.moves().len() + 1;
        let task = AnalysisTask {
            game: game.game_string(),
            time_per_position,
        };
        let job = Job::start(task, repaint);
        AnalysisJob { job, total }
    }

    /// Where the analysis is (before its first report: no position done of the game's).
    pub(crate) fn progress(&self) -> AnalysisProgress {
        self.job
            .progress(|progress| *progress)
            .unwrap_or(AnalysisProgress::Positions {
                done: 0,
                total: self.total,
            })
    }

    /// Asks the thread to stop; [`AnalysisJob::finished`] then gives its partial answer.
    pub(crate) fn cancel(&self) {
        self.job.stop();
    }

    /// Whether a cancel was asked.
    pub(crate) fn cancelled(&self) -> bool {
        self.job.stop_requested()
    }

    /// The analysis, once the thread has finished (`None` before), or why there is
    /// none (a game the analysis cannot take, a lost thread).
    pub(crate) fn finished(&mut self) -> Option<AnalysisAnswer> {
        match self.job.poll() {
            Polled::Running => None,
            Polled::Done(answer) => Some(answer),
            Polled::Lost => Some(Err("the analysis stopped unexpectedly".to_string())),
        }
    }
}

/// An analysis, or why there is none.
pub(crate) type AnalysisAnswer = Result<Analysis, String>;

/// "Analyse game" as a [`Task`]: the game to analyse.
#[derive(Serialize, Deserialize)]
pub(crate) struct AnalysisTask {
    /// The game's game string.
    game: String,
    /// The first pass's time for each position.
    time_per_position: Duration,
}

impl Task for AnalysisTask {
    const NAME: &'static str = "analysis";
    type Progress = Option<AnalysisProgress>;
    type Output = AnalysisAnswer;

    fn run(self, reporter: &Reporter<Self::Progress>) -> AnalysisAnswer {
        let game =
            queens_engines::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        let settings = AnalysisSettings {
            time: self.time_per_position,
            threads: 1,
            hash_mb: HASH_MB,
            retry: SECOND_LOOK,
        };
        let stop = || reporter.should_stop();
        analyse_reporting(
            game.as_ref(),
            settings,
            &stop,
            &mut |done, total| {
                reporter.report(Some(AnalysisProgress::Positions { done, total }));
            },
            &mut |done, unproved| {
                reporter.report(Some(AnalysisProgress::SecondLook { done, unproved }));
            },
        )
        .map_err(|e| e.to_string())
    }
}

/// The mark beside a move in the move list, chess style.
pub(crate) fn mark_of(class: Class) -> &'static str {
    match class {
        Class::Best | Class::Good | Class::Unproved => "",
        Class::Inaccuracy => "?!",
        Class::Mistake => "?",
        Class::Blunder => "??",
    }
}

/// The colour of a move's loss in the move list and the worst moves. Each reads at
/// WCAG AA (4.5:1) or better on every background it is drawn on, the selection's blue
/// among them (issue 32.10; measured by the test below): dark shades in the light theme,
/// pale ones in the dark.
pub(crate) fn colour_of(class: Class, dark: bool) -> Color32 {
    match (class, dark) {
        (Class::Best, false) => Color32::from_rgb(0, 95, 30),
        (Class::Best, true) => Color32::from_rgb(120, 235, 150),
        (Class::Good, false) => Color32::from_rgb(50, 75, 20),
        (Class::Good, true) => Color32::from_rgb(200, 235, 160),
        (Class::Inaccuracy, false) => Color32::from_rgb(110, 70, 0),
        (Class::Inaccuracy, true) => Color32::from_rgb(255, 220, 100),
        (Class::Mistake, false) => Color32::from_rgb(140, 50, 0),
        (Class::Mistake, true) => Color32::from_rgb(255, 190, 130),
        (Class::Blunder, false) => Color32::from_rgb(160, 0, 0),
        (Class::Blunder, true) => Color32::from_rgb(255, 185, 185),
        (Class::Unproved, false) => Color32::from_rgb(70, 70, 70),
        (Class::Unproved, true) => Color32::from_rgb(215, 215, 215),
    }
}

/// A move's loss in the move list: "0", "-4?!" when proved; when not, its proved
/// bounds, "≥2", "≤3", "2–6", or "?" when neither says anything (a bound that decides
/// the class keeps its mark). Bounds above a blunder's threshold say nothing a player
/// reads, and are left out.
pub(crate) fn loss_text(m: &MoveAnalysis) -> String {
    let mark = mark_of(m.class);
    if let Some(loss) = m.loss {
        return if loss == 0 {
            format!("0{mark}")
        } else {
            format!("-{loss}{mark}")
        };
    }
    let upper = (m.loss_upper < BLUNDER).then_some(m.loss_upper);
    let text = match (m.loss_lower, upper) {
        (0, None) => "?".to_string(),
        (0, Some(upper)) => format!("≤{upper}"),
        (lower, None) => format!("≥{lower}"),
        (lower, Some(upper)) => format!("{lower}–{upper}"),
    };
    format!("{text}{mark}")
}

/// The smallest loss that is a blunder: bounds from there on are all one to a player.
const BLUNDER: u32 = 10;

/// A move's loss in words for its hover text and accessible label: the loss and class,
/// or the proved bounds and "unproved".
pub(crate) fn loss_label(m: &MoveAnalysis) -> String {
    match m.loss {
        Some(loss) => format!("{loss} {}", m.class.name()),
        None => format!("{}..{} {}", m.loss_lower, m.loss_upper, m.class.name()),
    }
}

/// A move's loss as a sentence, for the hover text: proved, or what is proved of it.
pub(crate) fn loss_sentence(t: &crate::i18n::Texts, m: &MoveAnalysis) -> String {
    use crate::i18n::fill;
    match m.loss {
        Some(loss) => fill(t.loss_proved, &[&loss]),
        None if m.loss_lower > 0 && m.loss_upper < BLUNDER => {
            fill(t.loss_between, &[&m.loss_lower, &m.loss_upper])
        }
        None if m.loss_lower > 0 => fill(t.loss_at_least, &[&m.loss_lower]),
        None if m.loss_upper < BLUNDER => fill(t.loss_at_most, &[&m.loss_upper]),
        None => t.loss_unknown.to_string(),
    }
}

#[cfg(test)]
mod task_tests {
    use super::*;
    use crate::jobs::job::wait_for;

    #[test]
    fn the_analysis_task_finds_the_move_that_threw_the_win_away() {
        // X could win with c1 at move 5 and played c3; O then wins with c2.
        let task = AnalysisTask {
            game: "game=tictactoe moves=a1,a2,b1,b2,c3,c2".to_string(),
            time_per_position: TIME_PER_POSITION,
        };
        let job = Job::start(task, || {});
        let Polled::Done(Ok(analysis)) = wait_for(&mut { job }) else {
            panic!("no analysis");
        };
        assert!(analysis.complete);
        assert_eq!(analysis.moves.len(), 6);
        let worst: Vec<usize> = analysis.worst_moves(1, 3).iter().map(|m| m.ply).collect();
        assert_eq!(worst, vec![5]);
        let fifth = &analysis.moves[4];
        assert_eq!(fifth.best.as_deref(), Some("c1"));
        assert_eq!(
            (fifth.outcome_before, fifth.outcome_after),
            (
                Some(Some(queens_engines::analysis::Outcome::Win)),
                Some(Some(queens_engines::analysis::Outcome::Loss))
            )
        );
        assert_eq!((fifth.margin_before, fifth.margin_after), (1, -1));
    }
}

#[cfg(test)]
mod contrast_tests {
    use super::*;
    use eframe::egui::{Color32, Visuals};

    /// WCAG 2 relative luminance of an sRGB colour.
    fn luminance(colour: Color32) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(colour.r()) + 0.7152 * channel(colour.g()) + 0.0722 * channel(colour.b())
    }

    /// WCAG 2 contrast ratio, 1 to 21.
    fn contrast(a: Color32, b: Color32) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// `colour` (premultiplied, perhaps see-through like the stripes) painted over the
    /// opaque `under`.
    fn over(colour: Color32, under: Color32) -> Color32 {
        let keep = 1.0 - f32::from(colour.a()) / 255.0;
        let mix = |c: u8, u: u8| (f32::from(c) + f32::from(u) * keep).round().min(255.0) as u8;
        Color32::from_rgb(
            mix(colour.r(), under.r()),
            mix(colour.g(), under.g()),
            mix(colour.b(), under.b()),
        )
    }

    /// Issue 32.10: orange on the light theme's selection blue and yellow on white fell
    /// below WCAG AA. Every class's colour, on every background a loss or a worst move is
    /// drawn on (the panel, a striped row, a selected row or button, a hovered button),
    /// reads at 4.5:1 or better in both themes.
    #[test]
    fn every_class_colour_passes_wcag_aa_on_every_background_in_both_themes() {
        let classes = [
            Class::Best,
            Class::Good,
            Class::Inaccuracy,
            Class::Mistake,
            Class::Blunder,
            Class::Unproved,
        ];
        for dark in [false, true] {
            let visuals = if dark {
                Visuals::dark()
            } else {
                Visuals::light()
            };
            let backgrounds = [
                ("panel", visuals.panel_fill),
                ("window", visuals.window_fill),
                ("striped row", visuals.faint_bg_color),
                ("selected", visuals.selection.bg_fill),
                ("hovered", visuals.widgets.hovered.weak_bg_fill),
            ];
            for class in classes {
                for (name, background) in backgrounds {
                    let background = over(background, visuals.panel_fill);
                    let ratio = contrast(colour_of(class, dark), background);
                    assert!(
                        ratio >= 4.5,
                        "dark {dark}: {class:?} on the {name} background: {ratio:.2}:1"
                    );
                }
            }
        }
    }
}
