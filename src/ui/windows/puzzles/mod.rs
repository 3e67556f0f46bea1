//! Learn > Puzzles (issue 22.2): "find the move that gives nothing away" on the shipped
//! puzzles, each proved by the solver. A right answer plays out best play after it; a
//! wrong one says exactly how many cells it gives away and plays out how it is punished,
//! move by move; Retry and Show solution. The player's Elo rating, streaks and latest
//! attempts are kept in the settings (through [`Action::PuzzleResult`]), and the next
//! puzzle is the one nearest the player's rating.
//!
//! Every game whose row of the games table has a solver ([`Tools::puzzles`]) has
//! puzzles here. The window shows the puzzles of the game on screen when it opens and
//! whenever a game of another kind is put on screen; its Game chooser offers the
//! others, so a learner can try another game's puzzles without leaving the game on
//! screen. Queens' puzzles are the shipped set above, whose losses are cells; the other
//! games' are made from random games as the window goes, proved in result steps
//! ("right: keeps the win", "wrong: turns the win into a draw"), on a background job
//! with progress and Stop (`game`, `game_view`, [`crate::ui::jobs::game_puzzles`]).
//! They are not rated: the rating is the shipped set's.
//!
//! Modules: the state without drawing (`model`, and `game` for the other games), the
//! other games' drawing (`game_view`) and the strings (`texts`).

mod game;
mod game_view;
mod model;
#[cfg(target_arch = "wasm32")]
pub(crate) use model::LineTask;
mod texts;

use game::GamePuzzles;
pub use model::{Phase, PuzzleSession};
pub use texts::{PuzzleTexts, puzzle_texts};

use crate::ai::puzzles::{PuzzleSet, PuzzleWalk};
use crate::board::{Board, Cell, Player};
use crate::games::seam::Tools;
use crate::games::table::{DEFAULT_TAG, GAMES, by_tag};
use crate::ui::app::action::Action;
use crate::ui::board::layout::BoardLayout;
use crate::ui::board::view::{CellWords, Ghost, Interaction, Overlay, board_ui};
use crate::ui::i18n::fill;
use crate::ui::i18n::grid::words;
use crate::ui::shell::theme::palette;
use crate::ui::windows::{View, Window};
use eframe::egui::{self, RichText};

/// The largest board the window draws, in points (a 15x15 board's cells at 56).
const BOARD_MAX: f32 = 840.0;

/// The puzzle window.
#[derive(Default)]
pub struct PuzzlesWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The puzzle on show (chosen when the window first opens).
    pub session: Option<PuzzleSession>,
    /// The player's rating before this puzzle's first try, to show the change.
    rating_before: Option<i32>,
    /// The puzzles this sitting has offered, so Next moves on through the whole set.
    walk: PuzzleWalk,
    /// The game whose puzzles are on show (its tag; the shipped set's game until one
    /// is chosen or put on screen).
    chosen: Option<&'static str>,
    /// The game on screen when the window last looked: a game of another kind put on
    /// screen brings its puzzles.
    on_screen: Option<&'static str>,
    /// The puzzles of the other games chosen this sitting, each with its run.
    games: Vec<GamePuzzles>,
}

/// The game of the shipped set (`crate::ai::puzzles` holds queens positions, whose
/// results are margins of cells that result steps do not measure); every other game's
/// puzzles are proved as the window goes.
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
        let set = PuzzleSet::shipped();
        if tag == SET_GAME && self.session.is_none() {
            let first = self.walk.next(view.puzzles, set, None);
            self.load(set, first);
        }
        if let Some(session) = &mut self.session {
            session.poll();
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
                    self.body_ui(ui, view, t, set, &mut choice, actions);
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
        if let Some(session) = &mut self.session {
            session.stop();
        }
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
        let chooser = |ui: &mut egui::Ui| chooser_ui(ui, view, t, chosen);
        game_view::game_puzzles_ui(ui, &mut self.games[at], start.as_ref(), view, t, chooser);
    }

    fn load(&mut self, set: &PuzzleSet, number: Option<usize>) {
        if let Some(session) = &mut self.session {
            session.stop();
        }
        self.session = number.and_then(|number| PuzzleSession::open(set, number));
        self.rating_before = None;
    }

    fn body_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View<'_>,
        t: &PuzzleTexts,
        set: &PuzzleSet,
        chosen: &mut &'static str,
        actions: &mut Vec<Action>,
    ) {
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
        let Some(session) = &self.session else {
            ui.horizontal_wrapped(|ui| chooser_ui(ui, view, t, chosen));
            ui.label(t.no_puzzles);
            return;
        };
        // The chooser shares the puzzle's row: the board keeps the screen's height.
        ui.horizontal_wrapped(|ui| {
            chooser_ui(ui, view, t, chosen);
            ui.label(
                RichText::new(fill(
                    t.puzzle_line,
                    &[
                        &(session.number + 1),
                        &set.puzzles.len(),
                        &progress.puzzle_rating(set, session.number),
                        &session.board.size(),
                    ],
                ))
                .strong(),
            );
        });
        match board_side(ui) {
            Side::Beside(side) => {
                ui.horizontal_top(|ui| {
                    self.board_ui(ui, side, view, t, actions);
                    ui.vertical(|ui| self.controls_ui(ui, view, t, set, actions));
                });
            }
            Side::Above(side) => {
                self.board_ui(ui, side, view, t, actions);
                self.controls_ui(ui, view, t, set, actions);
            }
        }
    }

    /// The board, `side` points square; a move played on it is rated once.
    fn board_ui(
        &mut self,
        ui: &mut egui::Ui,
        side: f32,
        view: &View<'_>,
        t: &PuzzleTexts,
        actions: &mut Vec<Action>,
    ) {
        let Some(session) = &mut self.session else {
            return;
        };
        let Some(clicked) = board_area_ui(ui, side, session, view, t) else {
            return;
        };
        let repaint = ui.ctx().clone();
        if session
            .try_move(clicked, move || repaint.request_repaint())
            .is_some()
            && !session.rated
        {
            session.rated = true;
            self.rating_before = Some(view.puzzles.rating);
            let solved = matches!(session.phase, Phase::Right { .. });
            actions.push(Action::PuzzleResult {
                puzzle: session.number,
                solved,
            });
        }
    }

    /// The verdict, the line played out and Retry / Show solution / Next.
    fn controls_ui(
        &mut self,
        ui: &mut egui::Ui,
        view: &View<'_>,
        t: &PuzzleTexts,
        set: &PuzzleSet,
        actions: &mut Vec<Action>,
    ) {
        let progress = view.puzzles;
        let Some(session) = &mut self.session else {
            return;
        };
        let mover = session.board.side_to_move();
        let colours = palette(view.dark);
        let name = |player: Player| match player {
            Player::One => t.first_player,
            Player::Two => t.second_player,
        };
        let verdict = match &session.phase {
            Phase::Solving => {
                RichText::new(fill(t.task, &[&name(mover)])).color(colours.queen_of(mover))
            }
            Phase::Right { played } => RichText::new(fill(t.right, &[played]))
                .color(ui.visuals().widgets.active.fg_stroke.color)
                .strong(),
            Phase::Wrong { played, loss } => {
                RichText::new(fill(t.wrong, &[played, loss])).color(ui.visuals().error_fg_color)
            }
            Phase::Shown { solution } => RichText::new(fill(t.shown, &[solution])),
        };
        ui.label(verdict);
        if let Some(before) = self.rating_before {
            ui.label(fill(t.rating_change, &[&before, &progress.rating]));
        }
        if session.phase != Phase::Solving {
            line_ui(ui, session, t, &name);
        }
        ui.separator();
        let (mut retry, mut show, mut next) = (false, false, false);
        let tried = session.phase != Phase::Solving;
        ui.horizontal_wrapped(|ui| {
            retry = ui.add_enabled(tried, egui::Button::new(t.retry)).clicked();
            show = ui
                .add_enabled(!tried, egui::Button::new(t.show_solution))
                .clicked();
            next = ui.button(t.next_puzzle).clicked();
        });
        if retry {
            session.retry();
        }
        if show {
            let repaint = ui.ctx().clone();
            session.show_solution(move || repaint.request_repaint());
            // Asking for the solution before any try counts as not solving it.
            if !session.rated {
                session.rated = true;
                self.rating_before = Some(progress.rating);
                actions.push(Action::PuzzleResult {
                    puzzle: session.number,
                    solved: false,
                });
            }
        }
        if next {
            let following = self.walk.next(progress, set, Some(session.number));
            self.load(set, following);
        }
        if self
            .session
            .as_ref()
            .is_some_and(|s| s.rated && s.phase == Phase::Solving)
        {
            ui.label(RichText::new(t.retry_note).small().weak());
        }
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

/// The puzzle's board (after the line's moves on show, the rest as numbered faint
/// queens); returns a cell clicked while the player is looking for the move.
fn board_area_ui(
    ui: &mut egui::Ui,
    side: f32,
    session: &PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
) -> Option<Cell> {
    let board = session.shown_board();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let overlay = overlay(rect, session, view, t, &board);
    // A child ui with its own id keeps the puzzle's cells apart from the main board's.
    let response = ui
        .push_id("puzzle_board", |ui| board_ui(ui, &board, &overlay))
        .inner;
    response.clicked.filter(|_| session.phase == Phase::Solving)
}

/// The line played out: its caption, the step on show, the end it reaches, the buttons
/// that step through it; "proving" with Stop while the solver works.
fn line_ui(
    ui: &mut egui::Ui,
    session: &mut PuzzleSession,
    t: &PuzzleTexts,
    name: &dyn Fn(Player) -> &'static str,
) {
    let caption = match session.phase {
        Phase::Wrong { .. } => t.refutation,
        _ => t.best_play,
    };
    ui.label(RichText::new(caption).small());
    if session.proving.is_some() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t.proving);
            if ui.button(t.stop).clicked() {
                session.stop();
                session.unproved = true;
            }
        });
    } else if session.unproved {
        ui.label(RichText::new(t.not_proved).italics());
    }
    let total = session.line.len();
    let step_text = if session.step == 0 {
        fill(t.line_start, &[&total])
    } else {
        let cell = session.line[session.step - 1];
        fill(t.line_step, &[&session.step, &total, &cell])
    };
    ui.label(step_text);
    if let Some(to) = step_buttons_ui(ui, t, session.step, total) {
        session.set_step(to);
    }
    if session.proving.is_none()
        && let Some(margin) = session.line_margin()
    {
        let end = match margin.cmp(&0) {
            std::cmp::Ordering::Greater => fill(t.ends_ahead, &[&name(Player::One), &margin]),
            std::cmp::Ordering::Less => fill(t.ends_ahead, &[&name(Player::Two), &-margin]),
            std::cmp::Ordering::Equal => t.ends_level.to_string(),
        };
        ui.label(end);
    }
}

/// What a screen reader says each puzzle cell holds.
/// The |< < > >| buttons that step through a puzzle's line of `total` moves, at
/// `step`: the step clicked, if any (every game's puzzle line steps the same way).
fn step_buttons_ui(ui: &mut egui::Ui, t: &PuzzleTexts, step: usize, total: usize) -> Option<usize> {
    ui.horizontal_wrapped(|ui| {
        let mut to = None;
        let mut go = |ui: &mut egui::Ui, text: &str, enabled: bool, target: usize| {
            if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
                to = Some(target);
            }
        };
        go(ui, t.first_step, step > 0, 0);
        go(ui, t.back, step > 0, step.saturating_sub(1));
        go(ui, t.forward, step < total, step + 1);
        go(ui, t.last_step, step < total, total);
        to
    })
    .inner
}

fn cell_words(view: &View<'_>, t: &PuzzleTexts) -> CellWords {
    let words = view.texts;
    CellWords {
        empty: words.cell_empty.to_string(),
        stone: words.cell_stone.to_string(),
        queen: [
            fill(words.cell_queen, &[&t.first_player]),
            fill(words.cell_queen, &[&t.second_player]),
        ],
        claimed: [
            fill(words.cell_claimed, &[&t.first_player]),
            fill(words.cell_claimed, &[&t.second_player]),
        ],
    }
}

/// The overlay of the puzzle's board in `rect`.
fn overlay(
    rect: egui::Rect,
    session: &PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
    board: &Board,
) -> Overlay {
    let solving = session.phase == Phase::Solving;
    let ghosts = session
        .line
        .iter()
        .enumerate()
        .skip(session.step)
        .map(|(index, &cell)| Ghost {
            cell,
            player: Player::at_ply(session.board.ply() + index),
            number: index + 1,
        })
        .collect();
    Overlay {
        layout: BoardLayout::fit(rect, board.size(), true),
        palette: palette(view.dark),
        coordinates: true,
        preview: solving,
        preview_side: solving.then(|| board.side_to_move()),
        interaction: if solving {
            Interaction::Play
        } else {
            Interaction::ReadOnly
        },
        last_move: (session.step > 0).then(|| session.line[session.step - 1]),
        hint: None,
        appearing: None,
        name: t.cell_prefix,
        compare: None,
        heat: Vec::new(),
        ghosts,
        words: Some(cell_words(view, t)),
    }
}
