//! The board (the thesis's CBoard): cells, bitboards, rules, do/undo and the game string.
//! It knows nothing of search, windows, files or the command line.

mod bitboard;
mod cell;
mod error;
mod geometry;
mod neighbours;
mod notation;
mod player;
mod position;
mod quote;
mod result;
mod stones;

pub use bitboard::Bitboard;
pub use cell::{Cell, MAX_CELLS, MAX_SIZE, MIN_SIZE, last_column};
pub use error::{GameError, MoveError, Occupant, ParseError};
pub use neighbours::NeighbourCounts;
pub use notation::{GameSpec, parse_cells, parse_size};
pub use player::Player;
pub use position::{Board, CellState, MoveRecord};
pub use quote::{MAX_QUOTED_CHARS, article, clip_token, counted, with_article};
pub use result::{Ending, winner};
pub use stones::{SplitMix64, random_position, random_stones};
