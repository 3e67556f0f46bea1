//! Work the window keeps going beside the game: the game analysis (started on request)
//! and the move values of the position on screen (View > move values).

use super::App;
use eframe::egui;
use queens_board::Player;

impl App {
    /// Starts analysing the game on screen (its moves so far), unless one is running:
    /// one analysis for every game with an exact solver (`analysis::analyse`).
    pub(super) fn start_analysis(&mut self, ctx: &egui::Context) {
        if self.is_analysing() {
            return;
        }
        let repaint = ctx.clone();
        self.analysis.shown = None;
        self.analysis.failed = None;
        self.analysis.job = Some(crate::jobs::analysis::AnalysisJob::start(
            self.game.game.as_ref(),
            self.analysis.time,
            move || repaint.request_repaint(),
        ));
    }

    /// Sets Analyse game's time for one position (the window uses half a second). For
    /// tests and scripted runs that need a position the first pass cannot prove: since
    /// the solver proves a 15x15 opening in well under a second, no real board stays
    /// unproved for the window's own half second on every machine.
    pub fn set_analysis_time(&mut self, per_position: std::time::Duration) {
        self.analysis.time = per_position;
    }

    /// Takes a finished analysis.
    pub(crate) fn poll_analysis(&mut self) {
        let Some(job) = self.analysis.job.as_mut() else {
            return;
        };
        let Some(result) = job.finished() else {
            return;
        };
        self.analysis.job = None;
        match result {
            Ok(analysis) => {
                if let Some(board) = self.game.queens() {
                    self.advice.known.learn_analysis(board, &analysis);
                }
                self.analysis.shown = Some(analysis);
                self.analysis.failed = None;
            }
            Err(why) => {
                self.analysis.shown = None;
                self.analysis.failed = Some(why);
            }
        }
    }

    /// Whether an analysis is running.
    pub fn is_analysing(&self) -> bool {
        self.analysis.job.is_some()
    }

    /// The running analysis's counts: positions analysed and positions in all in its
    /// first pass, positions looked at again and left unproved in its second look.
    pub(crate) fn analysis_counts(&self) -> Option<(usize, usize)> {
        use crate::jobs::analysis::AnalysisProgress;
        self.analysis.job.as_ref().map(|job| match job.progress() {
            AnalysisProgress::Positions { done, total } => (done, total),
            AnalysisProgress::SecondLook { done, unproved } => (done, unproved),
        })
    }

    /// The analysis of the game on screen, once finished (none after a move changed the
    /// game), or why the last one could not be made.
    pub fn analysis_answer(&self) -> Option<Result<&queens_engines::analysis::Analysis, &str>> {
        match (self.analysis(), &self.analysis.failed) {
            (Some(analysis), _) => Some(Ok(analysis)),
            (None, Some(why)) => Some(Err(why.as_str())),
            (None, None) => None,
        }
    }

    /// Whether the running analysis is in its second look (its first pass is done, and
    /// the positions it left unproved are being solved again).
    pub fn is_taking_second_look(&self) -> bool {
        self.analysis.job.as_ref().is_some_and(|job| {
            matches!(
                job.progress(),
                crate::jobs::analysis::AnalysisProgress::SecondLook { .. }
            )
        })
    }

    /// The analysis of the game on screen, once finished (none after a move changed
    /// the game).
    pub fn analysis(&self) -> Option<&queens_engines::analysis::Analysis> {
        self.analysis
            .shown
            .as_ref()
            .filter(|analysis| analysis.game == self.game.game_string())
    }

    /// The analysed move (1-based) on show beside its better move, with the position
    /// before it: the played and the better cell and who moved.
    pub fn compared_move(&self) -> Option<crate::board::view::Compare> {
        let ply = self.analysis.compared?;
        if self.review != Some(ply - 1) {
            return None;
        }
        let judged = self.analysis()?.moves.iter().find(|m| m.ply == ply)?;
        Some(crate::board::view::Compare {
            played: queens_board::Cell::parse(&judged.played)?,
            // A better move is marked only when it is proved to keep more.
            better: queens_board::Cell::parse(
                judged.best.as_deref().filter(|_| judged.better_proved)?,
            )?,
            mover: Player::at_ply(ply - 1),
        })
    }

    /// Keeps the move values' job on the position on screen, for every game with an
    /// exact solver: started when they are wanted and missing, replaced when the
    /// position changed, dropped (stopped) when no longer wanted.
    pub(crate) fn poll_values(&mut self, ctx: &egui::Context) {
        // What the move values proved is kept for every line that tells the margin.
        if let Some(values) = self.advice.values.as_ref().and_then(|job| job.values()) {
            self.advice.known.learn_values(&values);
        }
        let Some(shown) = self.valued_position() else {
            self.advice.values = None;
            return;
        };
        let position = shown.game_string();
        if let Some(job) = self.advice.values.as_mut()
            && job.is_for(&position)
        {
            job.poll();
            return;
        }
        let repaint = ctx.clone();
        self.advice.values = Some(crate::jobs::move_values::MoveValuesJob::start(
            shown.as_ref(),
            move || repaint.request_repaint(),
        ));
    }

    /// The position whose moves are valued now: the one on screen (the one shown while
    /// reviewing), while the move values are on, the game has an exact solver, a move
    /// is to be chosen there, and the computer is not thinking about it (the two would
    /// share the machine, and the computer's time-limited search would play weaker).
    fn valued_position(&self) -> Option<Box<dyn queens_engines::games::seam::AnyGame>> {
        if !self.settings.heat_map
            || !self.tools().move_values()
            || self.new_game.open
            || self.asking()
        {
            return None;
        }
        let game = &self.game;
        let computer_thinking = self.review.is_none() && game.computer_to_move();
        if computer_thinking || game.resigned().is_some() {
            return None;
        }
        let shown = match self.review {
            Some(ply) => game.at_ply(ply),
            None => game.game.clone(),
        };
        shown.result().is_none().then_some(shown)
    }

    /// The move values of the position on screen (the best answer so far), while the
    /// move values are on.
    pub fn move_values(&self) -> Option<queens_engines::games::move_values::MoveValues> {
        self.values_job()?.values()
    }

    /// The move values' job of the position on screen, if it is the one valued.
    fn values_job(&self) -> Option<&crate::jobs::move_values::MoveValuesJob> {
        let position = self.valued_position()?.game_string();
        self.advice
            .values
            .as_ref()
            .filter(|job| job.is_for(&position))
    }

    /// Why the move values of the position on screen could not be had, if so.
    pub(crate) fn move_values_failed(&self) -> Option<&str> {
        self.values_job()?.failed()
    }

    /// Whether the move values of the position on screen are still being improved.
    pub fn move_values_running(&self) -> bool {
        self.advice
            .values
            .as_ref()
            .is_some_and(crate::jobs::move_values::MoveValuesJob::running)
    }
}
