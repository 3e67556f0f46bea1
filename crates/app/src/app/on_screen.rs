//! What the window asks of the one game on screen beyond its rules (see
//! [`crate::session::game::Game`]): whether the saves can hold it, what it offers
//! beyond playing (read from its table row, [`Game::tools`], never from "is it
//! queens?"), its status line at the start, and what a click on its board means.

use super::action::Target;
use crate::session::game::Game;
use crate::session::grid_note::GridNote;
use crate::session::messages::Message;
use crate::session::seats::Seat;
use queens_engines::games::seam::Tools;

impl Game {
    /// The game's tag when the saves cannot hold it (a game the store has no record
    /// for, or a position pasted without the moves that reach it: see
    /// [`queens_store::table_savable`]), so Save and the autosave refuse it.
    pub(crate) fn unsavable(&self) -> Option<&'static str> {
        (!queens_store::savable(self.game.as_ref())).then(|| self.tag())
    }

    /// What the game offers beyond playing, from its row of the games table.
    pub fn tools(&self) -> Tools {
        self.game.tools()
    }

    /// Who sits in each seat, P1 first.
    pub fn seats(&self) -> &[Seat; 2] {
        &self.seats
    }

    /// Undo (`true`) or redo; how many moves it took.
    pub fn step(&mut self, undo: bool) -> usize {
        if undo { self.undo() } else { self.redo() }
    }

    /// The game string (`size=8 stones=b2 moves=c3`, `game=dodgem moves=a3-b3`).
    pub fn game_string(&self) -> String {
        self.game.game_string()
    }

    /// The status line of this game at its start.
    pub(crate) fn started_message(&self) -> Message {
        super::replace::started_of(self.game.as_ref())
    }

    /// What a click on `target` means here: a move to play, or a word for the status
    /// line (a piece picked up, a click where no move begins).
    pub(crate) fn click_target(&mut self, target: Target) -> Result<String, Option<Message>> {
        use crate::session::game::GridClick;
        let Target::Grid(target) = target else {
            // A click on the New game panel's board: not the game's.
            return Err(None);
        };
        match self.click(target) {
            GridClick::Play(mv) => Ok(mv),
            GridClick::Picked(Some(square)) => Err(Some(Message::Grid(GridNote::Picked(square)))),
            GridClick::Picked(None) => Err(Some(Message::Grid(GridNote::PutDown))),
            GridClick::PickFirst => Err(Some(Message::Grid(GridNote::PickFirst))),
            GridClick::Illegal(square) => Err(Some(Message::Grid(GridNote::Illegal(square)))),
        }
    }
}
