//! The window's frame: one frame's layout ([`frame`]), the menus and the Help windows
//! ([`menu`]), the shortcut keys ([`keys`]), where the side panel goes ([`place`]), and
//! the look: fonts, palettes, touch sizes and the icon ([`theme`]).

pub(crate) mod frame;
pub(crate) mod keys;
pub(crate) mod menu;
pub(crate) mod place;
pub(crate) mod theme;
