//! The board on screen: where each cell is ([`layout`]) and how it is painted, with the
//! claims, the hover preview, the hint, the heat map and the claim animation ([`view`]);
//! play by keyboard ([`keys`]).

pub mod grid_view;
pub mod keys;
pub mod layout;
pub mod view;
