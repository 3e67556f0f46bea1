//! The small games' 3x3 boards: tic-tac-toe's X and O, Dodgem's cars with their exits.
//! Like the queens board, each cell is an accessible button ("square b2", its value what
//! it holds), so tests and screen readers find and click it; Dodgem's exit is one more
//! button ("exit"). The hover preview shows the mark (or the car's move) a click plays;
//! whether a move is legal is the game's, the painter only draws what it is given.

use crate::games::cells::Cell;
use crate::games::dodgem::DodgemMove;
use crate::games::play::{Piece, SmallKind, SmallMove, SmallPosition};
use crate::ui::session::small::SmallTarget;
use crate::ui::shell::theme::Palette;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Vec2,
    WidgetInfo, pos2, vec2,
};

/// The accessible name of a cell ("square b2") and of Dodgem's exit.
pub const SQUARE: &str = "square";
/// The accessible name of the way off the board.
pub const EXIT: &str = "exit";

/// What to draw besides the position.
pub struct SmallOverlay<'a> {
    /// The colours.
    pub palette: Palette,
    /// Clicks and hover play (else the board only shows).
    pub playable: bool,
    /// The last move, ringed.
    pub last_move: Option<SmallMove>,
    /// Dodgem: the picked-up car and where it may go.
    pub picked: Option<Cell>,
    /// The picked car's legal moves.
    pub targets: &'a [SmallMove],
    /// What each cell holds, in words, by seat ("X", "black car") and for an empty one.
    pub words: [&'a str; 3],
    /// Tic-tac-toe's winning line, end to end, drawn through once the game is won.
    pub winning_line: Option<[Cell; 3]>,
    /// Read out after the piece: "last move", "winning line".
    pub marks: [&'a str; 2],
}

impl SmallOverlay<'_> {
    /// The square the last move marks: where the mark went or the car arrived, or the
    /// square a car drove off from.
    fn last_cell(&self) -> Option<Cell> {
        match self.last_move? {
            SmallMove::Mark(cell) => Some(cell),
            SmallMove::Car(DodgemMove { to: Some(to), .. }) => Some(to),
            SmallMove::Car(DodgemMove { from, to: None }) => Some(from),
        }
    }

    /// What a screen reader reads for `cell`: its piece, then the marks drawn on it
    /// ("X, last move, winning line"), so what the eye sees is heard too.
    fn cell_value(&self, cell: Cell, piece: Piece) -> String {
        let mut value = match piece {
            Piece::Empty => self.words[2].to_string(),
            Piece::Of(seat) => self.words[seat].to_string(),
        };
        if self.last_cell() == Some(cell) {
            value = format!("{value}, {}", self.marks[0]);
        }
        if self.winning_line.is_some_and(|line| line.contains(&cell)) {
            value = format!("{value}, {}", self.marks[1]);
        }
        value
    }
}

/// What happened on the board this frame.
#[derive(Default)]
pub struct SmallResponse {
    /// The target under the mouse.
    pub hovered: Option<SmallTarget>,
    /// The target clicked.
    pub clicked: Option<SmallTarget>,
}

/// The board's square and its cell size, centred in `available`; for Dodgem with room
/// for the exit strips (right of the board for black, above it for white: a fifth of
/// the board deep each, plus a 6-point gap).
fn board_rect(available: Rect, kind: SmallKind) -> (Rect, f32) {
    // The coordinates go left of the board and under it: room kept for them.
    let available = Rect::from_min_max(
        available.min + vec2(LABEL_ROOM, 0.0),
        available.max - vec2(0.0, LABEL_ROOM),
    );
    let (scale, gap) = if kind == SmallKind::Dodgem {
        (1.2, EXIT_GAP)
    } else {
        (1.0, 0.0)
    };
    let room = available.width().min(available.height());
    let side = ((room - gap) / scale).clamp(30.0, 520.0);
    let total = side * scale + gap;
    let exit = total - side;
    let grid = Rect::from_min_size(
        pos2(
            available.center().x - total / 2.0,
            available.center().y - total / 2.0 + exit,
        ),
        Vec2::splat(side),
    );
    (grid, side / 3.0)
}

/// The gap between the board and an exit strip.
const EXIT_GAP: f32 = 6.0;

/// The room kept left of the board and under it for the coordinates (at most 16-point
/// text, 4 to 6 points from the board).
const LABEL_ROOM: f32 = 24.0;

fn cell_rect(grid: Rect, size: f32, cell: Cell) -> Rect {
    Rect::from_min_size(
        grid.min + vec2(f32::from(cell.col()) * size, f32::from(cell.row()) * size),
        Vec2::splat(size),
    )
}

/// Draws the position and reports hover and clicks.
pub fn small_board_ui(
    ui: &mut egui::Ui,
    position: &SmallPosition,
    overlay: &SmallOverlay<'_>,
) -> SmallResponse {
    let kind = position.kind();
    let (grid, size) = board_rect(ui.available_rect_before_wrap(), kind);
    let painter = ui.painter().clone();
    painter.rect_filled(
        grid.expand(3.0),
        CornerRadius::same(4),
        overlay.palette.frame,
    );
    let base = ui.scope_id().with("small_board");
    let mut response = SmallResponse::default();
    let sense = if overlay.playable {
        Sense::click()
    } else {
        Sense::hover()
    };
    for index in 0..crate::games::cells::CELLS as u8 {
        let cell = Cell(index);
        let rect = cell_rect(grid, size, cell);
        let shade = overlay.palette.free[(cell.row() + cell.col()) as usize % 2];
        painter.rect_filled(rect.shrink(1.0), CornerRadius::same(2), shade);
        let piece = position.piece(cell);
        let hit = ui.interact(rect, base.with(index), sense);
        hit.widget_info(|| {
            let mut info =
                WidgetInfo::labeled(Role::Button, overlay.playable, format!("{SQUARE} {cell}"));
            info.current_text_value = Some(overlay.cell_value(cell, piece));
            info
        });
        if hit.hovered() {
            response.hovered = Some(SmallTarget::Cell(cell));
        }
        if hit.clicked() {
            response.clicked = Some(SmallTarget::Cell(cell));
        }
        if let Piece::Of(seat) = piece {
            paint_piece(&painter, kind, rect, seat, &overlay.palette, 1.0);
        }
    }
    if kind == SmallKind::Dodgem {
        exits_ui(
            ui,
            &painter,
            (grid, size),
            base,
            position.seat_to_move(),
            overlay,
            &mut response,
        );
    }
    paint_marks(&painter, grid, size, overlay);
    if overlay.playable
        && let Some(target) = response.hovered
    {
        paint_preview(&painter, position, grid, size, target, overlay);
    }
    paint_coordinates(&painter, grid, size, &overlay.palette);
    response
}

/// Dodgem's exits: the strip right of the board (black leaves there) and above it
/// (white). The side to move's strip is the one accessible "exit" button; the other is
/// drawn fainter and takes no clicks (no car can leave there now).
fn exits_ui(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    (grid, size): (Rect, f32),
    base: egui::Id,
    mover: usize,
    overlay: &SmallOverlay<'_>,
    response: &mut SmallResponse,
) {
    let depth = size * 0.6;
    let right = Rect::from_min_max(
        pos2(grid.max.x + EXIT_GAP, grid.min.y),
        pos2(grid.max.x + EXIT_GAP + depth, grid.max.y),
    );
    let top = Rect::from_min_max(
        pos2(grid.min.x, grid.min.y - EXIT_GAP - depth),
        pos2(grid.max.x, grid.min.y - EXIT_GAP),
    );
    for (strip, seat) in [(right, 0), (top, 1)] {
        let strength = if seat == mover { 1.0 } else { 0.45 };
        let tint = overlay.palette.label.gamma_multiply(0.12 * strength);
        painter.rect_filled(strip, CornerRadius::same(4), tint);
        painter.rect_stroke(
            strip,
            CornerRadius::same(4),
            Stroke::new(
                1.0,
                overlay.palette.queen[seat].gamma_multiply(0.6 * strength),
            ),
            StrokeKind::Inside,
        );
        paint_arrow(
            painter,
            strip.center(),
            size * 0.3,
            seat,
            overlay.palette.queen[seat].gamma_multiply(strength),
        );
    }
    let sense = if overlay.playable {
        Sense::click()
    } else {
        Sense::hover()
    };
    // A car leaves by its own side's exit only: the mover's strip is the button (a
    // rectangle of its own, so it never covers a square of the board).
    let strip = if mover == 0 { right } else { top };
    let hit = ui.interact(strip, base.with("exit"), sense);
    hit.widget_info(|| WidgetInfo::labeled(Role::Button, overlay.playable, EXIT));
    if hit.hovered() {
        response.hovered = Some(SmallTarget::Off);
    }
    if hit.clicked() {
        response.clicked = Some(SmallTarget::Off);
    }
}

/// An X, an O, or a car (a rounded body with an arrow the way it drives).
fn paint_piece(
    painter: &egui::Painter,
    kind: SmallKind,
    rect: Rect,
    seat: usize,
    palette: &Palette,
    opacity: f32,
) {
    let colour = palette.queen[seat].gamma_multiply(opacity);
    let inner = rect.shrink(rect.width() * 0.22);
    let width = (rect.width() * 0.09).max(2.0);
    match kind {
        SmallKind::TicTacToe if seat == 0 => {
            let stroke = Stroke::new(width, colour);
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        SmallKind::TicTacToe => {
            painter.circle_stroke(
                inner.center(),
                inner.width() / 2.0,
                Stroke::new(width, colour),
            );
        }
        SmallKind::Dodgem => {
            // The lecture's colours: a black car and a white car, each rimmed with its
            // player's colour (the side panel's) and marked with the way it drives.
            let (body, ink) = if seat == 0 {
                (Color32::from_gray(40), Color32::from_gray(245))
            } else {
                (Color32::from_gray(250), Color32::from_gray(40))
            };
            let corner = CornerRadius::same((inner.width() * 0.2) as u8);
            painter.rect_filled(inner, corner, body.gamma_multiply(opacity));
            painter.rect_stroke(
                inner,
                corner,
                Stroke::new(width * 0.8, colour),
                StrokeKind::Inside,
            );
            let ink = ink.gamma_multiply(opacity);
            paint_arrow(painter, inner.center(), inner.width() * 0.6, seat, ink);
        }
    }
}

/// An arrow the way a seat's cars drive (black right, white up), `length` long, drawn
/// rather than written (not every font has the arrow characters).
fn paint_arrow(painter: &egui::Painter, centre: Pos2, length: f32, seat: usize, colour: Color32) {
    let direction = if seat == 0 {
        vec2(length, 0.0)
    } else {
        vec2(0.0, -length)
    };
    let stroke = Stroke::new((length * 0.12).max(1.5), colour);
    painter.arrow(centre - direction / 2.0, direction, stroke);
}

/// The last move's ring, the winning line, the picked car's ring and where it may go.
fn paint_marks(painter: &egui::Painter, grid: Rect, size: f32, overlay: &SmallOverlay<'_>) {
    let ring = |rect: Rect, colour: Color32| {
        painter.rect_stroke(
            rect.shrink(3.0),
            CornerRadius::same(3),
            Stroke::new(3.0, colour),
            StrokeKind::Inside,
        );
    };
    if let Some(cell) = overlay.last_cell() {
        ring(cell_rect(grid, size, cell), overlay.palette.highlight);
    }
    if let Some([first, _, last]) = overlay.winning_line {
        // Through the three marks and a little past the outer ones, as drawn on paper.
        let (a, b) = (
            cell_rect(grid, size, first).center(),
            cell_rect(grid, size, last).center(),
        );
        let beyond = (b - a).normalized() * size * 0.3;
        let stroke = Stroke::new((size * 0.08).max(3.0), overlay.palette.highlight);
        painter.line_segment([a - beyond, b + beyond], stroke);
    }
    if let Some(cell) = overlay.picked {
        ring(cell_rect(grid, size, cell), overlay.palette.preview);
        for mv in overlay.targets {
            if let SmallMove::Car(DodgemMove { to: Some(to), .. }) = mv {
                let centre = cell_rect(grid, size, *to).center();
                painter.circle_filled(centre, size * 0.1, overlay.palette.preview);
            }
        }
    }
}

/// The mark a click would place, or the picked car where it would go.
fn paint_preview(
    painter: &egui::Painter,
    position: &SmallPosition,
    grid: Rect,
    size: f32,
    target: SmallTarget,
    overlay: &SmallOverlay<'_>,
) {
    let SmallTarget::Cell(cell) = target else {
        return;
    };
    let seat = position.seat_to_move();
    let rect = cell_rect(grid, size, cell);
    let shows = match position {
        SmallPosition::TicTacToe(_) => position.piece(cell) == Piece::Empty && !position.is_over(),
        SmallPosition::Dodgem(_) => overlay
            .targets
            .iter()
            .any(|mv| matches!(mv, SmallMove::Car(DodgemMove { to: Some(to), .. }) if *to == cell)),
    };
    if shows {
        paint_piece(painter, position.kind(), rect, seat, &overlay.palette, 0.35);
    }
}

fn paint_coordinates(painter: &egui::Painter, grid: Rect, size: f32, palette: &Palette) {
    let font = FontId::proportional((size * 0.12).clamp(9.0, 16.0));
    for index in 0..3u8 {
        let x = grid.min.x + (f32::from(index) + 0.5) * size;
        let letter = char::from(b'a' + index).to_string();
        painter.text(
            pos2(x, grid.max.y + 4.0),
            Align2::CENTER_TOP,
            letter,
            font.clone(),
            palette.label,
        );
        let y = grid.min.y + (f32::from(index) + 0.5) * size;
        let number = (3 - index).to_string();
        painter.text(
            Pos2::new(grid.min.x - 6.0, y),
            Align2::RIGHT_CENTER,
            number,
            font.clone(),
            palette.label,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_and_its_exits_fit_the_room_given() {
        let room = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
        for kind in [SmallKind::TicTacToe, SmallKind::Dodgem] {
            let (grid, size) = board_rect(room, kind);
            assert!((size * 3.0 - grid.width()).abs() < 0.01);
            let exits = if kind == SmallKind::Dodgem {
                size * 0.6 + EXIT_GAP
            } else {
                0.0
            };
            assert!(
                grid.min.y - exits >= -0.01,
                "{kind:?}: the top exit leaves the room"
            );
            assert!(
                grid.max.x + exits <= 400.01,
                "{kind:?}: the right exit leaves the room"
            );
            assert!(
                grid.max.y + LABEL_ROOM <= 300.01 && grid.min.x - LABEL_ROOM >= -0.01,
                "{kind:?}: the coordinates leave the room"
            );
        }
    }
}
