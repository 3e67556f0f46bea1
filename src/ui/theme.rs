//! Look: the embedded font, the light and dark palettes, the window icon.

use crate::board::Player;
use eframe::egui::{self, Color32, FontData, FontFamily};
use eframe::epaint::text::{FontInsert, FontPriority, InsertFontFamily};

/// Noto Sans Regular (SIL Open Font License 1.1, see assets/OFL.txt), from Debian's
/// fonts-noto-core. egui's built-in font lacks Vietnamese letters such as ế, ậ, ờ, ắ.
const FONT: &[u8] = include_bytes!("../../assets/NotoSans-Regular.ttf");

/// The window icon (64x64 PNG, drawn for this project).
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icon.png");

/// Puts Noto Sans first in the proportional family and last in the monospace one, so
/// every string of every language has its glyphs.
pub fn install_fonts(ctx: &egui::Context) {
    ctx.add_font(FontInsert::new(
        "NotoSans",
        FontData::from_static(FONT),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Highest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
}

/// The board's colours for one theme.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Behind the grid.
    pub frame: Color32,
    /// A free cell (two shades, chequered).
    pub free: [Color32; 2],
    /// A stone.
    pub stone: Color32,
    /// Each player's queen colour.
    pub queen: [Color32; 2],
    /// Each player's claimed-cell tint.
    pub claimed: [Color32; 2],
    /// Coordinates.
    pub label: Color32,
    /// The hover preview outline.
    pub preview: Color32,
    /// The last move's ring and the hint's ring.
    pub highlight: Color32,
}

/// The palette of the light or dark theme.
pub fn palette(dark: bool) -> Palette {
    if dark {
        Palette {
            frame: Color32::from_rgb(30, 32, 36),
            free: [Color32::from_rgb(70, 74, 80), Color32::from_rgb(62, 66, 72)],
            stone: Color32::from_rgb(20, 20, 22),
            queen: [
                Color32::from_rgb(90, 150, 255),
                Color32::from_rgb(255, 120, 90),
            ],
            claimed: [
                Color32::from_rgb(40, 70, 125),
                Color32::from_rgb(125, 55, 45),
            ],
            label: Color32::from_gray(200),
            preview: Color32::from_rgb(255, 220, 90),
            highlight: Color32::from_rgb(255, 230, 120),
        }
    } else {
        Palette {
            frame: Color32::from_rgb(120, 100, 80),
            free: [
                Color32::from_rgb(246, 238, 222),
                Color32::from_rgb(236, 226, 206),
            ],
            stone: Color32::from_rgb(90, 90, 95),
            queen: [
                Color32::from_rgb(30, 90, 210),
                Color32::from_rgb(205, 55, 35),
            ],
            claimed: [
                Color32::from_rgb(175, 200, 245),
                Color32::from_rgb(245, 185, 170),
            ],
            label: Color32::from_gray(60),
            preview: Color32::from_rgb(230, 160, 0),
            highlight: Color32::from_rgb(250, 200, 0),
        }
    }
}

impl Palette {
    /// `player`'s queen colour.
    pub fn queen_of(&self, player: Player) -> Color32 {
        self.queen[player.index()]
    }

    /// `player`'s claimed tint.
    pub fn claimed_of(&self, player: Player) -> Color32 {
        self.claimed[player.index()]
    }
}

/// Applies the light or dark egui visuals.
pub fn apply_visuals(ctx: &egui::Context, dark: bool) {
    let theme = if dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
}

/// The window icon, if the embedded PNG decodes (it always should).
pub fn icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}
