//! The one game on screen and its one search: [`Game`] is the queens game (with the
//! tools written for its board: analysis, move values) or any other game of the games
//! table, played through the seam; [`GameJob`] is the computer's search of it (its move
//! or a hint, for every game). What a game
//! offers beyond playing is read from its table row ([`Game::tools`]), never from
//! "is it queens?".

use super::action::Target;
use super::grid::GridJob;
use crate::games::seam::Tools;
use crate::ui::jobs::search::SearchJob;
use crate::ui::session::game::Game;
use crate::ui::session::grid_note::GridNote;
use crate::ui::session::messages::Message;
use crate::ui::session::seats::Seat;

/// The one search slot: the computer's move (or a hint) for the game on screen.
pub(in crate::ui) enum GameJob {
    /// The queens engines' search (a move or a hint).
    Queens(SearchJob),
    /// A table game's search.
    Grid(GridJob),
}

impl GameJob {
    /// Asks the search to answer with the best move found so far (Move now).
    pub fn request_stop(&self) {
        match self {
            GameJob::Queens(job) => job.request_stop(),
            GameJob::Grid(job) => job.job.stop(),
        }
    }

    /// The queens search, if this is one.
    pub fn queens(&self) -> Option<&SearchJob> {
        match self {
            GameJob::Queens(job) => Some(job),
            GameJob::Grid(_) => None,
        }
    }

    /// What the search is for: the computer's move or a hint.
    pub fn purpose(&self) -> crate::ui::jobs::search::Purpose {
        match self {
            GameJob::Queens(job) => job.purpose,
            GameJob::Grid(job) => job.purpose,
        }
    }
}

impl Game {
    /// The game's tag when the saves cannot hold it (a game the store has no record
    /// for, or a position pasted without the moves that reach it: see
    /// [`crate::store::table_savable`]), so Save and the autosave refuse it.
    pub fn unsavable(&self) -> Option<&'static str> {
        (!crate::store::savable(self.game.as_ref())).then(|| self.tag())
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
    pub fn started_message(&self) -> Message {
        super::replace::started_of(self.game.as_ref())
    }

    /// What a click on `target` means here: a move to play, or a word for the status
    /// line (a piece picked up, a click where no move begins).
    pub fn click_target(&mut self, target: Target) -> Result<String, Option<Message>> {
        use crate::ui::session::game::GridClick;
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
