//! Who sits in each seat of the game on screen ([`Seat`]: a person or an engine), as
//! the saves record them and as the New game choices give them, the undo rule every
//! game shares ([`undo_count`]), and the queens board of the New game choices (its
//! stones drawn or placed by hand). No egui here.

use crate::session::settings::{EngineSetup, GameSetup, Mode, StoneMode};
use queens_board::{Bitboard, Board, Cell, MAX_SIZE, MIN_SIZE, ParseError, Player, random_stones};
use queens_engines::ai::UnknownEngine;
use queens_store::{EngineSettings, Side};

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
    pub(crate) fn is_computer(&self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

/// A seat as a save file records it.
pub(crate) fn side_from_seat(seat: &Seat) -> Side {
    match seat {
        Seat::Human => Side::Human,
        Seat::Computer(engine) => Side::Computer(EngineSettings {
            program: engine.program.clone(),
            ..EngineSettings::from_config(&engine.config())
        }),
    }
}

/// A save file's side as a seat of the window, within the window's limits
/// ([`crate::session::settings::WINDOW_LIMITS`]: a side saved without a time limit, by the CLI,
/// gets the longest, 60 s). A side naming an engine this version does not know gets the
/// default engine with the same depth and time, and the error says so: the caller must
/// tell the user (never a silent stand-in).
pub(crate) fn seat_from_side(side: &Side) -> (Seat, Option<UnknownEngine>) {
    match side {
        Side::Human => (Seat::Human, None),
        Side::Computer(settings) => {
            let (config, unknown) = match settings.config() {
                Ok(config) => (config, None),
                Err(unknown) => {
                    let stand_in = EngineSettings {
                        algorithm: queens_engines::ai::EngineKind::default().name().to_string(),
                        ..settings.clone()
                    };
                    (stand_in.config().unwrap_or_default(), Some(unknown))
                }
            };
            let engine = EngineSetup {
                program: settings.program.clone(),
                ..EngineSetup::from_config(&config)
            };
            (Seat::Computer(engine), unknown)
        }
    }
}

/// The seats of a setup: P1 first.
pub(crate) fn seats_from_setup(setup: &GameSetup) -> [Seat; 2] {
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
pub(crate) fn hand_from_random(setup: &mut GameSetup) {
    if setup.stone_mode == StoneMode::Random {
        setup.hand_stones = stones_from_setup(setup)
            .into_iter()
            .map(|c| c.to_string())
            .collect();
        setup.stone_mode = StoneMode::ByHand;
    }
}

/// The stones a setup asks for (hand stones that are not cells of the board are skipped).
pub(crate) fn stones_from_setup(setup: &GameSetup) -> Vec<Cell> {
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
pub(crate) fn board_from_setup(setup: &GameSetup) -> Result<Board, ParseError> {
    let stones = stones_from_setup(setup);
    Board::new(setup.size, &stones)
}

/// How many moves one "undo" takes back after `ply` moves of a game whose players
/// alternate, P1 first: back to before the last human move (so against the computer,
/// the computer's reply and the human's move go together). With no human seat, one
/// move. When the computer moved first and the human has not moved yet, nothing: taking
/// back only the computer's move would just have it play again, so Undo is disabled
/// rather than a button that seems dead.
pub(crate) fn undo_count(ply: usize, seats: &[Seat; 2]) -> usize {
    if seats.iter().all(Seat::is_computer) {
        return ply.min(1);
    }
    (0..ply)
        .rev()
        .find(|&index| !seats[Player::at_ply(index).index()].is_computer())
        .map_or(0, |last_human| ply - last_human)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"))
    }

    fn computer() -> Seat {
        Seat::Computer(EngineSetup::default())
    }

    #[test]
    fn seats_survive_a_save_file() {
        let program = Seat::Computer(EngineSetup {
            program: Some("python3 \"my engine.py\"".to_string()),
            ..EngineSetup::default()
        });
        for seat in [Seat::Human, computer(), program] {
            assert_eq!(seat_from_side(&side_from_seat(&seat)), (seat, None));
        }
        let no_limit = Side::Computer(EngineSettings {
            algorithm: "minimax".into(),
            depth: 3,
            time_ms: None,
            program: None,
        });
        let (Seat::Computer(engine), None) = seat_from_side(&no_limit) else {
            panic!("not a known computer")
        };
        assert_eq!((engine.depth, engine.time_ms), (3, 60_000));
        assert_eq!(engine.engine, queens_engines::ai::EngineKind::MINIMAX);
    }

    #[test]
    fn an_unknown_engine_in_a_save_is_reported_not_silently_replaced() {
        let newer = Side::Computer(EngineSettings {
            algorithm: "pvs-2030".into(),
            depth: 7,
            time_ms: Some(3_000),
            program: None,
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
}
