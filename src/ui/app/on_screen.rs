//! The one game on screen and its one search: [`OnScreen`] is the queens game (with the
//! tools written for its board: analysis, move values) or any other game of the games
//! table, played through the seam; [`GameJob`] is the computer's search of it (its move
//! or a hint, for every game). What a game
//! offers beyond playing is read from its table row ([`OnScreen::tools`]), never from
//! "is it queens?".

use super::action::Target;
use super::grid::GridJob;
use crate::board::{Board, Cell, Player};
use crate::games::seam::{Rules, Tools};
use crate::ui::jobs::search::SearchJob;
use crate::ui::session::game::{Game, Seat};
use crate::ui::session::grid_game::GridGame;
use crate::ui::session::grid_note::GridNote;
use crate::ui::session::messages::Message;

/// The game on screen.
// One value, moved once per game put on screen: boxing the larger game buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(in crate::ui) enum OnScreen {
    /// A Queens & Stones game.
    Queens(Game),
    /// Any other game of the games table, through the seam.
    Grid(GridGame),
}

/// A move of the game on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::ui) enum GameMove {
    /// A queen on this cell.
    Queens(Cell),
    /// A table game's move, in its notation.
    Grid(String),
}

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

impl OnScreen {
    /// The game's id (search answers carry it; it changes with every game on screen).
    pub fn id(&self) -> u64 {
        match self {
            OnScreen::Queens(game) => game.id,
            OnScreen::Grid(game) => game.id,
        }
    }

    /// Gives the game its id as it goes on screen.
    pub fn set_id(&mut self, id: u64) {
        match self {
            OnScreen::Queens(game) => game.id = id,
            OnScreen::Grid(game) => game.id = id,
        }
    }

    /// The game's tag in the games table (`queens`, `tictactoe`, `dodgem`).
    pub fn tag(&self) -> &'static str {
        match self {
            OnScreen::Queens(_) => Board::TAG,
            OnScreen::Grid(game) => game.tag(),
        }
    }

    /// The game's tag when the saves cannot hold it (a table game the store has no
    /// record for, or a position pasted without the moves that reach it: see
    /// [`crate::store::table_savable`]), so Save and the autosave refuse it.
    pub fn unsavable(&self) -> Option<&'static str> {
        match self {
            OnScreen::Grid(game) => {
                (!crate::store::table_savable(game.game.as_ref())).then(|| game.tag())
            }
            OnScreen::Queens(_) => None,
        }
    }

    /// What the game offers beyond playing, from its row of the games table.
    pub fn tools(&self) -> Tools {
        crate::games::table::by_tag(self.tag()).map_or(Tools::PLAY_ONLY, |row| row.tools)
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        match self {
            OnScreen::Queens(game) => game.board.ply(),
            OnScreen::Grid(game) => game.ply(),
        }
    }

    /// Whether the game has ended (by its rules or a resignation).
    pub fn is_over(&self) -> bool {
        match self {
            OnScreen::Queens(game) => game.is_over(),
            OnScreen::Grid(game) => game.is_over(),
        }
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Player> {
        match self {
            OnScreen::Queens(game) => game.resigned(),
            OnScreen::Grid(game) => game.resigned().map(Player::at_ply),
        }
    }

    /// Who sits in each seat, P1 first.
    pub fn seats(&self) -> &[Seat; 2] {
        match self {
            OnScreen::Queens(game) => &game.seats,
            OnScreen::Grid(game) => &game.seats,
        }
    }

    /// The seat to move, as a player.
    pub fn side_to_move(&self) -> Player {
        match self {
            OnScreen::Queens(game) => game.board.side_to_move(),
            OnScreen::Grid(game) => Player::at_ply(game.seat_to_move()),
        }
    }

    /// Whether a computer should be thinking now.
    pub fn computer_to_move(&self) -> bool {
        match self {
            OnScreen::Queens(game) => game.computer_to_move(),
            OnScreen::Grid(game) => game.computer_to_move(),
        }
    }

    /// Who may resign now (see [`crate::games::seam::resigning_seat`]).
    pub fn resigning_side(&self) -> Option<Player> {
        match self {
            OnScreen::Queens(game) => game.resigning_side(),
            OnScreen::Grid(game) => game.resigning_seat().map(Player::at_ply),
        }
    }

    /// Whether Undo would take a move back.
    pub fn can_undo(&self) -> bool {
        match self {
            OnScreen::Queens(game) => game.can_undo(),
            OnScreen::Grid(game) => game.can_undo(),
        }
    }

    /// Whether Redo would replay a move.
    pub fn can_redo(&self) -> bool {
        match self {
            OnScreen::Queens(game) => game.can_redo(),
            OnScreen::Grid(game) => game.can_redo(),
        }
    }

    /// Undo (`true`) or redo; how many moves it took.
    pub fn step(&mut self, undo: bool) -> usize {
        match (self, undo) {
            (OnScreen::Queens(game), true) => game.undo(),
            (OnScreen::Queens(game), false) => game.redo(),
            (OnScreen::Grid(game), true) => game.undo(),
            (OnScreen::Grid(game), false) => game.redo(),
        }
    }

    /// The game string (`size=8 stones=b2 moves=c3`, `game=dodgem moves=a3-b3`).
    pub fn game_string(&self) -> String {
        match self {
            OnScreen::Queens(game) => game.board.game_string(),
            OnScreen::Grid(game) => game.game.game_string(),
        }
    }

    /// The status line of this game at its start.
    pub fn started_message(&self) -> Message {
        match self {
            OnScreen::Queens(game) => super::replace::started(&game.board),
            OnScreen::Grid(game) => Message::Grid(GridNote::Started(game.tag())),
        }
    }

    /// Gives up the game for `loser`.
    pub fn resign(&mut self, loser: Player) {
        match self {
            OnScreen::Queens(game) => game.resign(loser),
            OnScreen::Grid(game) => game.resign(loser.index()),
        }
    }

    /// What a click on `target` means here: a move to play, or a word for the status
    /// line (a piece picked up, a click where no move begins).
    pub fn click(&mut self, target: Target) -> Result<GameMove, Option<Message>> {
        use crate::ui::session::grid_game::GridClick;
        match (self, target) {
            (OnScreen::Queens(_), Target::Queens(cell)) => Ok(GameMove::Queens(cell)),
            (OnScreen::Grid(game), Target::Grid(target)) => match game.click(target) {
                GridClick::Play(mv) => Ok(GameMove::Grid(mv)),
                GridClick::Picked(Some(square)) => {
                    Err(Some(Message::Grid(GridNote::Picked(square))))
                }
                GridClick::Picked(None) => Err(Some(Message::Grid(GridNote::PutDown))),
                GridClick::PickFirst => Err(Some(Message::Grid(GridNote::PickFirst))),
                GridClick::Illegal(square) => Err(Some(Message::Grid(GridNote::Illegal(square)))),
            },
            // A click meant for another game's board (none is drawn): nothing.
            _ => Err(None),
        }
    }
}
