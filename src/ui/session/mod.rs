//! What the window holds between frames, without drawing: the game being played
//! ([`game`]), what searches proved ([`known`]), the status line ([`messages`]), the
//! files with the autosave and the history ([`saving`]) and the remembered settings
//! ([`settings`]).

pub mod autosave_check;
pub mod engine_setup;
pub mod game;
pub mod grid_note;
pub mod history;
pub mod known;
pub mod link;
pub mod messages;
pub mod opening;
pub mod saving;
pub mod seats;
pub mod settings;
pub mod table_setup;
pub mod writes;
