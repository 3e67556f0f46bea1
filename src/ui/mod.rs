//! The window (the thesis's Form1). It reads the board and turns clicks into calls on it;
//! it decides no rule.

use crate::board::{Board, Cell, CellState, Player};
use eframe::egui;

/// Opens the game window and runs until it is closed.
///
/// # Errors
/// If no window can be created (no display, no OpenGL).
pub fn run() -> eframe::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Queens & Stones")
            .with_inner_size([900.0, 700.0])
            .with_min_inner_size([640.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Queens & Stones",
        options,
        Box::new(|_cc| Ok(Box::new(App::default()))),
    )
}

/// The application state.
pub struct App {
    board: Board,
    message: String,
}

impl Default for App {
    fn default() -> Self {
        let board = match Board::new(8, &[]) {
            Ok(board) => board,
            Err(err) => unreachable!("an 8x8 empty board is valid: {err}"),
        };
        App {
            board,
            message: String::new(),
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        ui.label(format!(
            "P1 {} : {} P2 — {} to move {}",
            self.board.score(Player::One),
            self.board.score(Player::Two),
            self.board.side_to_move(),
            self.message
        ));
        let size = self.board.size() as f32;
        let side = ui.available_width().min(ui.available_height());
        let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::click());
        let cell_side = side / size;
        let painter = ui.painter_at(rect);
        for row in 0..self.board.size() {
            for col in 0..self.board.size() {
                let cell = Cell::new(col, row);
                let min = rect.min
                    + egui::vec2(
                        col as f32 * cell_side,
                        (size - 1.0 - row as f32) * cell_side,
                    );
                let cell_rect = egui::Rect::from_min_size(min, egui::vec2(cell_side, cell_side));
                let fill = match self.board.cell_state(cell) {
                    Some(CellState::Stone) => egui::Color32::DARK_GRAY,
                    Some(CellState::Queen(Player::One)) => egui::Color32::from_rgb(40, 90, 200),
                    Some(CellState::Queen(Player::Two)) => egui::Color32::from_rgb(200, 60, 40),
                    Some(CellState::Claimed(Player::One)) => egui::Color32::from_rgb(170, 195, 240),
                    Some(CellState::Claimed(Player::Two)) => egui::Color32::from_rgb(240, 180, 170),
                    _ => egui::Color32::from_gray(235),
                };
                painter.rect_filled(cell_rect.shrink(1.0), 2.0, fill);
            }
        }
        if let Some(pos) = response
            .interact_pointer_pos()
            .filter(|_| response.clicked())
        {
            let col = ((pos.x - rect.min.x) / cell_side) as u8;
            let row = (size - 1.0 - ((pos.y - rect.min.y) / cell_side).floor()) as u8;
            if col < self.board.size() && row < self.board.size() {
                self.message = match self.board.play(Cell::new(col, row)) {
                    Ok(_) => String::new(),
                    Err(err) => err.to_string(),
                };
            }
        }
    }
}
