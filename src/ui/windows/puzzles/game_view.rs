//! The puzzles of a game whose result is a win, a draw or a loss, drawn: the run's
//! progress with Stop, the puzzle's board through the grid painter every seam game is
//! drawn with ([`grid_board_ui`]), the proved verdict in words, the line played out move
//! by move, and Retry / Show solution / Next puzzle. Nothing here names a game: its
//! pieces and name come through the seam ([`words`]).

use super::game::{GameClick, GamePhase, GamePuzzles};
use super::texts::PuzzleTexts;
use super::{Side, board_side};
use crate::analysis::Outcome;
use crate::games::seam::AnyGame;
use crate::ui::board::grid_view::{GridOverlay, grid_board_ui};
use crate::ui::i18n::fill;
use crate::ui::i18n::grid::words;
use crate::ui::session::game::last_change;
use crate::ui::shell::theme::palette;
use crate::ui::windows::View;
use eframe::egui::{self, RichText};

/// The largest board a seam game's puzzle is drawn at, in points: its few squares need
/// no more.
const GRID_MAX: f32 = 420.0;

/// The puzzles of `puzzles`' game: progress, the puzzle, its board and its controls.
/// `start` is the game's start, from which Next and More puzzles look for more.
pub fn game_puzzles_ui(
    ui: &mut egui::Ui,
    puzzles: &mut GamePuzzles,
    start: &dyn AnyGame,
    view: &View<'_>,
    t: &PuzzleTexts,
    chooser: impl FnOnce(&mut egui::Ui),
) {
    puzzles.poll();
    run_ui(ui, puzzles, start, t, chooser);
    ui.add(egui::Label::new(RichText::new(t.not_rated).small().weak()).wrap());
    ui.separator();
    let name = words(view.texts.grid, puzzles.tag).name;
    if puzzles.current().is_none() {
        if puzzles.looking().is_some() {
            ui.label(t.waiting);
        } else {
            ui.label(t.none_found);
        }
        return;
    }
    ui.label(
        RichText::new(fill(
            t.game_puzzle_line,
            &[&(puzzles.index + 1), &puzzles.puzzles.len(), &name],
        ))
        .strong(),
    );
    // The position as its game string: Paste position plays it out on the board.
    let game = puzzles.current().map(|puzzle| puzzle.game.clone());
    if let Some(game) = game {
        let text = fill(view.texts.grid.position, &[&game]);
        ui.add(egui::Label::new(RichText::new(text).small().monospace()).wrap());
    }
    ui.add_space(4.0);
    match board_side(ui) {
        Side::Beside(side) => {
            ui.horizontal_top(|ui| {
                board_ui(ui, side.min(GRID_MAX), puzzles, view);
                ui.vertical(|ui| controls_ui(ui, puzzles, start, view, t));
            });
        }
        Side::Above(side) => {
            board_ui(ui, side.min(GRID_MAX), puzzles, view);
            controls_ui(ui, puzzles, start, view, t);
        }
    }
}

/// The Game chooser and the run looking for puzzles: what it has found, with Stop; then what it found (or
/// why it stopped or failed) with More puzzles. Always one row of the same height, so
/// the board and the buttons below stay where they are when the run ends.
fn run_ui(
    ui: &mut egui::Ui,
    puzzles: &mut GamePuzzles,
    start: &dyn AnyGame,
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
        puzzles.stop();
    }
    if more {
        let ctx = ui.ctx().clone();
        puzzles.look_for_more(start, move || ctx.request_repaint());
    }
}

/// The puzzle's board (after the line's moves on show); a click while the player looks
/// for the move is judged.
fn board_ui(ui: &mut egui::Ui, side: f32, puzzles: &mut GamePuzzles, view: &View<'_>) {
    let Some(shown) = puzzles.shown() else {
        return;
    };
    let Some(grid) = shown.grid() else {
        return;
    };
    let g = view.texts.grid;
    let playable = puzzles.phase == GamePhase::Solving;
    let reaches = match (playable, puzzles.picked) {
        (true, Some(from)) => grid.reaches(from, &shown.legal_moves()),
        _ => Vec::new(),
    };
    let (last, turned) = last_change(shown.as_ref());
    let overlay = GridOverlay {
        palette: palette(view.dark),
        playable,
        show_targets: playable,
        last,
        turned: &turned,
        picked: puzzles.picked.filter(|_| playable),
        reaches: &reaches,
        mover: shown.seat_to_move(),
        words: [
            g.square_empty,
            g.square_legal,
            g.square_piece,
            g.last_move,
            g.winning_line,
        ],
        pieces: words(g, puzzles.tag).piece_names,
        hint: (&[], g.hinted),
        values: &[],
        coordinates: true,
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    // A child in the space just taken, which leaves the parent's cursor alone (a scope
    // would move it back to the child's empty top-left corner: the painter takes no
    // space, and the controls were drawn over the board).
    let mut board = ui.new_child(egui::UiBuilder::new().max_rect(rect).id_salt("puzzle_grid"));
    let clicked = grid_board_ui(&mut board, &grid, &overlay);
    if let Some(target) = clicked {
        puzzles.click(target);
    }
}

/// The first letter of `sentence` upper-cased (a piece's name may begin it: "black to
/// move").
fn capitalised(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "the win" / "the draw": the result a puzzle keeps.
fn kept(t: &PuzzleTexts, outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => t.kept_win,
        Outcome::Draw | Outcome::Loss => t.kept_draw,
    }
}

/// "a draw" / "a loss": what a wrong move turns it into.
fn became(t: &PuzzleTexts, outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => t.kept_win,
        Outcome::Draw => t.became_draw,
        Outcome::Loss => t.became_loss,
    }
}

/// The verdict, what the last click did, the line and Retry / Show solution / Next.
fn controls_ui(
    ui: &mut egui::Ui,
    puzzles: &mut GamePuzzles,
    start: &dyn AnyGame,
    view: &View<'_>,
    t: &PuzzleTexts,
) {
    let Some(puzzle) = puzzles.current() else {
        return;
    };
    let outcome = puzzle.value.outcome;
    let seat = puzzles.position().map_or(0, |p| p.seat_to_move());
    let pieces = words(view.texts.grid, puzzles.tag).pieces;
    let verdict = match &puzzles.phase {
        GamePhase::Solving => RichText::new(capitalised(&fill(
            t.game_task,
            &[&pieces[seat % 2], &kept(t, outcome)],
        )))
        .color(palette(view.dark).queen[seat % 2]),
        GamePhase::Right { played } => {
            RichText::new(fill(t.game_right, &[played, &kept(t, outcome)]))
                .color(ui.visuals().widgets.active.fg_stroke.color)
                .strong()
        }
        GamePhase::Wrong { played, from, to } => RichText::new(fill(
            t.game_wrong,
            &[played, &kept(t, *from), &became(t, *to)],
        ))
        .color(ui.visuals().error_fg_color),
        GamePhase::Shown { solution } => RichText::new(fill(t.shown, &[solution])),
    };
    ui.label(verdict);
    let g = view.texts.grid;
    match &puzzles.last_click {
        GameClick::Picked(Some(square)) if puzzles.picked.is_some() => {
            ui.label(RichText::new(fill(g.picked, &[square])).small());
        }
        GameClick::PickFirst => {
            ui.label(RichText::new(g.pick_first).small());
        }
        GameClick::Illegal(name) => {
            ui.label(RichText::new(fill(g.illegal, &[name])).small());
        }
        _ => {}
    }
    if puzzles.phase != GamePhase::Solving {
        line_ui(ui, puzzles, view, t);
    }
    ui.separator();
    let tried = puzzles.phase != GamePhase::Solving;
    let (mut retry, mut show, mut next) = (false, false, false);
    ui.horizontal_wrapped(|ui| {
        retry = ui.add_enabled(tried, egui::Button::new(t.retry)).clicked();
        show = ui
            .add_enabled(!tried, egui::Button::new(t.show_solution))
            .clicked();
        next = ui.button(t.next_puzzle).clicked();
    });
    if retry {
        puzzles.retry();
    }
    if show {
        puzzles.show_solution();
    }
    if next {
        let ctx = ui.ctx().clone();
        puzzles.next(start, move || ctx.request_repaint());
    }
}

/// The line played out: its caption, the move on show, the buttons that step through
/// it and the result it ends in.
fn line_ui(ui: &mut egui::Ui, puzzles: &mut GamePuzzles, view: &View<'_>, t: &PuzzleTexts) {
    let caption = match puzzles.phase {
        GamePhase::Wrong { .. } => t.refutation,
        _ => t.best_play,
    };
    ui.label(RichText::new(caption).small());
    let total = puzzles.line.len();
    let step_text = match puzzles.step.checked_sub(1) {
        None => fill(t.line_start, &[&total]),
        Some(last) => fill(
            t.line_step,
            &[&puzzles.step, &total, &puzzles.line[last.min(total - 1)]],
        ),
    };
    ui.label(step_text);
    if let Some(to) = super::step_buttons_ui(ui, t, puzzles.step, total) {
        puzzles.set_step(to);
    }
    let pieces = words(view.texts.grid, puzzles.tag).pieces;
    match puzzles.line_end() {
        Some((Some(winner), ply)) => {
            ui.label(capitalised(&fill(
                t.game_ends_win,
                &[&pieces[winner % 2], &ply],
            )));
        }
        Some((None, _)) => {
            ui.label(t.game_ends_draw);
        }
        None => {}
    }
}
