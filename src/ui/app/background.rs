//! Work the window keeps going beside the game: the game analysis (started on request)
//! and the move values of the position on screen (View > move values).

use super::App;
use crate::board::{Board, Player};
use eframe::egui;
use std::borrow::Cow;

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
        self.analysis.job = Some(crate::ui::jobs::analysis::AnalysisJob::start(
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
    pub(in crate::ui) fn poll_analysis(&mut self) {
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
    pub fn analysis_counts(&self) -> Option<(usize, usize)> {
        use crate::ui::jobs::analysis::AnalysisProgress;
        self.analysis.job.as_ref().map(|job| match job.progress() {
            AnalysisProgress::Positions { done, total } => (done, total),
            AnalysisProgress::SecondLook { done, unproved } => (done, unproved),
        })
    }

    /// The analysis of the game on screen, once finished (none after a move changed the
    /// game), or why the last one could not be made.
    pub fn analysis_answer(&self) -> Option<Result<&crate::analysis::Analysis, &str>> {
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
                crate::ui::jobs::analysis::AnalysisProgress::SecondLook { .. }
            )
        })
    }

    /// The analysis of the game on screen, once finished (none after a move changed
    /// the game).
    pub fn analysis(&self) -> Option<&crate::analysis::Analysis> {
        self.analysis
            .shown
            .as_ref()
            .filter(|analysis| analysis.game == self.game.game_string())
    }

    /// The analysed move (1-based) on show beside its better move, with the position
    /// before it: the played and the better cell and who moved.
    pub fn compared_move(&self) -> Option<crate::ui::board::view::Compare> {
        let ply = self.analysis.compared?;
        if self.review != Some(ply - 1) {
            return None;
        }
        let judged = self.analysis()?.moves.iter().find(|m| m.ply == ply)?;
        Some(crate::ui::board::view::Compare {
            played: crate::board::Cell::parse(&judged.played)?,
            // A better move is marked only when it is proved to keep more.
            better: crate::board::Cell::parse(
                judged.best.as_deref().filter(|_| judged.better_proved)?,
            )?,
            mover: Player::at_ply(ply - 1),
        })
    }

    /// Keeps the move values' thread on the position on screen: started when they are
    /// wanted and missing, replaced when the position changed, dropped (stopped) when
    /// no longer wanted.
    pub(in crate::ui) fn poll_live(&mut self, ctx: &egui::Context) {
        // What the move values proved is kept for every line that tells the margin.
        if let Some(values) = self.advice.live.as_ref().and_then(|job| job.values()) {
            self.advice.known.learn_values(&values);
        }
        let Some(board) = self.live_board() else {
            self.advice.live = None;
            return;
        };
        if self
            .advice
            .live
            .as_ref()
            .is_some_and(|job| job.is_for(&board))
        {
            return;
        }
        let repaint = ctx.clone();
        self.advice.live = Some(crate::ui::jobs::live::LiveJob::start(&board, move || {
            repaint.request_repaint()
        }));
    }

    /// The position whose moves are valued now: the one on screen, while the move values
    /// are on, a move is to be chosen there, and the computer is not thinking about it
    /// (the two would share the machine, and the computer's time-limited search would
    /// play weaker).
    pub(super) fn live_board(&self) -> Option<Cow<'_, Board>> {
        if !self.settings.heat_map
            || !self.tools().move_values()
            // Queens' values (bounds and estimates on any board); the other games'
            // are proved (`poll_proved`).
            || self.game.queens().is_none()
            || self.new_game.open
            || self.asking()
        {
            return None;
        }
        let board = self.shown_board();
        let computer_thinking = self.review.is_none() && self.game.computer_to_move();
        (!board.is_over() && !computer_thinking && self.game.resigned().is_none()).then_some(board)
    }

    /// The move values of the position on screen (the best answer so far), while the
    /// move values are on.
    pub fn live_values(&self) -> Option<crate::analysis::MoveValues> {
        let board = self.live_board()?;
        let job = self.advice.live.as_ref().filter(|job| job.is_for(&board))?;
        job.values()
    }

    /// Whether the move values of the position on screen are still being improved.
    pub fn live_running(&self) -> bool {
        self.advice
            .live
            .as_ref()
            .is_some_and(crate::ui::jobs::live::LiveJob::running)
    }

    /// Keeps the proved values of a table game's moves on the position on screen:
    /// started when wanted and missing, replaced when the position changed, dropped
    /// (stopped) when no longer wanted.
    pub(in crate::ui) fn poll_proved(&mut self, ctx: &egui::Context) {
        let Some(shown) = self.proved_position() else {
            self.advice.proved = None;
            return;
        };
        let position = shown.game_string();
        if let Some(job) = self.advice.proved.as_mut()
            && job.is_for(&position)
        {
            job.poll();
            return;
        }
        let repaint = ctx.clone();
        self.advice.proved = Some(crate::ui::jobs::proved::ProvedJob::start(
            shown.as_ref(),
            move || repaint.request_repaint(),
        ));
    }

    /// The table game's position whose moves are proved now: the one on screen, while
    /// the move values are on, the game has an exact solver, a move is to be chosen
    /// there and the computer is not thinking about it.
    fn proved_position(&self) -> Option<Box<dyn crate::games::seam::AnyGame>> {
        if !self.settings.heat_map || !self.tools().solver || self.new_game.open || self.asking() {
            return None;
        }
        let game = &self.game;
        if game.queens().is_some() {
            // Queens' values are its own move values (`live_board`).
            return None;
        }
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

    /// The proved values of the table game's position on screen, once proved.
    pub fn proved_values(&self) -> Option<&crate::analysis::ProvedMoves> {
        let position = self.proved_position()?.game_string();
        self.advice
            .proved
            .as_ref()
            .filter(|job| job.is_for(&position))?
            .values()
    }

    /// Why the proved values of the table game's position could not be had, if so.
    pub fn proved_values_failed(&self) -> Option<&str> {
        let position = self.proved_position()?.game_string();
        self.advice
            .proved
            .as_ref()
            .filter(|job| job.is_for(&position))?
            .failed()
    }

    /// Whether the proved values of the table game's position are being proved.
    pub fn proving_values(&self) -> bool {
        self.advice
            .proved
            .as_ref()
            .is_some_and(crate::ui::jobs::proved::ProvedJob::running)
    }
}
