//! Playing without a mouse (issue 19.17): the board is one stop in the Tab order, the
//! keyboard cursor's cell; the arrow keys move that cursor from cell to cell and Enter or
//! Space plays it (egui clicks a focused widget on both), with the same preview as a
//! hovered cell. A screen reader reads each cell's name and what it holds.
//!
//! The board is also the first Tab stop: egui orders Tab stops by when widgets are made,
//! and the board, in the central panel, is made after the menus and the side panel
//! (egui lays the central panel out last), which put it some 16 Tabs from the start
//! (issue 32.11). [`first_tab_to_board`] sends the first Tab, when nothing has the
//! keyboard, to the board's cursor instead; Tab from there goes on through the rest.

use eframe::egui::{self, EventFilter, FocusDirection, Id, Key, Modifiers};
use queens_board::Cell;

/// The key that takes the keyboard to the board's cursor (listed in Help > Keyboard
/// shortcuts).
pub(crate) const FOCUS_KEY: Key = Key::B;

/// Where the board keeps, between frames, whether a cell had the keyboard: the review's
/// Left/Right keys give way to the cursor then.
fn has_keys_id() -> Id {
    Id::unique("queens_board_has_keys")
}

/// Where the board keeps its cursor cell's widget id, with the pass that drew it.
fn cursor_widget_id() -> Id {
    Id::unique("queens_board_cursor_widget")
}

/// Gives the board's cursor the keyboard when Tab is pressed while nothing has it and
/// the board was drawn in the last pass (no modal window over it). Called at the start
/// of the frame, before any widget asks for the focus, so egui's own "first Tab goes to
/// the first widget" does not happen too.
pub(crate) fn first_tab_to_board(ctx: &egui::Context) {
    let Some((cursor, drawn_in)) = ctx.data(|data| data.get_temp::<(Id, u64)>(cursor_widget_id()))
    else {
        return;
    };
    let drawn_last_pass = drawn_in + 1 >= ctx.cumulative_pass_nr();
    let free =
        ctx.memory(|memory| memory.focused().is_none() && memory.top_modal_layer().is_none());
    let tab = ctx.input(|input| input.key_pressed(Key::Tab) && input.modifiers.is_none());
    if drawn_last_pass && free && tab && !ctx.text_edit_focused() {
        ctx.memory_mut(|memory| {
            memory.request_focus(cursor);
            memory.move_focus(FocusDirection::None);
        });
    }
}

/// Whether a board cell had the keyboard in the last frame (its arrow keys move the
/// cursor, not through the game's positions).
pub(crate) fn board_has_keys(ctx: &egui::Context) -> bool {
    ctx.data(|data| data.get_temp::<bool>(has_keys_id()))
        .unwrap_or(false)
}

/// Reads the cursor of the board `base_id` (size `size`), moved by this frame's arrow
/// keys when it has the keyboard: the cell in the Tab order (the others take clicks
/// only). `cell_id` names each cell's widget.
pub(super) fn cursor_ui(
    ui: &mut egui::Ui,
    base_id: Id,
    size: u8,
    cell_id: impl Fn(Cell) -> Id,
) -> Cell {
    let store = base_id.with("key_cursor");
    let last = size.saturating_sub(1);
    let (col, row) = ui
        .data(|data| data.get_temp::<(u8, u8)>(store))
        .unwrap_or((last / 2, last / 2));
    let mut cell = Cell::new(col.min(last), row.min(last));
    // B takes the keyboard to the board from anywhere but a text field (issue 32.11:
    // the board was some 16 Tabs from the start).
    let typing = ui.ctx().text_edit_focused();
    if !typing && ui.input_mut(|input| input.consume_key(Modifiers::NONE, FOCUS_KEY)) {
        ui.memory_mut(|memory| memory.request_focus(cell_id(cell)));
    }
    let focused = ui.memory(|memory| memory.has_focus(cell_id(cell)));
    if focused {
        // The cell takes the arrow keys for itself, so egui does not move the focus to
        // whatever widget lies that way.
        let filter = EventFilter {
            horizontal_arrows: true,
            vertical_arrows: true,
            ..Default::default()
        };
        ui.memory_mut(|memory| memory.set_focus_lock_filter(cell_id(cell), filter));
        let moved = ui.input_mut(|input| {
            let mut step = (0i8, 0i8);
            for (key, delta) in [
                (Key::ArrowLeft, (-1, 0)),
                (Key::ArrowRight, (1, 0)),
                (Key::ArrowUp, (0, 1)),
                (Key::ArrowDown, (0, -1)),
            ] {
                while input.consume_key(Modifiers::NONE, key) {
                    step = (step.0 + delta.0, step.1 + delta.1);
                }
            }
            step
        });
        if moved != (0, 0) {
            cell = step(cell, moved, last);
            ui.memory_mut(|memory| memory.request_focus(cell_id(cell)));
        }
    }
    let pass = ui.ctx().cumulative_pass_nr();
    ui.data_mut(|data| {
        data.insert_temp(store, (cell.col(), cell.row()));
        data.insert_temp(has_keys_id(), focused);
        data.insert_temp(cursor_widget_id(), (cell_id(cell), pass));
    });
    cell
}

/// `cell` moved by `delta` (columns, rows up), kept on the board (`last` is its last
/// column and row).
fn step(cell: Cell, delta: (i8, i8), last: u8) -> Cell {
    let moved = |at: u8, by: i8| (i16::from(at) + i16::from(by)).clamp(0, i16::from(last)) as u8;
    Cell::new(moved(cell.col(), delta.0), moved(cell.row(), delta.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_moves_by_the_arrows_and_stays_on_the_board() {
        let d4 = Cell::new(3, 3);
        assert_eq!(step(d4, (1, 0), 7), Cell::new(4, 3));
        assert_eq!(step(d4, (0, 1), 7), Cell::new(3, 4), "up is the next rank");
        assert_eq!(step(Cell::new(0, 0), (-1, -1), 7), Cell::new(0, 0));
        assert_eq!(step(Cell::new(7, 7), (2, 2), 7), Cell::new(7, 7));
    }
}
