//! The Tree Lab (issue 12): type a game tree, pick one of the source documents' trees or
//! a random one, and step through minimax, alpha-beta or NegaScout as the lectures trace
//! them by hand, seeing each node's window and why each branch is cut.
//!
//! Modules: the state without drawing (`model`), the step table's words (`rows`, shared
//! with the Excel export), the tree painter (`draw`), the table (`table`), the controls
//! (`controls`) and the strings (`texts`).

mod controls;
mod dialog;
mod draw;
mod exercise;
mod grow;
mod model;
mod rows;
mod table;
mod texts;

pub(crate) use exercise::{ExerciseState, exercise_texts};
pub use model::{LabModel, Status};
pub(crate) use texts::{LabTexts, lab_texts};

use crate::session::settings::Language;
use eframe::egui::{self, Key, Modifiers};
use queens_engines::ai::tree::Tree;
use queens_engines::ai::tree::examples::EXAMPLES;
use queens_engines::ai::tree::lab::LabOptions;
use std::path::Path;

/// The zoom range: at 1/500 the largest tree the lab holds (4,096 leaves, 377 points at
/// this zoom) fits a 640-point window whole, so Fit always shows its root and principal
/// path (issue 38.13: at the old floor of a tenth, Fit showed three of a 15x15 board's
/// 58 moves and not the root); triple size reads well on a projector.
pub(crate) const MIN_ZOOM: f32 = 0.002;
/// See [`MIN_ZOOM`].
pub(crate) const MAX_ZOOM: f32 = 3.0;

/// The least height of the controls' scroll area: a line and its scroll bar.
const CONTROLS_LEAST: f32 = 36.0;

/// The height the tree (or the step table) keeps in a window `height` high, whatever the
/// exercise and the trace's status above it hold (issue 38.11: a 256-leaf answer list
/// pushed it, Check and End exercise below a full HD screen; 38.12: at 640x480 the
/// checked exercise's stepping did).
fn tree_least(height: f32) -> f32 {
    (height * 0.3).max(TREE_LEAST + 30.0)
}

/// The least height of the tree's own view (30 points above it go to the tree-or-steps
/// switch of a narrow window).
const TREE_LEAST: f32 = 100.0;

/// The lab's window state.
pub struct TreeLab {
    /// Whether the window is shown.
    pub open: bool,
    /// The tree, the trace and the cursor.
    pub model: LabModel,
    /// Whether the trace plays by itself.
    pub playing: bool,
    /// Steps per second when playing.
    pub speed: f32,
    /// The drawing's zoom.
    pub zoom: f32,
    /// When the last played step was taken (the frame clock, seconds).
    last_tick: Option<f64>,
    /// The leaf whose value is being edited.
    pub selected_leaf: Option<usize>,
    /// The value in the leaf editor.
    leaf_edit: i32,
    /// The workbook the step table is exported to.
    pub export_path: String,
    /// What the last export came to.
    pub export_message: Option<ExportNote>,
    /// The export being written, if any.
    pub export_job: Option<crate::jobs::workbook::WorkbookJob>,
    /// Bring the current row into view on the next frame.
    scroll_table: bool,
    /// In a narrow window: the step table instead of the tree.
    show_steps: bool,
    /// The native save dialog, while it is open.
    dialog: Option<dialog::SaveDialog>,
    /// The tree generation and cursor the table last showed: when either changes (a
    /// step, a new tree, the window reopened), the table scrolls to the current row.
    shown: Option<(u64, usize)>,
    /// The tree generation last fitted to the view, so a new tree is zoomed to fit once
    /// and the student's own zoom is kept afterwards.
    fitted: Option<u64>,
    /// The "Fit" button was pressed: the next frame zooms the whole tree into view.
    pub fit_asked: bool,
    /// The "From a game" source: game, position, depth.
    pub grow: grow::GrowForm,
    /// The exercise in progress (predict, then check) and the session's score.
    pub exercise: ExerciseState,
    /// Where the last frame drew the tree, while the window is open.
    drawn: Option<draw::Drawn>,
}

impl crate::windows::Window for TreeLab {
    fn show(
        &mut self,
        ctx: &egui::Context,
        view: &crate::windows::View<'_>,
        _actions: &mut Vec<crate::app::action::Action>,
    ) {
        if self.open {
            // "From a game" offers the position on screen and speaks the window's language.
            self.grow.on_screen = Some((view.game.tag(), view.game.to_string()));
            self.grow.language = view.language;
        }
        window_ui(self, ctx, view.language, view.dark, view.saves_dir);
    }
}

impl Default for TreeLab {
    fn default() -> Self {
        // The thesis's tree: the one the game's own document works through.
        let example = &EXAMPLES[0];
        let tree = Tree::parse(example.tree).unwrap_or_else(|_| {
            // The examples are checked by tests; a single leaf keeps the lab usable.
            Tree::parse("0").unwrap_or_else(|_| unreachable!("\"0\" is a tree"))
        });
        let mut model = LabModel::new(tree, LabOptions::default());
        model.load_example(example);
        TreeLab {
            open: false,
            model,
            playing: false,
            speed: 2.0,
            zoom: 1.0,
            last_tick: None,
            selected_leaf: None,
            leaf_edit: 0,
            export_path: String::new(),
            export_message: None,
            export_job: None,
            scroll_table: false,
            show_steps: false,
            dialog: None,
            shown: None,
            fitted: None,
            fit_asked: false,
            grow: grow::GrowForm::default(),
            exercise: ExerciseState::default(),
            drawn: None,
        }
    }
}

impl TreeLab {
    /// Opens the lab on `game`'s tree grown from `position` (the small game on screen)
    /// to the "From a game" depth; a refusal is shown in that section as for Grow.
    pub(crate) fn grow_from(
        &mut self,
        game: queens_engines::games::grow::TreeGame,
        position: String,
    ) {
        self.open = true;
        self.grow.game = game;
        self.grow.position = position;
        grow::grow_into(self);
    }

    /// Moves the cursor and stops playing at the end.
    pub(crate) fn go_to(&mut self, cursor: usize) {
        self.model.go_to(cursor);
        self.scroll_table = true;
        if self.model.cursor == self.model.steps() {
            self.playing = false;
        }
    }

    /// The part of the screen that showed the tree last frame (its scroll area's view);
    /// `None` while the window is closed or the step table is shown instead.
    pub fn tree_view(&self) -> Option<egui::Rect> {
        self.drawn.map(|drawn| drawn.view)
    }

    /// Where `node`'s centre was drawn last frame (in view or not: compare with
    /// [`TreeLab::tree_view`]).
    pub fn drawn_at(&self, node: usize) -> Option<egui::Pos2> {
        self.drawn.and_then(|drawn| drawn.at(self, node))
    }

    /// The evaluation line the window shows (tests read it back).
    pub(crate) fn evaluations_text(&self, t: &LabTexts) -> String {
        crate::i18n::fill(
            t.evaluations,
            &[
                &self.model.evaluations_so_far(),
                &self.model.trace.evaluations,
                &self.model.trace.minimax_evaluations,
            ],
        )
    }
}

/// Left, Right, Home and End step the trace while the lab is open (and no text field
/// has the keyboard); call before the game's own review keys.
pub(crate) fn keys_ui(lab: &mut TreeLab, ui: &mut egui::Ui) {
    if !lab.open || ui.ctx().text_edit_focused() {
        return;
    }
    // Every press counts, not whether the key is down: two presses within one frame (a
    // quick double tap, a slow frame) are two steps.
    let (back, forward, home, end) = ui.input_mut(|input| {
        (
            input.count_and_consume_key(Modifiers::NONE, Key::ArrowLeft),
            input.count_and_consume_key(Modifiers::NONE, Key::ArrowRight),
            input.count_and_consume_key(Modifiers::NONE, Key::Home),
            input.count_and_consume_key(Modifiers::NONE, Key::End),
        )
    });
    if back + forward == 0 && home + end == 0 {
        return;
    }
    let cursor = lab.model.cursor.saturating_sub(back) + forward;
    lab.go_to(cursor);
    if home > 0 {
        lab.go_to(0);
    }
    if end > 0 {
        lab.go_to(lab.model.steps());
    }
}

/// The lab's window, when open. `saves_dir` is where the export is proposed.
fn window_ui(
    lab: &mut TreeLab,
    ctx: &egui::Context,
    language: Language,
    dark: bool,
    saves_dir: &Path,
) {
    if !lab.open {
        return;
    }
    let t = lab_texts(language);
    if lab.export_path.is_empty() {
        lab.export_path = saves_dir.join("tree-steps.xlsx").display().to_string();
    }
    play_tick(lab, ctx);
    // Set again if the tree is drawn this frame.
    lab.drawn = None;
    let now_shown = Some((lab.model.generation, lab.model.cursor));
    if lab.shown != now_shown {
        lab.shown = now_shown;
        lab.scroll_table = true;
    }
    poll_export(lab, t, ctx, language);
    let screen = ctx.content_rect();
    let mut open = lab.open;
    egui::Window::new(t.title)
        .id(egui::Id::unique("tree_lab_window"))
        .open(&mut open)
        .constrain_to(crate::windows::area(ctx))
        .default_size([screen.width() * 0.92, screen.height() * 0.85])
        .default_pos(screen.min + egui::vec2(screen.width() * 0.04, 28.0))
        // Within the screen below the menu bar (its bottom was off a 640x480 screen).
        .max_size(crate::windows::room(ctx))
        .resizable(true)
        .collapsible(true)
        .show(ctx, |ui| {
            // Everything above the tree ends here, so the tree keeps its share of the
            // window however long the exercise's list or the trace's status grows.
            let height = ui.available_height();
            let above_tree = ui.cursor().top() + height - tree_least(height);
            // On a short screen the controls scroll in the top part, so the tree and the
            // table keep most of the window; less of it while an exercise is open, whose
            // question, answer and verdict need the room.
            let exercising = lab.exercise.active || lab.exercise.verdict.is_some();
            let share = if exercising { 0.15 } else { 0.3 };
            egui::ScrollArea::vertical()
                .id_salt("tree_lab_controls")
                .max_height((height * share).max(CONTROLS_LEAST))
                .min_scrolled_height(CONTROLS_LEAST)
                .show(ui, |ui| controls::controls_ui(ui, lab, t, dark));
            // The exercise below the scrolling controls, never inside them: its answer
            // and Check stay in view (issue 32.5).
            separator_ui(ui);
            exercise::exercise_ui(ui, lab, above_tree);
            separator_ui(ui);
            if lab.exercise.hiding() {
                // Predict first: no stepping and no step table until the answer is
                // checked (the tree shows the leaves only, at the trace's start).
                lab.go_to(0);
                ui.label(exercise_texts(language).hidden);
            } else {
                controls::stepping_ui(ui, lab, t, above_tree);
            }
            separator_ui(ui);
            tree_and_steps_ui(ui, lab, t, dark, screen);
        });
    lab.open = open;
    if !lab.open {
        lab.playing = false;
        lab.shown = None;
        lab.drawn = None;
    }
}

/// A thin separator between the lab's parts: at 640x480 every point counts toward the
/// tree's share (egui's default spacing took 36 points for three).
fn separator_ui(ui: &mut egui::Ui) {
    ui.add(egui::Separator::default().spacing(4.0));
}

/// The export's answers: a path chosen in the dialog starts it, a finished one leaves
/// its note.
fn poll_export(lab: &mut TreeLab, t: &LabTexts, ctx: &egui::Context, language: Language) {
    // A path chosen in the native dialog is exported at once, as the history export does.
    if let Some(poll) = lab.dialog.as_mut().map(dialog::SaveDialog::poll) {
        match poll {
            dialog::Poll::Open => {}
            dialog::Poll::Closed(path) => {
                lab.dialog = None;
                if let Some(path) = path {
                    lab.export_path = path.display().to_string();
                    controls::start_export(lab, t, ctx);
                }
            }
        }
    }
    let lost = crate::i18n::texts(language).fp_export_stopped;
    if let Some(answer) = lab.export_job.as_mut().and_then(|job| job.poll(lost)) {
        lab.export_job = None;
        lab.export_message = Some(match answer {
            Ok(path) => ExportNote::Written(path),
            Err(error) => ExportNote::Failed(error),
        });
    }
}

/// The tree and the step table: side by side on a wide window, else one at a time.
fn tree_and_steps_ui(
    ui: &mut egui::Ui,
    lab: &mut TreeLab,
    t: &LabTexts,
    dark: bool,
    screen: egui::Rect,
) {
    let wide = ui.available_width() >= 760.0;
    if wide {
        // The table gets the larger share: its reason column is what a student reads; the
        // tree zooms to fit what it is given. At 45% a full HD screen's table had
        // no room for the Why column (issue 19.13).
        let table_width = (ui.available_width() * 0.55).clamp(320.0, 1000.0);
        let height = body_height(ui, screen);
        ui.horizontal_top(|ui| {
            // The separator between them and the spacing either side of it: 12 points
            // (short of 22) pushed the table's right edge, and the ellipsis of a long
            // reason, past the window's.
            let gap = 2.0 * ui.spacing().item_spacing.x + 8.0;
            let tree_width = ui.available_width() - table_width - gap;
            let down = egui::Layout::top_down(egui::Align::Min);
            ui.allocate_ui_with_layout(egui::vec2(tree_width, height), down, |ui| {
                ui.set_min_size(egui::vec2(tree_width, height));
                draw::tree_ui(ui, lab, dark);
            });
            ui.separator();
            ui.allocate_ui_with_layout(egui::vec2(table_width, height), down, |ui| {
                ui.set_min_size(egui::vec2(table_width, height));
                if !lab.exercise.hiding()
                    && let Some(step) = table::table_ui(ui, lab, t)
                {
                    lab.go_to(step);
                }
            });
        });
    } else {
        // Too narrow for both side by side, and too short to stack them: one at a
        // time, switched here.
        ui.horizontal(|ui| {
            ui.selectable_value(&mut lab.show_steps, false, t.show_tree);
            ui.selectable_value(&mut lab.show_steps, true, t.show_steps);
        });
        let height = body_height(ui, screen);
        let width = ui.available_width();
        let down = egui::Layout::top_down(egui::Align::Min);
        ui.allocate_ui_with_layout(egui::vec2(width, height), down, |ui| {
            ui.set_min_size(egui::vec2(width, height));
            if lab.show_steps && !lab.exercise.hiding() {
                if let Some(step) = table::table_ui(ui, lab, t) {
                    lab.go_to(step);
                }
            } else {
                draw::tree_ui(ui, lab, dark);
            }
        });
    }
}

/// What the last export came to, kept as a fact and worded when shown: after a switch
/// to Vietnamese the lab says "Đã ghi các bước vào …", not the English it was written
/// in (issue 19.13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportNote {
    /// The steps are in this workbook.
    Written(std::path::PathBuf),
    /// Why they are not (already worded by the export).
    Failed(String),
}

impl ExportNote {
    /// The note in the lab's language now.
    pub(crate) fn text(&self, t: &LabTexts) -> String {
        match self {
            ExportNote::Written(path) => {
                crate::windows::written_text(path, t.exported, t.downloaded)
            }
            ExportNote::Failed(error) => error.clone(),
        }
    }
}

/// The height left for the tree and the table: what the window gives, but never past
/// the bottom of the screen (a window taller than the screen would hide the table).
fn body_height(ui: &egui::Ui, screen: egui::Rect) -> f32 {
    let to_bottom = screen.bottom() - 44.0 - ui.cursor().top();
    ui.available_height().min(to_bottom).max(TREE_LEAST)
}

/// Plays the trace: a step whenever 1/speed seconds have passed on the frame clock, with
/// a repaint asked for the next one (no thread, no sleeping).
fn play_tick(lab: &mut TreeLab, ctx: &egui::Context) {
    if !lab.playing {
        lab.last_tick = None;
        return;
    }
    let now = ctx.input(|input| input.time);
    let period = 1.0 / f64::from(lab.speed.max(0.1));
    match lab.last_tick {
        None => lab.last_tick = Some(now),
        Some(last) if now - last >= period => {
            lab.last_tick = Some(now);
            let next = lab.model.cursor + 1;
            lab.go_to(next);
        }
        Some(_) => {}
    }
    if lab.playing {
        let waited = lab.last_tick.map_or(0.0, |last| now - last);
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            (period - waited).max(0.0),
        ));
    }
}
