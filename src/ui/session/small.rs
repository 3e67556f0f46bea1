//! A tic-tac-toe or Dodgem game being played in the window: the position, who sits in
//! each seat, undo / redo, and (Dodgem) the car picked up. No egui here; the rules are
//! [`crate::games::play`]'s. The queens game's [`super::game::Game`] is the model: the
//! same seats, the same undo rule ([`super::game::undo_count`]), the same resignation.

use super::game::{Seat, undo_count};
use super::settings::{GameSetup, Mode};
use crate::games::cells::Cell;
use crate::games::play::{Piece, SmallError, SmallKind, SmallMove, SmallPosition};

/// The seats of a small game from the new-game choices (their mode and who starts, the
/// small games' engines).
pub fn small_seats(setup: &GameSetup) -> [Seat; 2] {
    let [one, two] = setup.small.engines.clone();
    match setup.mode {
        Mode::HumanVsHuman => [Seat::Human, Seat::Human],
        Mode::ComputerVsComputer => [Seat::Computer(one), Seat::Computer(two)],
        Mode::HumanVsComputer if setup.human_first => [Seat::Human, Seat::Computer(two)],
        Mode::HumanVsComputer => [Seat::Computer(one), Seat::Human],
    }
}

/// What a click on a small game's board means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmallTarget {
    /// A cell of the 3x3 board.
    Cell(Cell),
    /// Off the board (a Dodgem car leaving: right of the board for black, above for white).
    Off,
}

/// A small game in the window.
#[derive(Clone, Debug, PartialEq)]
pub struct SmallGame {
    /// Changes with every game put on screen (search results carry it).
    pub id: u64,
    /// The position, with every move since the start.
    pub position: SmallPosition,
    /// Who plays P1 (X, black) and P2 (O, white).
    pub seats: [Seat; 2],
    /// Undone moves, the next to redo last.
    redo: Vec<SmallMove>,
    /// The seat that resigned.
    resigned: Option<usize>,
    /// Dodgem: the car picked up, waiting for where it goes.
    pub picked: Option<Cell>,
    /// The computer's last finished search of this game, with the seat that searched
    /// (the side panel shows its value from that seat's side).
    pub searched: Option<(usize, crate::ai::SearchOutcome<SmallMove>)>,
}

impl SmallGame {
    /// A game from `position` with these seats.
    pub fn new(id: u64, position: SmallPosition, seats: [Seat; 2]) -> SmallGame {
        SmallGame {
            id,
            position,
            seats,
            redo: Vec::new(),
            resigned: None,
            picked: None,
            searched: None,
        }
    }

    /// Which game.
    pub fn kind(&self) -> SmallKind {
        self.position.kind()
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.position.ply()
    }

    /// The position after the first `ply` moves (for review).
    pub fn at_ply(&self, ply: usize) -> SmallPosition {
        let moves = self.position.moves();
        let mut position = SmallPosition::start(self.kind());
        for mv in moves.into_iter().take(ply) {
            // Every move was legal when it was played from the same start.
            let _ = position.play(mv);
        }
        position
    }

    /// Ends the game: `loser` (a seat) gives up.
    pub fn resign(&mut self, loser: usize) {
        self.resigned = Some(loser);
        self.redo.clear();
        self.picked = None;
    }

    /// The seat that resigned.
    pub fn resigned(&self) -> Option<usize> {
        self.resigned
    }

    /// Whether the game has ended (by the rules, or a resignation).
    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.position.is_over()
    }

    /// The result once over: `Some(Some(seat))` a win, `Some(None)` a draw.
    pub fn result(&self) -> Option<Option<usize>> {
        crate::games::seam::Ending::of(self.position.result(), self.resigned)
            .map(crate::games::seam::Ending::winner)
    }

    /// The seat to move.
    pub fn seat_to_move(&self) -> usize {
        self.position.seat_to_move()
    }

    /// Whether a computer should be thinking now.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.seats[self.seat_to_move()].is_computer()
    }

    /// Who may resign now, as in the queens game: the human against the computer, the
    /// side to move between two people, nobody between computers or once over.
    pub fn resigning_seat(&self) -> Option<usize> {
        crate::games::seam::resigning_seat(
            self.seats.each_ref().map(|seat| !seat.is_computer()),
            self.seat_to_move(),
            self.is_over(),
        )
    }

    /// Plays `mv`; redo survives when `mv` is the move it holds.
    ///
    /// # Errors
    /// The game's reason; nothing changes then.
    pub fn play(&mut self, mv: SmallMove) -> Result<(), SmallError> {
        self.position.play(mv)?;
        self.picked = None;
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// What a click on `target` plays, if anything: a tic-tac-toe cell; in Dodgem, a
    /// car of the side to move is picked up (or put down when clicked again), and a
    /// click where the picked car may go moves it. `Err` names a refused move.
    pub fn click(&mut self, target: SmallTarget) -> ClickOutcome {
        match (self.kind(), target) {
            (SmallKind::TicTacToe, SmallTarget::Cell(cell)) => {
                ClickOutcome::Play(SmallMove::Mark(cell))
            }
            (SmallKind::TicTacToe, SmallTarget::Off) => ClickOutcome::Nothing,
            (SmallKind::Dodgem, target) => {
                let own = |cell: Cell| self.position.piece(cell) == Piece::Of(self.seat_to_move());
                if let SmallTarget::Cell(cell) = target
                    && own(cell)
                {
                    self.picked = (self.picked != Some(cell)).then_some(cell);
                    return ClickOutcome::Picked(self.picked);
                }
                let Some(from) = self.picked else {
                    return ClickOutcome::PickFirst;
                };
                let to = match target {
                    SmallTarget::Cell(cell) => Some(cell),
                    SmallTarget::Off => None,
                };
                // An illegal move is still played for the rules to refuse with their reason.
                ClickOutcome::Play(SmallMove::Car(crate::games::dodgem::DodgemMove {
                    from,
                    to,
                }))
            }
        }
    }

    /// The moves the picked car can make (Dodgem), for the board to mark.
    pub fn picked_moves(&self) -> Vec<SmallMove> {
        let Some(from) = self.picked else {
            return Vec::new();
        };
        self.position
            .legal_moves()
            .into_iter()
            .filter(|mv| matches!(mv, SmallMove::Car(car) if car.from == from))
            .collect()
    }

    /// Takes back a move, or the human's move and the computer's reply; returns how many.
    pub fn undo(&mut self) -> usize {
        if self.resigned.is_some() {
            return 0;
        }
        let count = undo_count(self.ply(), &self.seats);
        let mut moves = self.position.moves();
        for _ in 0..count {
            if let Some(mv) = moves.pop() {
                self.redo.push(mv);
            }
        }
        self.position = self.at_ply(moves.len());
        self.picked = None;
        count
    }

    /// Whether Undo would take anything back.
    pub fn can_undo(&self) -> bool {
        self.resigned.is_none() && undo_count(self.ply(), &self.seats) > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays undone moves, as the queens game does: until a human is to move again.
    pub fn redo(&mut self) -> usize {
        let mut count = 0;
        while let Some(&mv) = self.redo.last() {
            if self.position.play(mv).is_err() {
                self.redo.clear();
                break;
            }
            self.redo.pop();
            count += 1;
            if self.seats.iter().all(Seat::is_computer) || !self.computer_to_move() {
                break;
            }
        }
        self.picked = None;
        count
    }
}

/// What a click on the board came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// Play this move (the rules may still refuse it).
    Play(SmallMove),
    /// A car was picked up (`Some`) or put down (`None`).
    Picked(Option<Cell>),
    /// Dodgem: a click on no car of the side to move with nothing picked up.
    PickFirst,
    /// Nothing to do.
    Nothing,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::EngineKind;
    use crate::ui::session::small_setup::{GameChoice, SmallSetup};

    fn computer() -> Seat {
        Seat::Computer(SmallSetup::default().engines[0].clone())
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"))
    }

    #[test]
    fn undo_against_the_computer_takes_back_the_pair_and_redo_brings_it_back() {
        let start = SmallPosition::start(SmallKind::TicTacToe);
        let mut game = SmallGame::new(1, start, [Seat::Human, computer()]);
        for name in ["b2", "a3"] {
            game.play(SmallMove::Mark(cell(name)))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(game.undo(), 2);
        assert_eq!(game.ply(), 0);
        assert!(game.can_redo());
        assert_eq!(game.redo(), 2);
        assert_eq!(game.position.to_string(), "o../.x./...");
    }

    #[test]
    fn dodgem_clicks_pick_a_car_then_move_it_or_drive_it_off() {
        let start = SmallPosition::start(SmallKind::Dodgem);
        let mut game = SmallGame::new(1, start, [Seat::Human, Seat::Human]);
        // An empty cell with nothing picked: pick a car first.
        assert_eq!(
            game.click(SmallTarget::Cell(cell("b2"))),
            ClickOutcome::PickFirst
        );
        // White's car is not black's to pick.
        assert_eq!(
            game.click(SmallTarget::Cell(cell("b1"))),
            ClickOutcome::PickFirst
        );
        assert_eq!(
            game.click(SmallTarget::Cell(cell("a3"))),
            ClickOutcome::Picked(Some(cell("a3")))
        );
        assert_eq!(game.picked_moves().len(), 1, "a3 can only go right");
        let ClickOutcome::Play(mv) = game.click(SmallTarget::Cell(cell("b3"))) else {
            panic!("no move")
        };
        assert_eq!(mv.to_string(), "a3-b3");
        game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.picked, None);
        // Clicking the picked car again puts it down.
        assert_eq!(
            game.click(SmallTarget::Cell(cell("c1"))),
            ClickOutcome::Picked(Some(cell("c1")))
        );
        assert_eq!(
            game.click(SmallTarget::Cell(cell("c1"))),
            ClickOutcome::Picked(None)
        );
    }

    #[test]
    fn a_resigned_small_game_is_won_by_the_other_seat_and_cannot_be_undone() {
        let start = SmallPosition::start(SmallKind::Dodgem);
        let mut game = SmallGame::new(1, start, [computer(), Seat::Human]);
        assert_eq!(game.resigning_seat(), Some(1));
        game.resign(1);
        assert_eq!(game.result(), Some(Some(0)));
        assert!(!game.can_undo());
        assert!(!game.computer_to_move());
    }

    #[test]
    fn new_game_choices_give_the_small_games_their_own_computers() {
        let mut setup = GameSetup::default();
        setup.small.engines[1].engine = EngineKind::MINIMAX;
        let seats = small_seats(&setup);
        assert_eq!(seats[0], Seat::Human);
        assert!(matches!(&seats[1], Seat::Computer(e) if e.engine == EngineKind::MINIMAX));
        assert_eq!(GameChoice::Dodgem.small(), Some(SmallKind::Dodgem));
        assert_eq!(
            GameChoice::from(SmallKind::TicTacToe),
            GameChoice::TicTacToe
        );
    }
}
