//! Playing the game on screen: moves, undo and redo, stepping through earlier
//! positions, resigning, and the setup board's stones. The rules are the board's.

use super::on_screen::GameMove;
use super::{App, GameJob, OnScreen, Target};
use crate::board::{Board, Cell, Player};
use crate::store::SearchInfo;
use crate::ui::jobs::search::Purpose;
use crate::ui::session::game::{Seat, hand_from_random};
use crate::ui::session::messages::Message;

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
        match &self.game {
            OnScreen::Queens(game) => game.winner(),
            OnScreen::Grid(game) => game.result().flatten().map(Player::at_ply),
        }
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
        format!("{} {}", self.game.id(), self.game.game_string())
    }

    /// Who resigns now: the human against the computer, the side to move between two
    /// people; nobody between two computers or in an ended game.
    pub fn resigning_side(&self) -> Option<Player> {
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
        self.stop_search();
        self.advice.hint = None;
        self.review = None;
        self.game.resign(loser);
        // The record cannot already be finished: the game was not over.
        let _ = self.files.record.resign(loser);
        self.message = Message::Resigned(loser);
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
        self.advice.hint = None;
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
            if let Target::Queens(cell) = target {
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
        match self.game.click(target) {
            Ok(mv) => {
                // The player's own move: a link's game is theirs from now on.
                self.files.player_moved();
                self.play_move(mv, None);
            }
            Err(Some(message)) => self.message = message,
            Err(None) => {}
        }
    }

    /// Plays `mv` for the side to move (a person's click or the computer's answer);
    /// `search` is the computer's search that chose it.
    pub(super) fn play_move(&mut self, mv: GameMove, search: Option<SearchInfo>) {
        match mv {
            GameMove::Queens(cell) => self.play(cell, search),
            GameMove::Grid(mv) => self.play_grid(&mv, search),
        }
    }

    /// Plays a queen on `cell`; a refused move changes nothing and says why.
    pub(super) fn play(&mut self, cell: Cell, search: Option<SearchInfo>) {
        let OnScreen::Queens(game) = &mut self.game else {
            return;
        };
        let player = game.board.side_to_move();
        match game.play(cell) {
            Ok(claims) => {
                // A hint search for the old position is of no use any more.
                if self
                    .search
                    .job
                    .as_ref()
                    .and_then(GameJob::queens)
                    .is_some_and(|job| job.purpose == Purpose::Hint)
                {
                    self.stop_search();
                }
                self.advice.hint = None;
                self.clock.last_move = self.clock.now;
                self.message = Message::Played {
                    player,
                    cell,
                    gained: claims.count(),
                };
                self.after_change(search);
            }
            Err(error) => self.message = Message::Refused(error),
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
