//! Look: the embedded font, the light and dark palettes, the window icon.

use eframe::egui::{self, Color32, FontData, FontFamily};
use eframe::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use queens_board::Player;

/// Noto Sans Regular (SIL Open Font License 1.1, see assets/OFL.txt), from Debian's
/// fonts-noto-core. egui's built-in font lacks Vietnamese letters such as ế, ậ, ờ, ắ.
const FONT: &[u8] = include_bytes!("../../../../assets/NotoSans-Regular.ttf");

/// The window icon (256x256 PNG rendered from assets/icon.svg, drawn for this project).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) const ICON_PNG: &[u8] = include_bytes!("../../../../assets/icons/queens-256.png");

/// Puts Noto Sans first in the proportional family and last in the monospace one, so
/// every string of every language has its glyphs.
pub(crate) fn install_fonts(ctx: &egui::Context) {
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
pub(crate) struct Palette {
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
    /// Behind a number on a cell (the preview's claim count, a hand-placed stone's).
    pub badge: Color32,
    /// A number on a badge.
    pub badge_text: Color32,
}

/// The palette of the light or dark theme.
pub(crate) fn palette(dark: bool) -> Palette {
    if dark {
        Palette {
            frame: Color32::from_rgb(30, 32, 36),
            free: [Color32::from_rgb(70, 74, 80), Color32::from_rgb(62, 66, 72)],
            // A light pebble: a near-black one vanished on the dark cells.
            stone: Color32::from_rgb(168, 170, 178),
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
            badge: Color32::from_rgba_unmultiplied(15, 15, 18, 220),
            badge_text: Color32::from_gray(240),
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
            badge: Color32::from_rgba_unmultiplied(40, 40, 45, 210),
            badge_text: Color32::WHITE,
        }
    }
}

impl Palette {
    /// `player`'s queen colour.
    pub(crate) fn queen_of(&self, player: Player) -> Color32 {
        self.queen[player.index()]
    }

    /// `player`'s claimed tint.
    pub(crate) fn claimed_of(&self, player: Player) -> Color32 {
        self.claimed[player.index()]
    }
}

/// Applies the light or dark egui visuals.
pub(crate) fn apply_visuals(ctx: &egui::Context, dark: bool) {
    let theme = if dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    ctx.set_theme(theme);
}

/// The window icon, if the embedded PNG decodes (it always should).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}

/// The window size (in the screen's own points) at which the UI has its natural size;
/// a larger window scales everything up (see [`fit_zoom_to_window`]).
pub(crate) const NATURAL_WINDOW: [f32; 2] = [1100.0, 760.0];

/// The largest automatic zoom: at 1920x1080 the side panel and its text use the space,
/// but the board stays the main thing.
pub(crate) const MAX_AUTO_ZOOM: f32 = 1.6;

/// The automatic zoom of a window `size` in the screen's own points: 1 up to
/// [`NATURAL_WINDOW`], then growing with the smaller of the two ratios, up to
/// [`MAX_AUTO_ZOOM`].
pub(crate) fn auto_zoom(size: egui::Vec2) -> f32 {
    let ratio = (size.x / NATURAL_WINDOW[0]).min(size.y / NATURAL_WINDOW[1]);
    // Steps of 0.05 keep the zoom from changing on every pixel of a window resize.
    ((ratio * 20.0).floor() / 20.0).clamp(1.0, MAX_AUTO_ZOOM)
}

/// Touch-sized controls where the panel goes below the board (a phone held upright, a
/// narrow screen: `touch`): buttons, menu entries and fields at least 40 points high
/// (issue 41.1); egui's own sizes elsewhere. Set only when it changes.
pub(crate) fn fit_touch_targets(ctx: &egui::Context, touch: bool) {
    let id = egui::Id::unique("queens_touch_targets");
    if ctx.data(|data| data.get_temp::<bool>(id)) == Some(touch) {
        return;
    }
    let default = egui::style::Spacing::default();
    ctx.all_styles_mut(|style| {
        let spacing = &mut style.spacing;
        if touch {
            spacing.interact_size.y = TOUCH_TARGET;
            spacing.button_padding = egui::vec2(10.0, 12.0);
        } else {
            spacing.interact_size = default.interact_size;
            spacing.button_padding = default.button_padding;
        }
    });
    ctx.data_mut(|data| data.insert_temp(id, touch));
}

/// The least height of a control on a touch screen, in points (CSS pixels in a browser).
pub(crate) const TOUCH_TARGET: f32 = 40.0;

/// What [`fit_zoom_to_window`] saw and set last, kept in egui's memory.
#[derive(Clone, Copy, Debug)]
struct ZoomState {
    /// The window in points when the zoom was last fitted.
    points: egui::Vec2,
    /// The automatic part.
    auto: f32,
    /// The player's own factor (Ctrl + / Ctrl -), kept on top of the automatic one.
    user: f32,
    /// The zoom set.
    set: f32,
}

/// Scales the whole UI with the window (egui's zoom factor), so a large window gets a
/// wider side panel and larger text instead of a huge board beside small print. A zoom
/// the player chose with Ctrl + / Ctrl - is kept as a factor on top.
///
/// The zoom is fitted again only when the window's size in points changes (a resize, or
/// a zoom by the player): a window whose size is given in points (the test harness)
/// would otherwise grow its zoom frame after frame.
pub(crate) fn fit_zoom_to_window(ctx: &egui::Context) {
    let id = egui::Id::unique("queens_auto_zoom");
    let zoom = ctx.zoom_factor();
    let points = ctx.viewport_rect().size();
    if points.x < 1.0 || points.y < 1.0 {
        return;
    }
    let previous = ctx.data(|data| data.get_temp::<ZoomState>(id));
    if let Some(state) = previous
        && state.points == points
    {
        return;
    }
    let user = match previous {
        // The zoom differs from the one set: the player zoomed with the keyboard.
        Some(state) if (zoom - state.set).abs() > 1e-3 => zoom / state.auto,
        Some(state) => state.user,
        None => 1.0,
    };
    // Points times zoom: the window in the screen's own points, whatever the zoom.
    let auto = auto_zoom(points * zoom);
    let target = (auto * user).clamp(0.5, 4.0);
    if (target - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(target);
    }
    let state = ZoomState {
        points,
        auto,
        user,
        set: target,
    };
    ctx.data_mut(|data| data.insert_temp(id, state));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG relative luminance of an sRGB colour.
    fn luminance(colour: Color32) -> f32 {
        let channel = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(colour.r()) + 0.7152 * channel(colour.g()) + 0.0722 * channel(colour.b())
    }

    /// WCAG contrast ratio (1 to 21).
    fn contrast(a: Color32, b: Color32) -> f32 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn stones_stand_out_from_free_cells_in_both_themes() {
        for dark in [false, true] {
            let palette = palette(dark);
            for free in palette.free {
                let ratio = contrast(palette.stone, free);
                assert!(ratio >= 3.0, "dark {dark}: contrast {ratio}");
            }
        }
    }

    #[test]
    fn the_zoom_grows_with_the_window_between_its_bounds() {
        assert_eq!(auto_zoom(egui::vec2(640.0, 480.0)), 1.0);
        assert_eq!(auto_zoom(egui::vec2(1100.0, 760.0)), 1.0);
        assert_eq!(auto_zoom(egui::vec2(1920.0, 1080.0)), 1.4);
        assert_eq!(auto_zoom(egui::vec2(1600.0, 1000.0)), 1.3);
        assert_eq!(auto_zoom(egui::vec2(3840.0, 2160.0)), MAX_AUTO_ZOOM);
    }
}
