//! One session for every game's puzzle: queens' shipped puzzles (lines from the set or
//! proved on a job) and tic-tac-toe's and Dodgem's generated ones (every move's line
//! proved with the puzzle) are judged, played out and retried the same way.

use super::*;
use crate::windows::puzzles::generated::GamePuzzles;
use queens_engines::ai::puzzles::PuzzleSet;
use queens_engines::games::table::by_tag;

fn shipped(number: usize) -> PuzzleSession {
    let puzzle = PuzzleSet::shipped().puzzles[number].clone();
    PuzzleSession::open(number, puzzle, Stakes::Cells, Vec::new())
        .unwrap_or_else(|| panic!("no puzzle {number}"))
}

/// Steps a session's proof to its end (a state, not a clock).
fn finish(session: &mut PuzzleSession) {
    while session.proving.is_some() {
        std::thread::yield_now();
        session.poll();
    }
}

fn start(tag: &str) -> Box<dyn AnyGame> {
    let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
    (entry.start)().unwrap_or_else(|e| panic!("{e}"))
}

/// Polls a game's generated puzzles until `count` are in (a state, not a clock).
fn found(tag: &str, count: usize) -> GamePuzzles {
    let mut puzzles = GamePuzzles::new(start(tag).as_ref(), 11, || {});
    while puzzles.puzzles.len() < count || puzzles.session.is_none() {
        assert!(puzzles.failed().is_none());
        std::thread::yield_now();
        puzzles.poll();
    }
    puzzles
}

fn session_of(puzzles: &mut GamePuzzles) -> &mut PuzzleSession {
    puzzles
        .session
        .as_mut()
        .unwrap_or_else(|| panic!("no session"))
}

/// Clicks `mv` on a grid board as a player would: its squares one after the other.
fn click_move(session: &mut PuzzleSession, mv: &str) -> Click {
    let view = session.position.grid().unwrap_or_else(|| panic!("no grid"));
    let mut answer = Click::Nothing;
    for part in mv.split('-') {
        let target = match view.names.iter().position(|name| name == part) {
            Some(index) => GridTarget::Square(index),
            None => GridTarget::Exit,
        };
        answer = session.click(target, || {});
    }
    answer
}

#[test]
fn the_tempting_move_shows_the_stored_refutation_at_once() {
    let mut session = shipped(1);
    let (tempting, loss) = session.puzzle.others[0].clone();
    let phase = session.try_move(&tempting, || {});
    assert_eq!(
        phase,
        Click::Tried(Phase::Wrong {
            played: tempting.clone(),
            loss
        })
    );
    assert!(session.proving.is_none());
    assert_eq!(session.line, session.puzzle.refutation);
    let expected = match session.mover() {
        0 => session.puzzle.margin - loss,
        _ => session.puzzle.margin + loss,
    };
    assert_eq!(session.line_margin(), Some(expected));
    // A second try before Retry is refused.
    assert_eq!(session.try_move(&tempting, || {}), Click::Nothing);
}

#[test]
fn the_solution_line_is_proved_on_a_job_and_keeps_the_margin() {
    let mut session = shipped(1);
    let solution = session.puzzle.solution.clone();
    assert_eq!(
        session.try_move(&solution, || {}),
        Click::Tried(Phase::Right {
            played: solution.clone()
        })
    );
    finish(&mut session);
    assert!(!session.unproved);
    assert_eq!(session.line[0], solution);
    assert_eq!(session.line_margin(), Some(session.puzzle.margin));
    // Stepping through the line never leaves it.
    session.set_step(usize::MAX);
    assert_eq!(session.step, session.line.len());
    assert!(session.shown().result().is_some());
}

#[test]
fn an_illegal_move_is_not_a_try_and_retry_starts_over() {
    let mut session = shipped(1);
    assert!(matches!(session.try_move("z99", || {}), Click::Illegal(_)));
    assert_eq!(session.phase, Phase::Solving);
    session.show_solution(|| {});
    assert!(matches!(session.phase, Phase::Shown { .. }));
    session.retry();
    assert_eq!(session.phase, Phase::Solving);
    assert!(session.line.is_empty() && session.proving.is_none());
}

#[test]
fn a_generated_puzzle_right_and_wrong_by_clicks_with_the_result_it_becomes() {
    for tag in ["tictactoe", "dodgem"] {
        let mut puzzles = found(tag, 1);
        let puzzle = puzzles.puzzles[puzzles.index].clone();
        let session = session_of(&mut puzzles);
        assert_eq!(session.stakes, Stakes::Result);
        let wrong = puzzle
            .moves
            .iter()
            .find(|m| m.mv != puzzle.puzzle.solution)
            .cloned()
            .unwrap_or_else(|| panic!("{tag}: one move only"));
        let answer = click_move(session, &wrong.mv);
        let Click::Tried(Phase::Wrong { played, loss }) = answer else {
            panic!("{tag}: {answer:?}");
        };
        assert_eq!(played, wrong.mv);
        assert_eq!(
            session.outcomes(loss),
            (puzzle.value.outcome, wrong.value.outcome),
            "{tag}"
        );
        // The refutation is played out to the end at once, at the result it proved.
        assert!(session.proving.is_none());
        assert_eq!(session.line[0], wrong.mv);
        let end = session.line_end().unwrap_or_else(|| panic!("no end"));
        let mover = session.mover();
        match wrong.value.outcome {
            Outcome::Loss => assert_eq!(end.result(), Some(Some(1 - mover))),
            Outcome::Draw => assert_eq!(end.result(), Some(None)),
            Outcome::Win => panic!("a wrong move kept a win"),
        }
        // No second try before Retry.
        assert_eq!(click_move(session, &puzzle.puzzle.solution), Click::Nothing);
        session.retry();
        assert_eq!(
            click_move(session, &puzzle.puzzle.solution),
            Click::Tried(Phase::Right {
                played: puzzle.puzzle.solution.clone()
            })
        );
        session.set_step(usize::MAX);
        assert_eq!(session.step, session.line.len());
        assert!(session.shown().result().is_some());
        puzzles.stop();
    }
}

#[test]
fn stop_ends_the_run_and_keeps_the_puzzles_found() {
    let mut puzzles = found("dodgem", 1);
    puzzles.stop_run();
    while puzzles.looking().is_some() {
        std::thread::yield_now();
        puzzles.poll();
    }
    // Stopped, unless the run had found them all before the stop came.
    let all = puzzles.puzzles.len() == crate::jobs::game_puzzles::PUZZLES_PER_RUN;
    assert_eq!(puzzles.stopped(), !all);
    assert!(puzzles.session.is_some());
    // More puzzles starts a new run after them.
    let kept = puzzles.puzzles.clone();
    puzzles.look_for_more(start("dodgem").as_ref(), || {});
    assert!(puzzles.looking().is_some());
    while puzzles.puzzles.len() <= kept.len() {
        std::thread::yield_now();
        puzzles.poll();
    }
    assert_eq!(puzzles.puzzles[..kept.len()], kept[..]);
    puzzles.stop();
}

#[test]
fn show_solution_next_and_an_illegal_move_of_a_generated_puzzle() {
    let mut puzzles = found("tictactoe", 2);
    let first = puzzles.puzzles[puzzles.index].clone();
    let session = session_of(&mut puzzles);
    let taken = session
        .position
        .moves()
        .first()
        .cloned()
        .unwrap_or_default();
    assert!(matches!(click_move(session, &taken), Click::Illegal(_)));
    assert_eq!(session.phase, Phase::Solving);
    session.show_solution(|| {});
    assert_eq!(
        session.phase,
        Phase::Shown {
            solution: first.puzzle.solution.clone()
        }
    );
    assert!(session.line_end().is_some());
    puzzles.next(start("tictactoe").as_ref(), || {});
    assert_eq!(puzzles.index, 1);
    let next = session_of(&mut puzzles);
    assert_eq!(next.phase, Phase::Solving);
    assert_eq!(next.number, 1);
    assert_ne!(next.puzzle.game, first.puzzle.game);
    puzzles.stop();
}

/// A line no one proved before is proved on a job for every game, not only queens: a
/// Dodgem puzzle opened without its moves' lines proves a move's line through the
/// seam's exact solver, and the line ends at the result the move was proved to have.
#[test]
fn a_line_not_known_is_proved_on_a_job_for_any_game() {
    let mut puzzles = found("dodgem", 1);
    puzzles.stop();
    let puzzle = puzzles.puzzles[0].clone();
    // A move the puzzle holds no line for (not the refutation's) that does not end
    // the game.
    let chosen = puzzle
        .moves
        .iter()
        .find(|m| Some(&m.mv) != puzzle.puzzle.refutation.first() && !m.line.is_empty())
        .cloned()
        .unwrap_or_else(|| panic!("{}: no such move", puzzle.puzzle.game));
    let mut session = PuzzleSession::open(0, puzzle.puzzle.clone(), Stakes::Result, Vec::new())
        .unwrap_or_else(|| panic!("no session"));
    assert!(matches!(
        session.try_move(&chosen.mv, || {}),
        Click::Tried(_)
    ));
    assert!(session.proving.is_some());
    finish(&mut session);
    assert!(!session.unproved);
    assert_eq!(session.line[0], chosen.mv);
    let end = session.line_end().unwrap_or_else(|| panic!("no end"));
    let mover = session.mover();
    let expected = match chosen.value.outcome {
        Outcome::Win => Some(Some(mover)),
        Outcome::Draw => Some(None),
        Outcome::Loss => Some(Some(1 - mover)),
    };
    assert_eq!(end.result(), expected);
}
