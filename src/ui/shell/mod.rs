//! The window's frame: one frame's layout ([`frame`]), the menus and the Help windows
//! ([`menu`]), the shortcut keys ([`keys`]), where the side panel goes ([`place`]), and
//! the look: fonts, palettes, touch sizes and the icon ([`theme`]).

pub mod frame;
pub mod keys;
pub mod menu;
pub mod place;
pub mod theme;
