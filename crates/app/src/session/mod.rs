//! What the window holds between frames, without drawing: the game being played
//! ([`game`]), what searches proved ([`known`]), the status line ([`messages`]), the
//! files with the autosave and the history ([`saving`]) and the remembered settings
//! ([`settings`]).

pub(crate) mod autosave_check;
pub(crate) mod engine_setup;
pub(crate) mod game;
pub(crate) mod grid_note;
pub(crate) mod history;
pub(crate) mod known;
pub(crate) mod link;
pub(crate) mod messages;
pub(crate) mod opening;
pub(crate) mod saving;
pub(crate) mod seats;
pub(crate) mod settings;
pub(crate) mod table_setup;
pub(crate) mod writes;
