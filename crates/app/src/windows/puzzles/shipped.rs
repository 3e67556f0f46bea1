//! Where the shipped set's game gets its puzzles: `data/puzzles.ron` (queens, margins of
//! cells), rated. The player's record and the puzzle's rating head the puzzle; each
//! first try, or the solution asked for before any try (a miss), is told once as
//! [`Action::PuzzleResult`]; Next offers the untried puzzle nearest the player's
//! rating ([`PuzzleWalk`]). The puzzle itself is the one [`PuzzleSession`] every game's
//! puzzle is, drawn by the one view.

use super::session::{Phase, PuzzleSession, Stakes};
use super::texts::PuzzleTexts;
use super::view::{Extras, session_ui};
use crate::app::action::Action;
use crate::i18n::fill;
use crate::windows::View;
use eframe::egui::{self, RichText};
use queens_board::Board;
use queens_engines::ai::puzzles::{PuzzleProgress, PuzzleSet, PuzzleWalk};

/// The shipped set's puzzle on show and the sitting's walk through the set.
#[derive(Default)]
pub(crate) struct Shipped {
    /// The puzzle on show (chosen when the set's game is first shown).
    pub session: Option<PuzzleSession>,
    /// The player's rating before this puzzle's first try, to show the change.
    rating_before: Option<i32>,
    /// The puzzles this sitting has offered, so Next moves on through the whole set.
    walk: PuzzleWalk,
}

impl Shipped {
    /// Opens the puzzle nearest the player's rating when none is on show, and takes
    /// a finished proof of its line.
    pub(crate) fn poll(&mut self, progress: &PuzzleProgress) {
        if self.session.is_none() {
            let set = PuzzleSet::shipped();
            let first = self.walk.next(progress, set, None);
            self.load(set, first);
        }
        if let Some(session) = &mut self.session {
            session.poll();
        }
    }

    /// Stops the proof of a line, if one runs.
    pub(crate) fn stop(&mut self) {
        if let Some(session) = &mut self.session {
            session.stop();
        }
    }

    fn load(&mut self, set: &PuzzleSet, number: Option<usize>) {
        self.stop();
        self.session = number.and_then(|number| {
            let puzzle = set.puzzles.get(number)?.clone();
            PuzzleSession::open(number, puzzle, Stakes::Cells, Vec::new())
        });
        self.rating_before = None;
    }

    /// The player's record, the puzzle's line (with the Game `chooser` in its row) and
    /// the puzzle on show, rated.
    pub(crate) fn ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View<'_>,
        t: &PuzzleTexts,
        chooser: impl FnOnce(&mut egui::Ui),
        actions: &mut Vec<Action>,
    ) {
        let set = PuzzleSet::shipped();
        let progress = view.puzzles;
        ui.label(fill(
            t.rating_line,
            &[&progress.rating, &progress.solved, &progress.attempts],
        ));
        ui.label(fill(
            t.streak_line,
            &[&progress.streak, &progress.best_streak],
        ));
        ui.separator();
        let Some(session) = &mut self.session else {
            ui.horizontal_wrapped(chooser);
            ui.label(t.no_puzzles);
            return;
        };
        // The chooser shares the puzzle's row: the board keeps the screen's height. The
        // set's boards are queens', asked for by name for their size.
        let size = session
            .position
            .as_any()
            .downcast_ref::<Board>()
            .map_or(0, Board::size);
        ui.horizontal_wrapped(|ui| {
            chooser(ui);
            ui.label(
                RichText::new(fill(
                    t.puzzle_line,
                    &[
                        &(session.number + 1),
                        &set.puzzles.len(),
                        &progress.puzzle_rating(set, session.number),
                        &size,
                    ],
                ))
                .strong(),
            );
        });
        let extras = Extras {
            rating_change: self
                .rating_before
                .map(|before| fill(t.rating_change, &[&before, &progress.rating])),
            rated: true,
        };
        let pressed = session_ui(ui, session, view, t, &extras);
        // The first try, or the solution asked for before any try (a miss), is rated
        // once; a retry counts for nothing.
        if (pressed.tried || pressed.shown) && !session.rated {
            session.rated = true;
            self.rating_before = Some(progress.rating);
            actions.push(Action::PuzzleResult {
                puzzle: session.number,
                solved: pressed.tried && matches!(session.phase, Phase::Right { .. }),
            });
        }
        if pressed.next {
            let following = self.walk.next(progress, set, Some(session.number));
            self.load(set, following);
        }
    }
}
