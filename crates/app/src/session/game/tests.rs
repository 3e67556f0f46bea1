//! Tests of the one session type ([`super::Game`]): seats, moves, undo and redo, resignation.

use super::*;
use crate::session::engine_setup::EngineSetup;
use queens_engines::games::table::by_tag;

fn computer() -> Seat {
    Seat::Computer(EngineSetup::default())
}

/// A queens game on an empty 6x6 board: the session is every game's.
fn queens(seats: [Seat; 2]) -> Game {
    let board = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
    Game::new(1, Box::new(board), seats)
}

#[test]
fn queens_undo_against_the_computer_takes_back_the_pair() {
    let mut game = queens([Seat::Human, computer()]);
    game.play("a1").unwrap_or_else(|e| panic!("{e}"));
    game.play("c2").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.undo(), 2);
    assert_eq!(game.ply(), 0);
    assert_eq!(game.redo(), 2);
    assert_eq!(game.ply(), 2);
}

#[test]
fn undo_while_the_computer_thinks_takes_back_the_human_move() {
    let mut game = queens([Seat::Human, computer()]);
    game.play("a1").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.undo(), 1);
    assert_eq!(game.ply(), 0);
}

#[test]
fn computer_first_undo_stops_at_the_human_turn_or_the_start() {
    let mut game = queens([computer(), Seat::Human]);
    game.play("a1").unwrap_or_else(|e| panic!("{e}"));
    // Only the computer's move: nothing of the human's to take back.
    assert!(!game.can_undo());
    assert_eq!(game.undo(), 0);
    assert_eq!(game.ply(), 1);
    game.play("c2").unwrap_or_else(|e| panic!("{e}"));
    assert!(game.can_undo());
    game.play("e6").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.undo(), 2);
    assert_eq!(game.ply(), 1);
}

#[test]
fn humans_and_computers_alone_undo_one_move() {
    let mut people = queens([Seat::Human, Seat::Human]);
    people.play("a1").unwrap_or_else(|e| panic!("{e}"));
    people.play("c2").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(people.undo(), 1);
    let mut engines = queens([computer(), computer()]);
    engines.play("a1").unwrap_or_else(|e| panic!("{e}"));
    engines.play("c2").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(engines.undo(), 1);
    assert_eq!(engines.redo(), 1);
}

#[test]
fn a_different_move_clears_redo() {
    let mut game = queens([Seat::Human, Seat::Human]);
    game.play("a1").unwrap_or_else(|e| panic!("{e}"));
    game.undo();
    assert!(game.can_redo());
    game.play("b3").unwrap_or_else(|e| panic!("{e}"));
    assert!(!game.can_redo());
}

#[test]
fn a_resigned_game_is_over_for_good_and_won_by_the_other_side() {
    let mut game = queens([Seat::Human, Seat::Human]);
    let _ = game.play("a1");
    let _ = game.play("c2");
    // Between two people the side to move resigns: P1, though P2 leads on cells or not.
    assert_eq!(game.resigning_side(), Some(Player::One));
    game.resign(Player::One);
    assert!(game.is_over());
    assert_eq!(game.resigned(), Some(Player::One));
    assert_eq!(game.winner(), Some(Player::Two));
    assert_eq!(game.resigning_side(), None);
    assert!(!game.can_undo());
    assert_eq!(game.undo(), 0);
    assert_eq!(game.ply(), 2);
    assert!(!game.computer_to_move());
}

#[test]
fn against_the_computer_the_human_resigns_and_computers_never_do() {
    let game_hvc = queens([computer(), Seat::Human]);
    assert_eq!(game_hvc.resigning_side(), Some(Player::Two));
    let game_cvc = queens([computer(), computer()]);
    assert_eq!(game_cvc.resigning_side(), None);
}

fn othello(size: &str) -> Box<dyn AnyGame> {
    let text = format!("game=othello size={size}");
    queens_engines::games::game_string::read(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_move_shows_its_square_and_the_discs_it_flipped() {
    let mut game = Game::new(1, othello("6"), [Seat::Human, Seat::Human]);
    let first = game.game.legal_moves()[0].clone();
    game.play(&first).unwrap_or_else(|e| panic!("{e}"));
    let (placed, flipped) = last_change(game.game.as_ref());
    let view = game.game.grid().unwrap_or_else(|| panic!("no grid"));
    assert_eq!(placed.map(|i| view.names[i].clone()), Some(first));
    assert_eq!(flipped.len(), 1, "an opening move flips one disc");
    assert!(matches!(view.squares[flipped[0]], Square::Piece(0)));
}

#[test]
fn a_capture_where_the_move_went_is_no_flip() {
    // A piece of seat 1 on e5 taken by seat 0's move there (as a pawn captures), and
    // a piece elsewhere that changed seat (as a disc an Othello move flips).
    let before = othello("6").grid().unwrap_or_else(|| panic!("no grid"));
    let mut after = before.clone();
    let square = |name: &str| {
        before
            .names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no {name}"))
    };
    let mut before = before.clone();
    before.squares[square("e5")] = Square::Piece(1);
    after.squares[square("e5")] = Square::Piece(0);
    before.squares[square("a1")] = Square::Piece(1);
    after.squares[square("a1")] = Square::Piece(0);
    let flips = super::flipped(&before, &after, Some(square("e5")));
    assert_eq!(flips, vec![square("a1")]);
}

#[test]
fn undo_against_the_computer_takes_back_the_pair_and_redo_brings_it_back() {
    let computer = Seat::Computer(EngineSetup::default());
    let mut game = Game::new(1, othello("8"), [Seat::Human, computer]);
    for _ in 0..2 {
        let mv = game.game.legal_moves()[0].clone();
        game.play(&mv).unwrap_or_else(|e| panic!("{e}"));
    }
    let played = game.game.game_string();
    assert_eq!(game.undo(), 2);
    assert_eq!(game.ply(), 0);
    assert_eq!(game.redo(), 2);
    assert_eq!(game.game.game_string(), played);
    assert!(game.play("a1").is_err(), "a1 is no legal opening move");
    assert_eq!(game.ply(), 2);
}

fn start(tag: &str) -> Box<dyn AnyGame> {
    let entry = by_tag(tag).unwrap_or_else(|| panic!("no {tag} row"));
    (entry.start)().unwrap_or_else(|e| panic!("{e}"))
}

/// The index of the square named `name` in the game's view.
fn at(game: &Game, name: &str) -> GridTarget {
    let view = game.game.grid().unwrap_or_else(|| panic!("no grid"));
    let index = view.names.iter().position(|n| n == name);
    GridTarget::Square(index.unwrap_or_else(|| panic!("no square {name}")))
}

#[test]
fn dodgem_clicks_pick_a_car_then_move_it_or_drive_it_off() {
    let mut game = Game::new(1, start("dodgem"), [Seat::Human, Seat::Human]);
    // An empty square with nothing picked: pick a car first.
    assert_eq!(game.click(at(&game, "b2")), GridClick::PickFirst);
    // White's car is not black's to pick.
    assert_eq!(game.click(at(&game, "b1")), GridClick::PickFirst);
    assert_eq!(game.click(GridTarget::Exit), GridClick::PickFirst);
    assert_eq!(
        game.click(at(&game, "a3")),
        GridClick::Picked(Some("a3".into()))
    );
    assert_eq!(game.reaches().len(), 1, "a3 can only go right");
    let GridClick::Play(mv) = game.click(at(&game, "b3")) else {
        panic!("no move")
    };
    assert_eq!(mv, "a3-b3");
    game.play(&mv).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.picked, None);
    // Clicking the picked car again puts it down.
    assert_eq!(
        game.click(at(&game, "c1")),
        GridClick::Picked(Some("c1".into()))
    );
    assert_eq!(game.click(at(&game, "c1")), GridClick::Picked(None));
    // A move the rules refuse is still offered to them, to say why.
    game.click(at(&game, "c1"));
    assert_eq!(game.click(at(&game, "a1")), GridClick::Play("c1-a1".into()));
    assert!(game.play("c1-a1").is_err());
    // Black's car on c3 leaves by the exit.
    for mv in ["c1-c2", "b3-c3"] {
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game.play("b1-a1").unwrap_or_else(|e| panic!("{e}"));
    game.click(at(&game, "c3"));
    assert!(game.reaches().contains(&Reach::Exit));
    assert_eq!(
        game.click(GridTarget::Exit),
        GridClick::Play("c3-off".into())
    );
}

#[test]
fn a_tic_tac_toe_click_plays_its_square_and_a_taken_one_is_named() {
    let computer = Seat::Computer(EngineSetup::default());
    let mut game = Game::new(1, start("tictactoe"), [Seat::Human, computer]);
    assert_eq!(game.click(at(&game, "b2")), GridClick::Play("b2".into()));
    game.play("b2").unwrap_or_else(|e| panic!("{e}"));
    // A taken square is offered to the rules, which say why they refuse it.
    assert_eq!(game.click(at(&game, "b2")), GridClick::Play("b2".into()));
    assert!(game.play("b2").is_err());
    game.play("a3").unwrap_or_else(|e| panic!("{e}"));
    // Against the computer, undo takes back the pair and redo brings it back.
    assert_eq!(game.undo(), 2);
    assert_eq!(game.redo(), 2);
    assert_eq!(game.game.to_string(), "o../.x./...");
}

#[test]
fn a_resigned_game_is_won_by_the_other_seat_and_refuses_moves() {
    let entry = by_tag("othello").unwrap_or_else(|| panic!("no othello row"));
    let start = (entry.start)().unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(1, start, [Seat::Human, Seat::Human]);
    assert_eq!(game.resigning_side(), Some(Player::One));
    game.resign(Player::One);
    assert_eq!(game.result(), Some(Some(1)));
    let mv = game.game.legal_moves()[0].clone();
    assert!(game.play(&mv).is_err());
    assert!(!game.can_undo());
}
