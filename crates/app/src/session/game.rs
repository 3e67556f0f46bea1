//! The game on screen, whichever game of the games table it is (queens included):
//! the position behind the seam ([`queens_engines::games::seam::AnyGame`]) without naming its
//! type, who sits in each seat, undo / redo (the rule of [`super::seats::undo_count`]),
//! a resignation ([`queens_engines::games::seam`]'s rule), the computer's last search and
//! hint, what the last move changed (for the board to show flips), and the piece picked
//! up by the first click of a two-square move (a Dodgem car). No egui here.
//!
//! A game reaches the window this way by its line in the games table alone: moves are
//! text in the game's notation, the board is its [`queens_engines::games::grid::GridView`]
//! (queens' own painter asks for its board by name: [`Game::queens`]).

use super::seats::{Seat, undo_count};
use super::settings::{GameSetup, Mode};
use queens_board::{Board, Player};
use queens_engines::ai::SearchOutcome;
use queens_engines::games::grid::{GridView, Reach, Square};
use queens_engines::games::seam::{AnyGame, Ending, Refused, resigning_seat};

/// The seats of a table game from the new-game choices (their mode and who starts, the
/// table games' own computers).
pub(crate) fn table_seats(setup: &GameSetup) -> [Seat; 2] {
    let [one, two] = setup.table.engines.clone();
    match setup.mode {
        Mode::HumanVsHuman => [Seat::Human, Seat::Human],
        Mode::ComputerVsComputer => [Seat::Computer(one), Seat::Computer(two)],
        Mode::HumanVsComputer if setup.human_first => [Seat::Human, Seat::Computer(two)],
        Mode::HumanVsComputer => [Seat::Computer(one), Seat::Human],
    }
}

/// The seats of a new game of `tag` from the new-game choices: queens' computers are
/// the settings' own (`engines`, the strong engines among them), every other game's
/// the table games' (`small.engines`).
pub(crate) fn setup_seats(tag: &str, setup: &GameSetup) -> [Seat; 2] {
    if tag == <Board as queens_engines::games::seam::Rules>::TAG {
        super::seats::seats_from_setup(setup)
    } else {
        table_seats(setup)
    }
}

/// The move the rules force when the side to move has no other (Othello's pass). The
/// window offers it as a button, since it is on no square.
pub(crate) const PASS: &str = "pass";

/// What a click on a table game's board means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridTarget {
    /// The square at this index of the game's [`GridView`].
    Square(usize),
    /// The Pass button (a pass the rules force).
    Pass,
    /// The way off the board (the view's exits), for the piece picked up.
    Exit,
}

/// What a click on a table game's board came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridClick {
    /// Play this move, in notation (the rules may still refuse it, with their reason).
    Play(String),
    /// A piece was picked up (the square's name) or put down (`None`).
    Picked(Option<String>),
    /// A click where only a piece picked up first could go.
    PickFirst,
    /// A click on a square no legal move begins on (its name).
    Illegal(String),
}

/// A games-table game in the window.
#[derive(Clone, Debug)]
pub struct Game {
    /// Changes with every game put on screen (search results carry it).
    pub id: u64,
    /// The position, with every move since its setup.
    pub game: Box<dyn AnyGame>,
    /// Who plays seat 0 (moves first) and seat 1.
    pub seats: [Seat; 2],
    /// Undone moves, the next to redo last.
    redo: Vec<String>,
    /// The seat that resigned.
    resigned: Option<usize>,
    /// The computer's last finished search of this game, with the seat that searched.
    pub searched: Option<(usize, SearchOutcome<String>)>,
    /// The square of the piece picked up, waiting for where it goes.
    pub picked: Option<usize>,
    /// The move a hint suggested for the position on screen (in notation); gone with
    /// the next change of the position.
    pub hint: Option<String>,
    /// Why the resigned seat's engine program lost (it crashed, hung...), for the summary.
    pub forfeit: Option<String>,
}

impl Game {
    /// A game from `game` with these seats.
    pub fn new(id: u64, game: Box<dyn AnyGame>, seats: [Seat; 2]) -> Game {
        Game {
            id,
            game,
            seats,
            redo: Vec::new(),
            resigned: None,
            searched: None,
            picked: None,
            hint: None,
            forfeit: None,
        }
    }

    /// The squares of the hinted move on `view` (where it begins and ends: `a3-b3`
    /// names two, `d3` one, a pass none), for the board to ring.
    pub(crate) fn hint_squares(&self, view: &GridView) -> Vec<usize> {
        let Some(hint) = &self.hint else {
            return Vec::new();
        };
        hint.split('-')
            .filter_map(|part| view.names.iter().position(|name| name == part))
            .collect()
    }

    /// The game's tag in the games table.
    pub fn tag(&self) -> &'static str {
        self.game.tag()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The position after the first `ply` moves (for review).
    pub fn at_ply(&self, ply: usize) -> Box<dyn AnyGame> {
        let mut game = self.game.clone();
        while game.moves().len() > ply && game.undo().is_some() {}
        game
    }

    /// The position at its setup, before any move (a rematch starts here).
    pub fn start(&self) -> Box<dyn AnyGame> {
        self.at_ply(0)
    }

    /// Ends the game: `loser` gives up.
    pub fn resign(&mut self, loser: Player) {
        self.resigned = Some(loser.index());
        self.redo.clear();
        self.picked = None;
        self.hint = None;
    }

    /// The side that resigned.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned.map(Player::at_ply)
    }

    /// The winner of an ended game (`None`: a draw, or not ended).
    pub fn winner(&self) -> Option<Player> {
        self.result().flatten().map(Player::at_ply)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Player {
        Player::at_ply(self.seat_to_move())
    }

    /// The queens board, when the game is Queens & Stones: for its own painter (claims,
    /// hover preview) and the tools written for its board, which ask for it by name.
    pub fn queens(&self) -> Option<&Board> {
        self.game.as_any().downcast_ref::<Board>()
    }

    /// Whether the game has ended (by the rules, or a resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.result().is_some()
    }

    /// The result once over: `Some(Some(seat))` a win, `Some(None)` a draw.
    pub fn result(&self) -> Option<Option<usize>> {
        Ending::of(self.game.result(), self.resigned).map(Ending::winner)
    }

    /// The seat to move.
    pub fn seat_to_move(&self) -> usize {
        self.game.seat_to_move()
    }

    /// Whether a computer should be thinking now.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.seats[self.seat_to_move()].is_computer()
    }

    /// Who may resign now (see [`resigning_seat`]).
    pub(crate) fn resigning_side(&self) -> Option<Player> {
        resigning_seat(
            self.seats.each_ref().map(|seat| !seat.is_computer()),
            self.seat_to_move(),
            self.is_over(),
        )
        .map(Player::at_ply)
    }

    /// Whether the side to move has no move but the forced pass.
    pub(crate) fn must_pass(&self) -> bool {
        !self.is_over() && self.game.legal_moves() == [PASS]
    }

    /// What a click on `target` means: see [`click_on`], with this game's piece
    /// picked up.
    pub fn click(&mut self, target: GridTarget) -> GridClick {
        click_on(self.game.as_ref(), &mut self.picked, target)
    }

    /// Where the piece picked up can go, for the board to mark.
    pub fn reaches(&self) -> Vec<Reach> {
        match (self.picked, self.game.grid()) {
            (Some(from), Some(view)) => view.reaches(from, &self.game.legal_moves()),
            _ => Vec::new(),
        }
    }

    /// Plays `mv` (in notation); redo survives when `mv` is the move it holds.
    ///
    /// # Errors
    /// The game's reason; nothing changes then.
    pub fn play(&mut self, mv: &str) -> Result<(), Refused> {
        if self.resigned.is_some() || self.game.result().is_some() {
            return Err(Refused::worded(GameIsOver));
        }
        self.game.play_text(mv)?;
        self.picked = None;
        self.hint = None;
        if self.redo.last().map(String::as_str) == Some(mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back a move, or the human's move and the computer's reply; returns how many.
    pub fn undo(&mut self) -> usize {
        if self.resigned.is_some() {
            return 0;
        }
        self.picked = None;
        self.hint = None;
        let count = undo_count(self.ply(), &self.seats);
        let mut taken = 0;
        for _ in 0..count {
            let Some(mv) = self.game.undo() else { break };
            self.redo.push(mv);
            taken += 1;
        }
        taken
    }

    /// Whether Undo would take anything back.
    pub fn can_undo(&self) -> bool {
        self.resigned.is_none() && undo_count(self.ply(), &self.seats) > 0
    }

    /// The moves undone and not played again, the next to redo first (as a save keeps
    /// them: `SavedGame::redo`).
    pub(crate) fn redo_moves(&self) -> Vec<String> {
        self.redo.iter().rev().cloned().collect()
    }

    /// The game with `moves` (the next to redo first, as [`Game::redo_moves`] gives
    /// them) to redo, as far as they replay from its position: a move the rules refuse
    /// there, and every one after it, is dropped (a save edited by hand, a file of
    /// another version).
    pub(crate) fn with_redo(mut self, moves: &[String]) -> Game {
        let mut ahead = self.game.clone_box();
        let kept = moves
            .iter()
            .take_while(|mv| ahead.play_text(mv).is_ok())
            .count();
        self.redo = moves.iter().take(kept).rev().cloned().collect();
        self
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays undone moves, as the queens game does: until a human is to move again.
    pub fn redo(&mut self) -> usize {
        self.picked = None;
        self.hint = None;
        let mut count = 0;
        while let Some(mv) = self.redo.last().cloned() {
            if self.game.play_text(&mv).is_err() {
                self.redo.clear();
                break;
            }
            self.redo.pop();
            count += 1;
            if self.seats.iter().all(Seat::is_computer) || !self.computer_to_move() {
                break;
            }
        }
        count
    }
}

/// What a click on `target` of a board showing `game` means, `picked` being the square
/// of the piece a first click picked up: the move a square begins (`d3`); the first
/// click of a two-square move picks the piece up (a second click on it puts it down)
/// and the second, on a square or the exit, plays the move to there; a pass the rules
/// force is its button. A square no move begins on, in a game whose moves are one
/// square, is offered to the rules, which say why they refuse it. Every board that
/// plays a game by clicks takes them here (the game on screen, a puzzle's board).
pub(crate) fn click_on(
    game: &dyn AnyGame,
    picked: &mut Option<usize>,
    target: GridTarget,
) -> GridClick {
    let legal = game.legal_moves();
    let view = game.grid();
    let index = match target {
        GridTarget::Pass if legal.iter().any(|mv| mv == PASS) => {
            return GridClick::Play(PASS.to_string());
        }
        GridTarget::Pass => return GridClick::Illegal(PASS.to_string()),
        GridTarget::Exit => {
            let joined = picked
                .zip(view.as_ref())
                .and_then(|(from, view)| view.join(from, Reach::Exit));
            return joined.map_or(GridClick::PickFirst, GridClick::Play);
        }
        GridTarget::Square(index) => index,
    };
    let Some(view) = view else {
        return GridClick::Illegal(String::new());
    };
    let name = view.names.get(index).cloned().unwrap_or_default();
    if *picked == Some(index) {
        *picked = None;
        return GridClick::Picked(None);
    }
    if view.picks(index, &legal) {
        *picked = Some(index);
        return GridClick::Picked(Some(name));
    }
    if let Some(mv) = picked.and_then(|from| view.join(from, Reach::Square(index))) {
        return GridClick::Play(mv);
    }
    if let Some(mv) = view.moves_from(index, &legal).first() {
        return GridClick::Play((*mv).to_string());
    }
    if legal.iter().any(|mv| mv.contains('-')) {
        GridClick::PickFirst
    } else {
        // A move of one square the rules will refuse: they say why (the cell a queen
        // claimed and by whom, the disc an Othello move would not flip).
        GridClick::Play(name)
    }
}

/// A move asked for once the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is over")]
pub(crate) struct GameIsOver;

impl queens_engines::games::setup::Reason for GameIsOver {
    fn vietnamese(&self) -> String {
        "ván đã kết thúc".to_string()
    }
}

/// What the last move of `game` changed on its board, for the board to show: the square
/// it was played on or a piece went to (none for a pass) and the other squares whose
/// piece changed seat (the discs an Othello move flipped; a piece captured where the
/// move went is not flipped). Found by comparing the board before and after it, so
/// it holds for any grid game without asking its rules.
pub(crate) fn last_change(game: &dyn AnyGame) -> (Option<usize>, Vec<usize>) {
    let (Some(after), Some(last)) = (game.grid(), game.moves().pop()) else {
        return (None, Vec::new());
    };
    let mut before_game = game.clone_box();
    before_game.undo();
    // The last square the move names: where the piece went, or the square it left
    // the board from (`c2-off`).
    let placed = last
        .split('-')
        .rev()
        .find_map(|part| after.names.iter().position(|name| name == part));
    let Some(before) = before_game.grid() else {
        return (placed, Vec::new());
    };
    (placed, flipped(&before, &after, placed))
}

/// The squares a move flipped: those holding a piece before and after it whose seat
/// differs, but for `placed`, where the move went (a piece captured there changed seat
/// by the capture, not by a flip).
fn flipped(before: &GridView, after: &GridView, placed: Option<usize>) -> Vec<usize> {
    changed_seat(before, after)
        .into_iter()
        .filter(|&index| Some(index) != placed)
        .collect()
}

/// The squares holding a piece in both views whose seat differs.
fn changed_seat(before: &GridView, after: &GridView) -> Vec<usize> {
    before
        .squares
        .iter()
        .zip(&after.squares)
        .enumerate()
        .filter_map(|(index, pair)| match pair {
            (Square::Piece(was), Square::Piece(now)) if was != now => Some(index),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
