//! Playing the game on screen: moves, undo and redo, stepping through earlier
//! positions, resigning, and the setup board's stones. The rules are the board's.

use super::{App, Target};
use crate::jobs::search::Purpose;
use crate::session::game::{PASS, last_change};
use crate::session::grid_note::GridNote;
use crate::session::messages::Message;
use crate::session::seats::{Seat, hand_from_random};
use queens_board::{Board, Cell, Player};
use queens_store::SearchInfo;

impl App {
    /// Whether the game on screen has ended: by its rules, or a side resigned.
    pub fn game_ended(&self) -> bool {
        self.game.is_over()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Player> {
        self.game.resigned()
    }

    /// The winner of an ended game (`None`: a draw, or not ended).
    pub fn winner(&self) -> Option<Player> {
        self.game.winner()
    }

    /// Whether the game-over summary is on screen: the game ended, no earlier position
    /// is reviewed, and the player has not closed it.
    pub fn summary_shown(&self) -> bool {
        self.game_ended()
            && self.review.is_none()
            && !self.new_game.open
            && self.summary_closed.as_deref() != Some(self.summary_key().as_str())
    }

    /// Which ended game a closed summary belongs to: its id and game string (so a new
    /// or changed game shows its own summary).
    pub(super) fn summary_key(&self) -> String {
        format!("{} {}", self.game.id, self.game.game_string())
    }

    /// Who resigns now: the human against the computer, the side to move between two
    /// people; nobody between two computers or in an ended game.
    pub(crate) fn resigning_side(&self) -> Option<Player> {
        self.game.resigning_side()
    }

    /// Asks "resign this game?" when someone may resign now; the answer comes back as
    /// [`super::Action::ConfirmResign`].
    pub(super) fn ask_resign(&mut self) {
        self.asked.resign = self.resigning_side().is_some();
    }

    /// Ends the game by resignation: the record says who resigned, so the game goes
    /// into the history like any finished game, and the autosave keeps it finished (the
    /// next start shows it, never offers it).
    pub(super) fn resign(&mut self) {
        let Some(loser) = self.resigning_side() else {
            return;
        };
        self.end_by_resignation(loser, Message::Resigned(loser));
    }

    /// Ends the game with `loser` resigning (or forfeiting), saying `message`.
    pub(super) fn end_by_resignation(&mut self, loser: Player, message: Message) {
        self.stop_search();
        self.review = None;
        self.game.resign(loser);
        // The record cannot already be finished: the game was not over.
        let _ = self.files.record.resign(loser);
        self.message = message;
        self.sync_files();
    }

    /// Shows the position after `ply` moves; the current one (or beyond) ends the review.
    pub(super) fn review_at(&mut self, ply: usize) {
        self.analysis.compared = None;
        let last = self.current_ply();
        let was_reviewing = self.review.is_some();
        self.review = (ply < last).then_some(ply);
        match self.review {
            Some(ply) => self.message = Message::Reviewing(ply),
            None if was_reviewing => self.message = Message::BackToGame,
            None => {}
        }
    }

    /// Moves played in the game on screen.
    pub fn current_ply(&self) -> usize {
        self.game.ply()
    }

    pub(super) fn undo(&mut self) {
        self.move_through_history(true);
        // After an undo the person wants to think; a computer-only game stays paused.
        self.paused = self.game.seats().iter().all(Seat::is_computer);
    }

    pub(super) fn redo(&mut self) {
        self.move_through_history(false);
    }

    /// Undo (`true`) and redo alike: stop any search, leave review and hint, take the
    /// step, say how many moves it took and follow the change in the files. A resigned
    /// game is over for good (its autosave is gone): nothing moves.
    fn move_through_history(&mut self, undo: bool) {
        if self.game.resigned().is_some() {
            return;
        }
        self.stop_search();
        self.review = None;
        let count = self.game.step(undo);
        self.message = match (count, undo) {
            (0, true) => Message::NothingToUndo,
            (0, false) => Message::NothingToRedo,
            (count, true) => Message::Undone(count),
            (count, false) => Message::Redone(count),
        };
        if count > 0 {
            self.after_change(None);
        }
    }

    /// A click on the board, whichever game is on screen: the checks every game shares
    /// (a question open, the New game panel's stones, a resigned game, review, the
    /// computer's turn), then the game says what the click means.
    pub(super) fn clicked(&mut self, target: Target) {
        if self.asking() {
            return;
        }
        if self.new_game.open {
            if let Target::SetupStone(cell) = target {
                self.toggle_setup_stone(cell);
            }
            return;
        }
        if let Some(loser) = self.game.resigned() {
            self.message = Message::Resigned(loser);
            return;
        }
        if self.review.is_some() {
            self.message = Message::ReviewReadOnly;
            return;
        }
        if self.game.is_over() {
            self.message = Message::GameOver;
            return;
        }
        if self.game.computer_to_move() {
            // Paused, nothing is thinking: say how to let the computer move.
            self.message = if self.paused && self.search.job.is_none() {
                Message::ComputerPaused
            } else {
                Message::WaitForComputer
            };
            return;
        }
        match self.game.click_target(target) {
            Ok(mv) => {
                // The player's own move: a link's game is theirs from now on.
                self.files.player_moved();
                self.play_move(&mv, None);
            }
            Err(Some(message)) => self.message = message,
            Err(None) => {}
        }
    }

    /// Plays `mv` (in the game's notation) for the side to move (a person's click or
    /// the computer's answer); `search` is the computer's search that chose it. A
    /// refused move changes nothing and says why.
    pub(super) fn play_move(&mut self, mv: &str, search: Option<SearchInfo>) {
        let seat = self.game.seat_to_move();
        // What a queen there claims, counted before it is placed (the status line says it).
        let claimed = self.game.queens().and_then(|board| {
            let cell = Cell::parse(mv)?;
            Some((board.side_to_move(), cell, board.claims_of(cell).count()))
        });
        match self.game.play(mv) {
            Ok(()) => {
                // A hint search for the old position is of no use any more.
                if self
                    .search
                    .job
                    .as_ref()
                    .is_some_and(|job| job.purpose == Purpose::Hint)
                {
                    self.stop_search();
                }
                self.clock.last_move = self.clock.now;
                let (_, flipped) = last_change(self.game.game.as_ref());
                self.message = match claimed {
                    Some((player, cell, gained)) => Message::Played {
                        player,
                        cell,
                        gained,
                    },
                    None if mv == PASS => Message::Grid(GridNote::Passed(seat)),
                    None => Message::Grid(GridNote::Played {
                        seat,
                        mv: mv.to_string(),
                        flipped: flipped.len(),
                    }),
                };
                self.after_change(search);
                self.note_forced_pass();
            }
            Err(error) => {
                self.message = match error.downcast_ref::<queens_board::MoveError>() {
                    // Queens' board says why in the window's own words.
                    Some(error) => Message::Refused(*error),
                    None => Message::Grid(GridNote::Refused(error)),
                }
            }
        }
    }

    /// When a person is now to move with no move but the pass, the status line says so
    /// (the board offers the Pass button); the computer passes by itself.
    fn note_forced_pass(&mut self) {
        if self.game.must_pass() && !self.game.computer_to_move() {
            let moved = std::mem::replace(&mut self.message, Message::GameOver);
            self.message = Message::Both(
                Box::new(moved),
                Box::new(Message::Grid(GridNote::MustPass(self.game.seat_to_move()))),
            );
        }
    }

    pub(super) fn toggle_setup_stone(&mut self, cell: Cell) {
        // Editing starts from the stones on show.
        hand_from_random(&mut self.new_game.draft);
        let name = cell.to_string();
        if let Some(index) = self
            .new_game
            .draft
            .hand_stones
            .iter()
            .position(|s| *s == name)
        {
            self.new_game.draft.hand_stones.remove(index);
        } else if self.new_game.draft.hand_stones.len()
            < Board::max_stones(self.new_game.draft.size)
        {
            self.new_game.draft.hand_stones.push(name);
        }
    }
}
