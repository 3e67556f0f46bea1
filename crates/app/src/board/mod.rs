//! The board on screen, painted for the game on screen: any game of the games table
//! from its `GridView` ([`grid_view`]: pieces, the legal moves marked, the hint ring,
//! proved move values, a won line), and queens' own painter, chosen through the seam
//! as the grid painter is for the others: where each cell is ([`layout`]) and how it is
//! painted, with the claims, the hover preview, the hint, the heat map and the claim
//! animation ([`view`]); play by keyboard ([`keys`]); a zoom where the cells would be too
//! small to tap ([`zoom`]).

pub(crate) mod grid_view;
pub(crate) mod keys;
pub(crate) mod layout;
pub(crate) mod view;
pub(crate) mod zoom;
