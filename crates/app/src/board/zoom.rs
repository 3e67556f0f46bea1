//! Zooming the queens board where its cells would be too small to tap (a 15x15 board on
//! a phone held upright has cells of about 21 px): − and + buttons above the board, and
//! a pinch on a touch screen (or Ctrl and the mouse wheel) over it. A zoomed board sits
//! in a scroll area, panned by dragging or scrolling. The zoom is how the board is
//! looked at, not part of the game: it lives in egui's memory, and a board whose cells
//! are big enough shows no control.

use eframe::egui;

/// The smallest cell, in points, that a finger taps reliably; below it the zoom control
/// is offered.
pub(crate) const MIN_TAP_CELL: f32 = 24.0;

/// The largest zoom.
pub(crate) const MAX_ZOOM: f32 = 4.0;

/// Each press of − or + divides or multiplies the zoom by this.
const STEP: f32 = 1.5;

fn zoom_id() -> egui::Id {
    egui::Id::unique("board_zoom")
}

/// The board's zoom: 1 fits the board to its room.
pub(crate) fn zoom(ctx: &egui::Context) -> f32 {
    ctx.data(|data| data.get_temp::<f32>(zoom_id()))
        .unwrap_or(1.0)
}

/// Sets the zoom, kept within 1..=[`MAX_ZOOM`].
pub(crate) fn set_zoom(ctx: &egui::Context, zoom: f32) {
    let zoom = if zoom.is_finite() {
        zoom.clamp(1.0, MAX_ZOOM)
    } else {
        1.0
    };
    ctx.data_mut(|data| data.insert_temp(zoom_id(), zoom));
}

/// Whether a board whose fitted cells are `fitted_cell` points wide gets the zoom
/// control: its cells are too small to tap, or it is zoomed already (so it can be
/// zoomed back).
pub(crate) fn offered(fitted_cell: f32, zoom: f32) -> bool {
    fitted_cell < MIN_TAP_CELL || zoom > 1.0
}

/// The − and + buttons (accessible as "Zoom out" and "Zoom in") with the zoom in
/// percent, on one row.
pub(crate) fn controls_ui(ui: &mut egui::Ui, zoom_out: &str, zoom_in: &str) {
    let ctx = ui.ctx().clone();
    let now = zoom(&ctx);
    ui.horizontal(|ui| {
        let out = ui.add_enabled(now > 1.0, egui::Button::new("−"));
        out.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, now > 1.0, zoom_out));
        if out.on_hover_text(zoom_out).clicked() {
            set_zoom(&ctx, now / STEP);
        }
        let room = now < MAX_ZOOM;
        let into = ui.add_enabled(room, egui::Button::new("+"));
        into.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, room, zoom_in));
        if into.on_hover_text(zoom_in).clicked() {
            set_zoom(&ctx, now * STEP);
        }
        ui.label(format!("{:.0} %", now * 100.0));
    });
}

/// A pinch (or Ctrl and the wheel) while the pointer is over `area` zooms the board.
pub(crate) fn pinch(ui: &egui::Ui, area: egui::Rect) {
    let over = ui.input(|input| {
        input
            .pointer
            .hover_pos()
            .is_some_and(|at| area.contains(at))
    });
    let delta = ui.input(egui::InputState::zoom_delta);
    if over && (delta - 1.0).abs() > f32::EPSILON {
        let ctx = ui.ctx();
        set_zoom(ctx, zoom(ctx) * delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zoom_stays_between_fitting_and_its_largest() {
        let ctx = egui::Context::default();
        assert_eq!(zoom(&ctx), 1.0);
        set_zoom(&ctx, 0.2);
        assert_eq!(zoom(&ctx), 1.0);
        set_zoom(&ctx, 9.0);
        assert_eq!(zoom(&ctx), MAX_ZOOM);
        set_zoom(&ctx, f32::NAN);
        assert_eq!(zoom(&ctx), 1.0);
    }

    #[test]
    fn only_small_cells_or_a_zoomed_board_get_the_control() {
        assert!(offered(21.0, 1.0));
        assert!(!offered(37.9, 1.0));
        assert!(offered(37.9, 1.5));
    }
}
