//! The game being played in the window: the board, who sits in each seat, and the undo /
//! redo stack. No egui here; the rules are the board's.

use crate::ai::UnknownEngine;
use crate::board::{
    Bitboard, Board, Cell, MAX_SIZE, MIN_SIZE, MoveError, ParseError, Player, random_stones,
};
use crate::store::{EngineSettings, Side};
use crate::ui::session::settings::{EngineSetup, GameSetup, Mode, StoneMode};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    /// A person clicking cells.
    Human,
    /// An engine with these settings.
    Computer(EngineSetup),
}

impl Seat {
    /// Whether an engine plays this seat.
    pub fn is_computer(&self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

/// A seat as a save file records it.
pub fn side_from_seat(seat: &Seat) -> Side {
    match seat {
        Seat::Human => Side::Human,
        Seat::Computer(engine) => Side::Computer(EngineSettings::from_config(&engine.config())),
    }
}

/// A save file's side as a seat of the window, within the window's limits
/// ([`crate::ui::session::settings::WINDOW_LIMITS`]: a side saved without a time limit, by the CLI,
/// gets the longest, 60 s). A side naming an engine this version does not know gets the
/// default engine with the same depth and time, and the error says so: the caller must
/// tell the user (never a silent stand-in).
pub fn seat_from_side(side: &Side) -> (Seat, Option<UnknownEngine>) {
    match side {
        Side::Human => (Seat::Human, None),
        Side::Computer(settings) => {
            let (config, unknown) = match settings.config() {
                Ok(config) => (config, None),
                Err(unknown) => {
                    let stand_in = EngineSettings {
                        algorithm: crate::ai::EngineKind::default().name().to_string(),
                        ..settings.clone()
                    };
                    (stand_in.config().unwrap_or_default(), Some(unknown))
                }
            };
            (Seat::Computer(EngineSetup::from_config(&config)), unknown)
        }
    }
}

/// The seats of a setup: P1 first.
pub fn seats_from_setup(setup: &GameSetup) -> [Seat; 2] {
    let [one, two] = setup.engines.clone();
    match setup.mode {
        Mode::HumanVsHuman => [Seat::Human, Seat::Human],
        Mode::ComputerVsComputer => setup.watch_engines().map(Seat::Computer),
        Mode::HumanVsComputer if setup.human_first => [Seat::Human, Seat::Computer(two)],
        Mode::HumanVsComputer => [Seat::Computer(one), Seat::Human],
    }
}

/// Turns random stones into stones by hand, starting from the stones on show, so
/// placing stones by hand edits the board the player saw rather than an empty one.
pub fn hand_from_random(setup: &mut GameSetup) {
    if setup.stone_mode == StoneMode::Random {
        setup.hand_stones = stones_from_setup(setup)
            .into_iter()
            .map(|c| c.to_string())
            .collect();
        setup.stone_mode = StoneMode::ByHand;
    }
}

/// The stones a setup asks for (hand stones that are not cells of the board are skipped).
pub fn stones_from_setup(setup: &GameSetup) -> Vec<Cell> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&setup.size) {
        // No board of that size: no cells to draw stones from ([`board_from_setup`]
        // says why).
        return Vec::new();
    }
    match setup.stone_mode {
        StoneMode::Random => random_stones(setup.size, setup.stones, setup.seed),
        StoneMode::ByHand => {
            let mut seen = Bitboard::EMPTY;
            let mut cells = Vec::new();
            for name in &setup.hand_stones {
                if let Some(cell) = Cell::parse(name)
                    && cell.is_on_board(setup.size)
                    && !seen.contains(cell)
                {
                    seen.insert(cell);
                    cells.push(cell);
                }
            }
            cells.truncate(Board::max_stones(setup.size));
            cells
        }
    }
}

/// The starting board of a setup.
///
/// # Errors
/// The board's reason when the setup makes no board (a size outside 3..=15, e.g. from a
/// settings file edited by hand): the New game panel shows it and Start does nothing,
/// never a silent stand-in.
pub fn board_from_setup(setup: &GameSetup) -> Result<Board, ParseError> {
    let stones = stones_from_setup(setup);
    Board::new(setup.size, &stones)
}

/// How many moves one "undo" takes back: back to before the last human move (so against
/// the computer, the computer's reply and the human's move go together). With no human
/// seat, one move. When the computer moved first and the human has not moved yet,
/// nothing: taking back only the computer's move would just have it play again, so Undo
/// is disabled rather than a button that seems dead.
pub fn plies_to_undo(board: &Board, seats: &[Seat; 2]) -> usize {
    undo_count(board.ply(), seats)
}

/// [`plies_to_undo`] for any game whose players alternate, P1 first, after `ply` moves
/// (the small games share the rule).
pub fn undo_count(ply: usize, seats: &[Seat; 2]) -> usize {
    if seats.iter().all(Seat::is_computer) {
        return ply.min(1);
    }
    (0..ply)
        .rev()
        .find(|&index| !seats[Player::at_ply(index).index()].is_computer())
        .map_or(0, |last_human| ply - last_human)
}

/// The game in the window.
#[derive(Clone, Debug)]
pub struct Game {
    /// Changes whenever a new game starts or a position is pasted; search results carry
    /// it so that a result is never applied to another game.
    pub id: u64,
    /// The position.
    pub board: Board,
    /// Who plays P1 and P2.
    pub seats: [Seat; 2],
    /// Undone moves, the next to redo last.
    redo: Vec<Cell>,
    /// The side that resigned: the game is over for good (no undo, no redo).
    resigned: Option<Player>,
}

impl Game {
    /// A new game from `board` with these seats.
    pub fn new(id: u64, board: Board, seats: [Seat; 2]) -> Game {
        Game {
            id,
            board,
            seats,
            redo: Vec::new(),
            resigned: None,
        }
    }

    /// Ends the game: `loser` gives up.
    pub fn resign(&mut self, loser: Player) {
        self.resigned = Some(loser);
        self.redo.clear();
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// Who may resign now: the human against the computer, the side to move between two
    /// people; nobody between two computers or in an ended game.
    pub fn resigning_side(&self) -> Option<Player> {
        let humans = [Player::One, Player::Two].map(|p| !self.seats[p.index()].is_computer());
        let to_move = self.board.side_to_move().index();
        crate::games::seam::resigning_seat(humans, to_move, self.is_over())
            .map(|seat| if seat == 0 { Player::One } else { Player::Two })
    }

    /// Whether the game has ended: no free cell left, or a side resigned.
    pub fn is_over(&self) -> bool {
        self.board.is_over() || self.resigned.is_some()
    }

    /// The winner of an ended game by the rules (`None`: a draw, or not ended).
    pub fn winner(&self) -> Option<Player> {
        crate::board::winner(&self.board, self.resigned)
    }

    /// The seat of the side to move.
    pub fn seat_to_move(&self) -> &Seat {
        &self.seats[self.board.side_to_move().index()]
    }

    /// Whether a computer should be thinking now (the game is on and a computer moves).
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.seat_to_move().is_computer()
    }

    /// Plays `cell` for the side to move. Redo survives if `cell` is the move it holds.
    ///
    /// # Errors
    /// The board's reason when the move is illegal; nothing changes then.
    pub fn play(&mut self, cell: Cell) -> Result<Bitboard, MoveError> {
        let claims = self.board.play(cell)?;
        if self.redo.last() == Some(&cell) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(claims)
    }

    /// Takes back a move, or a move pair against the computer; returns how many.
    pub fn undo(&mut self) -> usize {
        if self.resigned.is_some() {
            return 0;
        }
        let count = plies_to_undo(&self.board, &self.seats);
        for _ in 0..count {
            if let Some(cell) = self.board.undo() {
                self.redo.push(cell);
            }
        }
        count
    }

    /// Whether Undo would take anything back ([`plies_to_undo`]).
    pub fn can_undo(&self) -> bool {
        self.resigned.is_none() && plies_to_undo(&self.board, &self.seats) > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays undone moves: one, then more until a human is to move again (mirroring
    /// undo). Returns how many.
    pub fn redo(&mut self) -> usize {
        let mut count = 0;
        while let Some(&cell) = self.redo.last() {
            if self.board.play(cell).is_err() {
                self.redo.clear();
                break;
            }
            self.redo.pop();
            count += 1;
            let all_computers = self.seats.iter().all(Seat::is_computer);
            if all_computers || !self.computer_to_move() {
                break;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"))
    }

    fn game(seats: [Seat; 2]) -> Game {
        let board = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
        Game::new(1, board, seats)
    }

    fn computer() -> Seat {
        Seat::Computer(EngineSetup::default())
    }

    #[test]
    fn undo_against_the_computer_takes_back_the_pair() {
        let mut game = game([Seat::Human, computer()]);
        game.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        game.play(cell("c2")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.undo(), 2);
        assert_eq!(game.board.ply(), 0);
        assert_eq!(game.redo(), 2);
        assert_eq!(game.board.ply(), 2);
    }

    #[test]
    fn undo_while_the_computer_thinks_takes_back_the_human_move() {
        let mut game = game([Seat::Human, computer()]);
        game.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.undo(), 1);
        assert_eq!(game.board.ply(), 0);
    }

    #[test]
    fn computer_first_undo_stops_at_the_human_turn_or_the_start() {
        let mut game = game([computer(), Seat::Human]);
        game.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        // Only the computer's move: nothing of the human's to take back.
        assert!(!game.can_undo());
        assert_eq!(game.undo(), 0);
        assert_eq!(game.board.ply(), 1);
        game.play(cell("c2")).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.can_undo());
        game.play(cell("e6")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.undo(), 2);
        assert_eq!(game.board.ply(), 1);
    }

    #[test]
    fn humans_and_computers_alone_undo_one_move() {
        let mut people = game([Seat::Human, Seat::Human]);
        people.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        people.play(cell("c2")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(people.undo(), 1);
        let mut engines = game([computer(), computer()]);
        engines.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        engines.play(cell("c2")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(engines.undo(), 1);
        assert_eq!(engines.redo(), 1);
    }

    #[test]
    fn a_different_move_clears_redo() {
        let mut game = game([Seat::Human, Seat::Human]);
        game.play(cell("a1")).unwrap_or_else(|e| panic!("{e}"));
        game.undo();
        assert!(game.can_redo());
        game.play(cell("b3")).unwrap_or_else(|e| panic!("{e}"));
        assert!(!game.can_redo());
    }

    #[test]
    fn seats_survive_a_save_file() {
        for seat in [Seat::Human, computer()] {
            assert_eq!(seat_from_side(&side_from_seat(&seat)), (seat, None));
        }
        let no_limit = Side::Computer(EngineSettings {
            algorithm: "minimax".into(),
            depth: 3,
            time_ms: None,
        });
        let (Seat::Computer(engine), None) = seat_from_side(&no_limit) else {
            panic!("not a known computer")
        };
        assert_eq!((engine.depth, engine.time_ms), (3, 60_000));
        assert_eq!(engine.engine, crate::ai::EngineKind::MINIMAX);
    }

    #[test]
    fn an_unknown_engine_in_a_save_is_reported_not_silently_replaced() {
        let newer = Side::Computer(EngineSettings {
            algorithm: "pvs-2030".into(),
            depth: 7,
            time_ms: Some(3_000),
        });
        let (Seat::Computer(engine), Some(unknown)) = seat_from_side(&newer) else {
            panic!("the unknown engine was not reported")
        };
        assert_eq!(unknown.name, "pvs-2030");
        assert!(unknown.known.contains("alphabeta"));
        // The stand-in keeps the seat's depth and time.
        assert_eq!((engine.depth, engine.time_ms), (7, 3_000));
    }

    #[test]
    fn setups_give_their_seats_and_stones() {
        let mut setup = GameSetup {
            human_first: false,
            ..GameSetup::default()
        };
        assert!(seats_from_setup(&setup)[0].is_computer());
        setup.stone_mode = StoneMode::ByHand;
        setup.hand_stones = vec!["c3".into(), "c3".into(), "z9".into(), "a1".into()];
        assert_eq!(stones_from_setup(&setup), vec![cell("c3"), cell("a1")]);
        setup.stone_mode = StoneMode::Random;
        let board = board_from_setup(&setup).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(board.stones().count() as usize, setup.stones);
    }

    #[test]
    fn a_setup_that_makes_no_board_is_an_error_not_an_8x8_stand_in() {
        let setup = GameSetup {
            size: 40,
            ..GameSetup::default()
        };
        assert!(matches!(
            board_from_setup(&setup),
            Err(ParseError::BadSize(size)) if size == "40"
        ));
        // The defaults make one (the window falls back to them at start).
        assert!(board_from_setup(&GameSetup::default()).is_ok());
    }

    #[test]
    fn a_resigned_game_is_over_for_good_and_won_by_the_other_side() {
        let mut game = game([Seat::Human, Seat::Human]);
        let _ = game.play(cell("a1"));
        let _ = game.play(cell("c2"));
        // Between two people the side to move resigns: P1, though P2 leads on cells or not.
        assert_eq!(game.resigning_side(), Some(Player::One));
        game.resign(Player::One);
        assert!(game.is_over());
        assert_eq!(game.resigned(), Some(Player::One));
        assert_eq!(game.winner(), Some(Player::Two));
        assert_eq!(game.resigning_side(), None);
        assert!(!game.can_undo());
        assert_eq!(game.undo(), 0);
        assert_eq!(game.board.ply(), 2);
        assert!(!game.computer_to_move());
    }

    #[test]
    fn against_the_computer_the_human_resigns_and_computers_never_do() {
        let game_hvc = game([computer(), Seat::Human]);
        assert_eq!(game_hvc.resigning_side(), Some(Player::Two));
        let game_cvc = game([computer(), computer()]);
        assert_eq!(game_cvc.resigning_side(), None);
    }
}
