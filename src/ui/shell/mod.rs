//! The window's frame: one frame's layout ([`frame`]), the menus and the Help windows
//! ([`menu`]), the shortcut keys ([`keys`]), and the look: fonts, palettes and the icon
//! ([`theme`]).

pub mod frame;
pub mod keys;
pub mod menu;
pub mod theme;
