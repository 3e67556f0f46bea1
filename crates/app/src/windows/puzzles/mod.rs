//! Learn > Puzzles (issue 22.2): "find the move that gives nothing away", each puzzle
//! proved by the solver. A right answer plays out best play after it; a wrong one says
//! exactly what it gives away (cells, or a result turned into another) and plays out how
//! it is punished, move by move; Retry and Show solution.
//!
//! Every game whose row of the games table has a solver ([`Tools::puzzles`]) has
//! puzzles here, and every game's puzzle is one [`PuzzleSession`] over the seam (moves
//! as text, the puzzle in the puzzle files' shape), drawn by one view (`view`) with the
//! painter the game is drawn with on the main screen. Games differ only in where their
//! puzzles come from: the game of the shipped set (queens, `data/puzzles.ron`) takes
//! them from it, rated: the player's Elo rating, streaks and latest attempts are kept
//! in the settings (through `Action::PuzzleResult`) and the next puzzle is the one
//! nearest the player's rating; every other game's are made from random games as the
//! window goes, on a background job with progress and Stop (`generated`,
//! [`crate::jobs::game_puzzles`]), not rated.
//!
//! The window shows the puzzles of the game on screen when it opens and whenever a
//! game of another kind is put on screen; its Game chooser offers the others, so a
//! learner can try another game's puzzles without leaving the game on screen.
//!
//! Modules: the session without drawing (`session`), the two sources of puzzles (the
//! shipped set with its rating in `shipped`; the generator's run in `generated`, its
//! progress row drawn here), the session drawn (`view`) and the strings (`texts`).

mod generated;
mod session;
#[cfg(target_arch = "wasm32")]
pub(crate) use session::LineTask;
mod shipped;
mod texts;
mod view;

use generated::GamePuzzles;
pub use session::Phase;
pub use session::PuzzleSession;
use shipped::Shipped;
pub(crate) use texts::{PuzzleTexts, puzzle_texts};

use crate::app::action::Action;
use crate::i18n::fill;
use crate::i18n::grid::words;
use crate::windows::{View, Window};
use eframe::egui::{self, RichText};
use queens_engines::games::seam::Tools;
use queens_engines::games::table::{DEFAULT_TAG, GAMES, by_tag};
use view::{Extras, session_ui};

/// The largest board the window draws, in points (a 15x15 board's cells at 56).
const BOARD_MAX: f32 = 840.0;

/// The puzzle window.
#[derive(Default)]
pub(crate) struct PuzzlesWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The shipped set's puzzles (its game's).
    shipped: Shipped,
    /// The game whose puzzles are on show (its tag; the shipped set's game until one
    /// is chosen or put on screen).
    chosen: Option<&'static str>,
    /// The game on screen when the window last looked: a game of another kind put on
    /// screen brings its puzzles.
    on_screen: Option<&'static str>,
    /// The puzzles of the other games chosen this sitting, each with its run.
    games: Vec<GamePuzzles>,
}

/// The game of the shipped set: its puzzles come from `data/puzzles.ron` (rated), every
/// other game's from the generator as the window goes.
const SET_GAME: &str = DEFAULT_TAG;

impl Window for PuzzlesWindow {
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open {
            // A closed window proves nothing in the background.
            self.shut_down();
            return;
        }
        self.follow_screen(view);
        let tag = self.chosen.unwrap_or(SET_GAME);
        if tag == SET_GAME {
            self.shipped.poll(view.puzzles);
        }
        let t = puzzle_texts(view.language);
        let mut open = self.open;
        // As wide as the largest board the screen's height allows above the verdict and
        // the buttons, within the screen (a small screen puts the board beside them).
        let room = super::room(ctx);
        let wanted = egui::vec2(wanted_width(room), room.y);
        let window = egui::Window::new(t.title).open(&mut open);
        super::fitted(window, ctx, wanted).show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                Self::no_solver_ui(ui, view, t);
                let mut choice = tag;
                if tag == SET_GAME {
                    let chooser = |ui: &mut egui::Ui| chooser_ui(ui, view, t, &mut choice);
                    self.shipped.ui(ui, view, t, chooser, actions);
                } else {
                    self.game_ui(ui, view, t, &mut choice);
                }
                self.chosen = Some(choice);
            });
        });
        self.open = open;
    }

    fn shut_down(&mut self) {
        // A closed window proves nothing in the background.
        self.shipped.stop();
        for game in &mut self.games {
            game.stop();
        }
    }
}

/// The Game chooser, in the row it is put in: every game whose row has a solver;
/// `chosen` is the game on show, and becomes the one chosen.
fn chooser_ui(ui: &mut egui::Ui, view: &View<'_>, t: &PuzzleTexts, chosen: &mut &'static str) {
    let g = view.texts.grid;
    ui.label(t.game_label);
    egui::ComboBox::from_id_salt("puzzle_game")
        .selected_text(words(g, chosen).name)
        .show_ui(ui, |ui| {
            for entry in GAMES.iter().filter(|entry| entry.tools.puzzles()) {
                ui.selectable_value(chosen, entry.tag, words(g, entry.tag).name);
            }
        });
}

/// The tools of the game `tag` (none for a tag the table has not).
fn tools_of(tag: &str) -> Tools {
    by_tag(tag).map_or(Tools::PLAY_ONLY, |entry| entry.tools)
}

impl PuzzlesWindow {
    /// The puzzle on show, whichever game's it is.
    pub(crate) fn session(&self) -> Option<&PuzzleSession> {
        match self.chosen.unwrap_or(SET_GAME) {
            SET_GAME => self.shipped.session.as_ref(),
            tag => self
                .games
                .iter()
                .find(|game| game.tag == tag)
                .and_then(|game| game.session.as_ref()),
        }
    }

    /// Shows the puzzles of a game of another kind put on screen, when it has any.
    fn follow_screen(&mut self, view: &View<'_>) {
        let here = view.game.tag();
        if self.on_screen != Some(here) {
            self.on_screen = Some(here);
            if tools_of(here).puzzles() {
                self.chosen = Some(here);
            }
        }
    }

    /// A word when the game on screen has no puzzles (no solver proves them).
    fn no_solver_ui(ui: &mut egui::Ui, view: &View<'_>, t: &PuzzleTexts) {
        let here = view.game.tag();
        if !tools_of(here).puzzles() {
            let name = words(view.texts.grid, here).name;
            ui.label(RichText::new(fill(t.no_solver, &[&name])).weak());
        }
    }

    /// The puzzles of the other game `chosen`, made as the window goes (with the
    /// chooser, which may choose another).
    fn game_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View<'_>,
        t: &PuzzleTexts,
        chosen: &mut &'static str,
    ) {
        let Some(entry) = by_tag(chosen) else {
            return;
        };
        let start = match (entry.start)() {
            Ok(start) => start,
            Err(why) => {
                ui.horizontal_wrapped(|ui| chooser_ui(ui, view, t, chosen));
                ui.colored_label(ui.visuals().error_fg_color, fill(t.failed, &[&why]));
                return;
            }
        };
        let at = match self.games.iter().position(|game| game.tag == entry.tag) {
            Some(at) => at,
            None => {
                let ctx = ui.ctx().clone();
                let puzzles = GamePuzzles::new(start.as_ref(), fresh_seed(), move || {
                    ctx.request_repaint();
                });
                self.games.push(puzzles);
                self.games.len() - 1
            }
        };
        let puzzles = &mut self.games[at];
        puzzles.poll();
        run_ui(ui, puzzles, start.as_ref(), t, |ui| {
            chooser_ui(ui, view, t, chosen);
        });
        ui.add(egui::Label::new(RichText::new(t.not_rated).small().weak()).wrap());
        ui.separator();
        let name = words(view.texts.grid, puzzles.tag).name;
        let found = puzzles.puzzles.len();
        let Some(session) = &mut puzzles.session else {
            ui.label(if puzzles.looking().is_some() {
                t.waiting
            } else {
                t.none_found
            });
            return;
        };
        ui.label(
            RichText::new(fill(
                t.game_puzzle_line,
                &[&(session.number + 1), &found, &name],
            ))
            .strong(),
        );
        let extras = Extras {
            rating_change: None,
            rated: false,
        };
        if session_ui(ui, session, view, t, &extras).next {
            let ctx = ui.ctx().clone();
            puzzles.next(start.as_ref(), move || ctx.request_repaint());
        }
    }
}

/// The Game chooser and the run looking for puzzles: what it has found, with Stop; then
/// what it found (or why it stopped or failed) with More puzzles. Always one row of the
/// same height, so the board and the buttons below stay where they are when the run
/// ends.
fn run_ui(
    ui: &mut egui::Ui,
    puzzles: &mut GamePuzzles,
    start: &dyn queens_engines::games::seam::AnyGame,
    t: &PuzzleTexts,
    chooser: impl FnOnce(&mut egui::Ui),
) {
    let (mut stop, mut more) = (false, false);
    ui.horizontal_wrapped(|ui| {
        chooser(ui);
        if let Some(games) = puzzles.looking() {
            ui.spinner();
            ui.label(fill(t.looking, &[&puzzles.puzzles.len(), &games]));
            stop = ui.button(t.stop).clicked();
            return;
        }
        if let Some(why) = puzzles.failed() {
            ui.colored_label(ui.visuals().error_fg_color, fill(t.failed, &[&why]));
        } else if puzzles.stopped() {
            ui.label(RichText::new(t.stopped).italics());
        } else {
            ui.label(fill(t.found, &[&puzzles.puzzles.len()]));
        }
        more = ui.button(t.more_puzzles).clicked();
    });
    if stop {
        puzzles.stop_run();
    }
    if more {
        let ctx = ui.ctx().clone();
        puzzles.look_for_more(start, move || ctx.request_repaint());
    }
}

/// A seed for a sitting's puzzle runs: new puzzles each time the window is opened (the
/// clock's nanoseconds; any seed gives proved puzzles).
fn fresh_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(1, |since| since.as_nanos() as u64)
}

/// Where the board goes and how large it is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    /// Beside the verdict and buttons (a wide, short screen).
    Beside(f32),
    /// Above them.
    Above(f32),
}

/// The points the verdict, the line and the buttons take under the board, and beside
/// it: the board gives way so they stay in view without scrolling.
const BELOW: f32 = 280.0;
const BESIDE: f32 = 260.0;

/// The points the window's title and the lines above the board take.
const HEADER: f32 = 100.0;

/// The board's place and side in `width` x `height` points: the larger of above the
/// controls or beside them (issue 32.13: a 12x12 puzzle got ~17-point cells at 640x480
/// and ~35 at 1920x1080 while the screen had room).
fn place(width: f32, height: f32) -> Side {
    let above = width.min(height - BELOW).min(BOARD_MAX);
    let beside = (width - BESIDE).min(height - 16.0).min(BOARD_MAX);
    if beside > above * 1.2 {
        Side::Beside(beside.max(160.0))
    } else {
        Side::Above(above.max(160.0))
    }
}

/// The board's place and side for the room left in the window's screen area.
fn board_side(ui: &egui::Ui) -> Side {
    let area = super::area(ui.ctx());
    // Less the window's frame and margin under its content (seen at 640x480: the
    // board's last row scrolled behind the window's bottom edge).
    place(
        ui.available_width(),
        area.bottom() - ui.cursor().top() - 28.0,
    )
}

/// The window's width that gives the board its room on a screen with `room` for it.
fn wanted_width(room: egui::Vec2) -> f32 {
    let margin = 24.0;
    match place(room.x - margin, room.y - HEADER) {
        Side::Beside(side) => side + BESIDE + margin,
        Side::Above(side) => side.max(420.0) + margin,
    }
}
