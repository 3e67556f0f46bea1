//! One puzzle session drawn, for every game: the board through the painter its game is
//! drawn with on the main screen (queens' own board, asked for by name as `Game::queens`
//! does; every other game's grid), the verdict in the words the puzzle's stakes call
//! for (cells given away, or a result turned into another), the line played out move by
//! move, Retry / Show solution / Next puzzle, and the position as its game string. What
//! the source does with a try, a solution shown or Next (rate it, move on) is the
//! caller's: [`session_ui`] says what was pressed.

use super::session::{Click, Phase, PuzzleSession, Stakes};
use super::texts::PuzzleTexts;
use super::{BOARD_MAX, Side, board_side};
use crate::board::grid_view::{GridOverlay, grid_board_ui};
use crate::board::layout::BoardLayout;
use crate::board::view::{CellWords, Ghost, Interaction, Overlay, board_ui};
use crate::i18n::fill;
use crate::i18n::grid::words;
use crate::session::game::last_change;
use crate::shell::theme::palette;
use crate::windows::View;
use eframe::egui::{self, RichText};
use queens_board::{Board, Cell, Player};
use queens_engines::analysis::Outcome;

/// The largest board a grid game's puzzle is drawn at, in points: its few squares need
/// no more.
const GRID_MAX: f32 = 420.0;

/// What the player did this frame that the puzzle's source answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pressed {
    /// A move was tried and judged.
    pub tried: bool,
    /// Show solution.
    pub shown: bool,
    /// Next puzzle.
    pub next: bool,
}

/// What the source adds under the verdict: its rating's change, and whether a retry
/// is said to count for nothing.
pub(crate) struct Extras {
    /// "Rating: before, now after", once the first try was rated.
    pub rating_change: Option<String>,
    /// Whether the source rates first tries (the retry note is then shown).
    pub rated: bool,
}

/// The session's position line, board and controls.
pub(crate) fn session_ui(
    ui: &mut egui::Ui,
    session: &mut PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
    extras: &Extras,
) -> Pressed {
    let mut pressed = Pressed::default();
    match board_side(ui) {
        Side::Beside(side) => {
            ui.horizontal_top(|ui| {
                pressed.tried = board_area_ui(ui, side, session, view, t);
                ui.vertical(|ui| controls_ui(ui, session, view, t, extras, &mut pressed));
            });
        }
        Side::Above(side) => {
            pressed.tried = board_area_ui(ui, side, session, view, t);
            controls_ui(ui, session, view, t, extras, &mut pressed);
        }
    }
    pressed
}

/// The board of the position on show, `side` points at most, through its game's
/// painter; whether a click tried a move.
fn board_area_ui(
    ui: &mut egui::Ui,
    side: f32,
    session: &mut PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
) -> bool {
    let shown = session.shown();
    let repaint = ui.ctx().clone();
    let wake = move || repaint.request_repaint();
    let answer = if let Some(board) = shown.as_any().downcast_ref::<Board>() {
        let side = side.min(BOARD_MAX);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
        let overlay = queens_overlay(rect, session, view, t, board);
        // A child ui with its own id keeps the puzzle's cells apart from the main board's.
        let response = ui
            .push_id("puzzle_board", |ui| board_ui(ui, board, &overlay))
            .inner;
        let clicked = response.clicked.filter(|_| session.phase == Phase::Solving);
        let answer = clicked.map(|cell| session.try_move(&cell.to_string(), wake));
        if let Some(answer) = &answer {
            session.last_click = answer.clone();
        }
        answer
    } else {
        grid_area_ui(ui, side.min(GRID_MAX), session, shown.as_ref(), view)
            .map(|target| session.click(target, wake))
    };
    matches!(answer, Some(Click::Tried(_)))
}

/// A grid game's board; the square (or exit) clicked.
fn grid_area_ui(
    ui: &mut egui::Ui,
    side: f32,
    session: &PuzzleSession,
    shown: &dyn queens_engines::games::seam::AnyGame,
    view: &View<'_>,
) -> Option<crate::session::game::GridTarget> {
    let grid = shown.grid()?;
    let g = view.texts.grid;
    let playable = session.phase == Phase::Solving;
    let reaches = match (playable, session.picked) {
        (true, Some(from)) => grid.reaches(from, &shown.legal_moves()),
        _ => Vec::new(),
    };
    let (last, turned) = last_change(shown);
    let overlay = GridOverlay {
        palette: palette(view.dark),
        playable,
        show_targets: playable,
        last,
        turned: &turned,
        picked: session.picked.filter(|_| playable),
        reaches: &reaches,
        mover: shown.seat_to_move(),
        words: [
            g.square_empty,
            g.square_legal,
            g.square_piece,
            g.last_move,
            g.winning_line,
        ],
        pieces: words(g, shown.tag()).piece_names,
        hint: (&[], g.hinted),
        values: &[],
        coordinates: true,
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    // A child in the space just taken, which leaves the parent's cursor alone (a scope
    // would move it back to the child's empty top-left corner: the painter takes no
    // space, and the controls were drawn over the board).
    let mut board = ui.new_child(egui::UiBuilder::new().max_rect(rect).id_salt("puzzle_grid"));
    grid_board_ui(&mut board, &grid, &overlay)
}

/// What a screen reader says each puzzle cell of a queens board holds.
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

/// The overlay of a queens puzzle's board in `rect`: the rest of the line as numbered
/// faint queens.
fn queens_overlay(
    rect: egui::Rect,
    session: &PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
    board: &Board,
) -> Overlay {
    let solving = session.phase == Phase::Solving;
    let start = session.position.moves().len();
    let ghosts = session
        .line
        .iter()
        .enumerate()
        .skip(session.step)
        .filter_map(|(index, mv)| {
            Some(Ghost {
                cell: Cell::parse(mv)?,
                player: Player::at_ply(start + index),
                number: index + 1,
            })
        })
        .collect();
    let last_move = session
        .step
        .checked_sub(1)
        .and_then(|last| session.line.get(last))
        .and_then(|mv| Cell::parse(mv));
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
        last_move,
        hint: None,
        appearing: None,
        name: t.cell_prefix,
        compare: None,
        heat: Vec::new(),
        ghosts,
        words: Some(cell_words(view, t)),
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

/// The names of the two sides as the puzzle's words say them: the window's colours
/// for a margin of cells, the game's pieces for a result.
fn sides(session: &PuzzleSession, view: &View<'_>, t: &PuzzleTexts) -> [&'static str; 2] {
    match session.stakes {
        Stakes::Cells => [t.first_player, t.second_player],
        Stakes::Result => words(view.texts.grid, session.position.tag()).pieces,
    }
}

/// The verdict in the words of the puzzle's stakes.
fn verdict(ui: &egui::Ui, session: &PuzzleSession, view: &View<'_>, t: &PuzzleTexts) -> RichText {
    let mover = session.mover();
    let names = sides(session, view, t);
    let (held, _) = session.outcomes(0);
    match (&session.phase, session.stakes) {
        (Phase::Solving, stakes) => {
            let text = match stakes {
                Stakes::Cells => fill(t.task, &[&names[mover % 2]]),
                Stakes::Result => {
                    capitalised(&fill(t.game_task, &[&names[mover % 2], &kept(t, held)]))
                }
            };
            RichText::new(text).color(palette(view.dark).queen[mover % 2])
        }
        (Phase::Right { played }, stakes) => {
            let text = match stakes {
                Stakes::Cells => fill(t.right, &[played]),
                Stakes::Result => fill(t.game_right, &[played, &kept(t, held)]),
            };
            RichText::new(text)
                .color(ui.visuals().widgets.active.fg_stroke.color)
                .strong()
        }
        (Phase::Wrong { played, loss }, stakes) => {
            let text = match stakes {
                Stakes::Cells => fill(t.wrong, &[played, loss]),
                Stakes::Result => {
                    let (from, to) = session.outcomes(*loss);
                    fill(t.game_wrong, &[played, &kept(t, from), &became(t, to)])
                }
            };
            RichText::new(text).color(ui.visuals().error_fg_color)
        }
        (Phase::Shown { solution }, _) => RichText::new(fill(t.shown, &[solution])),
    }
}

/// The verdict, what the last click did, the line and Retry / Show solution / Next.
fn controls_ui(
    ui: &mut egui::Ui,
    session: &mut PuzzleSession,
    view: &View<'_>,
    t: &PuzzleTexts,
    extras: &Extras,
    pressed: &mut Pressed,
) {
    ui.label(verdict(ui, session, view, t));
    let g = view.texts.grid;
    match &session.last_click {
        Click::Picked(Some(square)) if session.picked.is_some() => {
            ui.label(RichText::new(fill(g.picked, &[square])).small());
        }
        Click::PickFirst => {
            ui.label(RichText::new(g.pick_first).small());
        }
        Click::Illegal(name) => {
            ui.label(RichText::new(fill(g.illegal, &[name])).small());
        }
        _ => {}
    }
    if let Some(change) = &extras.rating_change {
        ui.label(change);
    }
    if session.phase != Phase::Solving {
        line_ui(ui, session, view, t);
    }
    ui.separator();
    let tried = session.phase != Phase::Solving;
    let mut retry = false;
    ui.horizontal_wrapped(|ui| {
        retry = ui.add_enabled(tried, egui::Button::new(t.retry)).clicked();
        pressed.shown = ui
            .add_enabled(!tried, egui::Button::new(t.show_solution))
            .clicked();
        pressed.next = ui.button(t.next_puzzle).clicked();
    });
    if retry {
        session.retry();
    }
    if pressed.shown {
        let repaint = ui.ctx().clone();
        session.show_solution(move || repaint.request_repaint());
    }
    if extras.rated && session.rated && session.phase == Phase::Solving {
        ui.label(RichText::new(t.retry_note).small().weak());
    }
    // The position as its game string, under the buttons so the board keeps the
    // screen's height: Paste position plays it out on the main board.
    let text = fill(view.texts.grid.position, &[&session.puzzle.game]);
    ui.add(egui::Label::new(RichText::new(text).small().monospace()).wrap());
}

/// The line played out: its caption, the step on show, the buttons that step through
/// it and the end it reaches; "proving" with Stop while the solver works.
fn line_ui(ui: &mut egui::Ui, session: &mut PuzzleSession, view: &View<'_>, t: &PuzzleTexts) {
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
    let step_text = match session
        .step
        .checked_sub(1)
        .and_then(|last| session.line.get(last))
    {
        None => fill(t.line_start, &[&total]),
        Some(mv) => fill(t.line_step, &[&session.step, &total, mv]),
    };
    ui.label(step_text);
    if let Some(to) = step_buttons_ui(ui, t, session.step, total) {
        session.set_step(to);
    }
    if session.proving.is_none()
        && let Some(end) = end_words(session, view, t)
    {
        ui.label(end);
    }
}

/// How the line ends, in the words of the puzzle's stakes, once it reaches the end.
fn end_words(session: &PuzzleSession, view: &View<'_>, t: &PuzzleTexts) -> Option<String> {
    let names = sides(session, view, t);
    match session.stakes {
        Stakes::Cells => {
            let margin = session.line_margin()?;
            Some(match margin.cmp(&0) {
                std::cmp::Ordering::Greater => fill(t.ends_ahead, &[&names[0], &margin]),
                std::cmp::Ordering::Less => fill(t.ends_ahead, &[&names[1], &-margin]),
                std::cmp::Ordering::Equal => t.ends_level.to_string(),
            })
        }
        Stakes::Result => {
            let end = session.line_end()?;
            Some(match end.result()? {
                Some(winner) => capitalised(&fill(
                    t.game_ends_win,
                    &[&names[winner % 2], &end.moves().len()],
                )),
                None => t.game_ends_draw.to_string(),
            })
        }
    }
}

/// The |< < > >| buttons that step through a puzzle's line of `total` moves, at
/// `step`: the step clicked, if any.
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
