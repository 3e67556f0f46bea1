//! The windows over the board: About with where the files are, the file questions and
//! the History window, the game-over summary, Table 2.4 and the Tree Lab.

pub mod about;
pub mod files;
pub mod summary;
pub mod table24;
pub mod tree_lab;
