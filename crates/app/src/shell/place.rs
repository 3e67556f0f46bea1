//! Where the side panel goes: beside the board on a landscape screen, below it on a
//! portrait or narrow one (a phone held upright). The app's frame and its touch sizes
//! both ask here; this file depends on neither.

use eframe::egui;

/// Where the side panel goes on a screen of `room` (what is left below the menu bar and
/// above the status line).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PanelPlace {
    /// To the right of the board, this wide: a landscape screen.
    Beside(f32),
    /// Below the board, this tall: a portrait or narrow screen (a phone held upright),
    /// where a panel beside the board left it a third of the width (issue 41.1: 15.8 px
    /// cells on 8x8 at 390x844). The board comes first, as wide as the screen.
    Below(f32),
}

/// The narrowest a screen may be and keep the panel beside the board.
const NARROWEST_BESIDE: f32 = 560.0;
/// Room above the board for the line over it (the game's banner or the setup title).
const ABOVE_BOARD: f32 = 56.0;
/// The least height the panel below the board keeps (it scrolls).
const LEAST_BELOW: f32 = 150.0;

/// Where the side panel goes ([`PanelPlace`]): below the board when the screen is
/// portrait (taller than wide) or narrower than 560 points, taking the height
/// the board (as wide as the screen) leaves; beside it otherwise, a third of the width
/// within 230..360 points as before.
pub(crate) fn panel_place(room: egui::Vec2) -> PanelPlace {
    if room.y > room.x || room.x < NARROWEST_BESIDE {
        PanelPlace::Below((room.y - room.x - ABOVE_BOARD).max(LEAST_BELOW))
    } else {
        PanelPlace::Beside((room.x * 0.34).clamp(230.0, 360.0))
    }
}

#[cfg(test)]
mod place_tests {
    use super::*;

    #[test]
    fn a_phone_upright_gets_the_board_first_and_the_panel_below() {
        // 390x844 less the menu bar and the status line.
        let PanelPlace::Below(height) = panel_place(egui::vec2(390.0, 790.0)) else {
            panic!("the panel stays beside the board in portrait");
        };
        // The board keeps the whole width: 390 points, 48 a cell on 8x8.
        assert!(790.0 - height >= 390.0, "{height}");
        // A landscape phone, a laptop: beside, as before.
        assert!(matches!(
            panel_place(egui::vec2(844.0, 336.0)),
            PanelPlace::Beside(w) if (w - 844.0 * 0.34).abs() < 0.01
        ));
        assert_eq!(
            panel_place(egui::vec2(1280.0, 750.0)),
            PanelPlace::Beside(360.0)
        );
        // Too narrow for two columns even in landscape; a very short screen keeps a
        // usable panel.
        assert!(matches!(
            panel_place(egui::vec2(500.0, 400.0)),
            PanelPlace::Below(h) if h >= LEAST_BELOW
        ));
    }
}
