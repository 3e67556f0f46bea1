//! The window's frame: one frame's layout ([`frame`]), the menus, shortcuts and Help
//! windows ([`menu`]), and the look: fonts, palettes and the icon ([`theme`]).

pub mod frame;
pub mod menu;
pub mod theme;
