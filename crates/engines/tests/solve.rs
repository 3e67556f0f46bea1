//! The exact solver and the `pvs` engine against plain references: the oracle's
//! exhaustive solver (tests/oracle, no shared code), a memoized exhaustive search over
//! `Board::play`/`undo` for the boards too big for it, and the thesis alpha-beta.

use crate::oracle;

use oracle::{RefBoard, ref_solve};
use queens_board::{Board, Player, random_position};
use queens_engines::ai::strong::{Options, PvsEngine, SolveProgress, SolveSettings, Table, solve};
use queens_engines::ai::{Engine, Limits, Method, NoHandler, search_board};
use std::collections::HashMap;

/// The margin (P1 - P2 with perfect play) by the oracle's exhaustive solver.
fn oracle_margin(board: &Board) -> i32 {
    let mut reference = RefBoard::from_game_string(&board.game_string())
        .unwrap_or_else(|| panic!("oracle rejects {board:?}"));
    let value = ref_solve(&mut reference);
    match board.side_to_move() {
        Player::One => value,
        Player::Two => -value,
    }
}

/// Plain exhaustive negamax over the board's own play/undo, remembering the rest-of-game
/// value of each free set (the only memo; every move of every position is tried).
fn memo_gain(board: &mut Board, memo: &mut HashMap<[u64; 4], i32>) -> i32 {
    if board.is_over() {
        return 0;
    }
    let key = board.free().0;
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut best = i32::MIN;
    for cell in board.free() {
        let gain = board.play(cell).unwrap_or_else(|e| panic!("{e}")).count() as i32;
        best = best.max(gain - memo_gain(board, memo));
        board.undo();
    }
    memo.insert(key, best);
    best
}

fn memo_margin(board: &Board) -> i32 {
    let mut copy = board.clone();
    let value = memo_gain(&mut copy, &mut HashMap::new());
    queens_engines::ai::strong::margin_of(board, value)
}

fn settings(threads: usize) -> SolveSettings {
    SolveSettings {
        threads,
        ..SolveSettings::default()
    }
}

/// Solves and checks the result's inner consistency: solved, bounds equal the margin,
/// the best move is legal and leads to a position whose own margin is the same.
fn solved_margin(board: &Board, table: &Table, threads: usize) -> i32 {
    let result = solve(
        board,
        table,
        settings(threads),
        &NoHandler,
        &SolveProgress::default(),
    );
    assert!(result.solved, "{board:?}");
    let margin = result.margin.unwrap_or_else(|| panic!("no margin"));
    assert_eq!((result.lower, result.upper), (margin, margin), "{board:?}");
    if board.is_over() {
        assert_eq!(result.best_move, None);
        return margin;
    }
    let best = result
        .best_move
        .unwrap_or_else(|| panic!("no move for {board:?}"));
    assert!(board.free().contains(best), "{board:?}: {best}");
    assert_eq!(result.pv.first(), Some(&best));
    // Playing the PV to the end gives exactly the margin.
    let mut line = board.clone();
    for &cell in &result.pv {
        line.play(cell)
            .unwrap_or_else(|e| panic!("{board:?} pv: {e}"));
    }
    assert!(line.is_over(), "{board:?}: the PV stops before the end");
    let final_diff = line.score(Player::One) as i32 - line.score(Player::Two) as i32;
    assert_eq!(final_diff, margin, "{board:?}: PV {:?}", result.pv);
    margin
}

/// How many positions a differential loop checked against each reference.
#[derive(Debug, Default)]
struct Checked {
    oracle: usize,
    memo: usize,
    off: usize,
}

/// One position of a differential loop: solved with `table` (cleared first) on
/// `threads`, checked for inner consistency, and its margin compared with every
/// reference its size allows: the oracle's exhaustive solver up to `oracle_up_to` free
/// cells (`None`: not asked), the memoized exhaustive search up to 30, and the same
/// solver with `off` (a technique turned off; fresh table, one thread) up to 60.
fn check_against_references(
    board: &Board,
    table: &Table,
    threads: usize,
    oracle_up_to: Option<u32>,
    off: Options,
    checked: &mut Checked,
) {
    let free = board.free().count();
    table.clear();
    let with = solved_margin(board, table, threads);
    if oracle_up_to.is_some_and(|most| free <= most) {
        assert_eq!(with, oracle_margin(board), "{board:?}");
        checked.oracle += 1;
    }
    if free <= 30 {
        assert_eq!(with, memo_margin(board), "{board:?}");
        checked.memo += 1;
    }
    if free <= 60 {
        let plain = solve(
            board,
            &Table::with_mb(16),
            SolveSettings {
                options: off,
                ..settings(1)
            },
            &NoHandler,
            &SolveProgress::default(),
        );
        assert_eq!(Some(with), plain.margin, "{board:?}");
        checked.off += 1;
    }
}

#[test]
fn solve_agrees_with_the_oracle_on_random_small_positions() {
    let table = Table::with_mb(4);
    let mut checked = 0;
    for seed in 0..400u64 {
        let size = 3 + (seed % 4) as u8;
        let stones = (seed / 4 % 5) as usize;
        // Keep the oracle's tree small on 6x6: a few moves first.
        let plies = if size == 6 {
            1 + (seed % 3) as usize
        } else {
            (seed % 3) as usize
        };
        let Ok(board) = random_position(size, stones.min(Board::max_stones(size)), plies, seed)
        else {
            continue;
        };
        if board.free().count() > 22 {
            continue;
        }
        table.clear();
        assert_eq!(
            solved_margin(&board, &table, 1),
            oracle_margin(&board),
            "{board:?}"
        );
        checked += 1;
    }
    assert!(checked > 250, "only {checked} positions");
}

#[test]
fn solve_agrees_with_exhaustive_search_on_empty_boards_up_to_6x6() {
    for size in 3..=6u8 {
        let board = Board::new(size, &[]).unwrap_or_else(|e| panic!("{e}"));
        let expected = if size <= 4 {
            oracle_margin(&board)
        } else {
            memo_margin(&board)
        };
        let table = Table::with_mb(8);
        assert_eq!(solved_margin(&board, &table, 1), expected, "{size}x{size}");
    }
}

#[test]
fn solve_agrees_with_exhaustive_search_on_6x6_with_stones() {
    for seed in 0..12u64 {
        let Ok(board) = random_position(6, 1 + (seed % 6) as usize, 0, seed) else {
            continue;
        };
        let table = Table::with_mb(8);
        assert_eq!(
            solved_margin(&board, &table, 1),
            memo_margin(&board),
            "{board:?}"
        );
    }
}

#[test]
fn a_tiny_table_with_forced_collisions_stays_exact() {
    for buckets in [1usize, 3] {
        let table = Table::with_buckets(buckets);
        for seed in 0..60u64 {
            let size = 4 + (seed % 2) as u8;
            let Ok(board) = random_position(size, (seed % 4) as usize, (seed % 2) as usize, seed)
            else {
                continue;
            };
            assert_eq!(
                solved_margin(&board, &table, 1),
                memo_margin(&board),
                "{buckets}: {board:?}"
            );
        }
    }
}

#[test]
fn two_threads_give_the_same_exact_values_and_legal_moves() {
    for seed in 0..40u64 {
        let size = 5 + (seed % 2) as u8;
        let Ok(board) = random_position(size, (seed % 5) as usize, (seed % 3) as usize, seed)
        else {
            continue;
        };
        let one = solved_margin(&board, &Table::with_mb(4), 1);
        let two = solved_margin(&board, &Table::with_mb(4), 2);
        assert_eq!(one, two, "{board:?}");
        // A tiny shared table under two threads: torn or colliding entries are misses.
        assert_eq!(
            solved_margin(&board, &Table::with_buckets(2), 2),
            one,
            "{board:?}"
        );
    }
}

#[test]
fn pvs_at_fixed_depth_equals_thesis_alphabeta() {
    for seed in 0..60u64 {
        let size = 4 + (seed % 5) as u8;
        let Ok(board) = random_position(size, (seed % 6) as usize, (seed % 4) as usize, seed)
        else {
            continue;
        };
        if board.is_over() {
            continue;
        }
        let mut engine = PvsEngine::with_table(Table::with_mb(2), 1, Options::default());
        let mut tiny = PvsEngine::with_table(Table::with_buckets(2), 2, Options::default());
        for depth in 1..=4 {
            let thesis = search_board(&board, Method::AlphaBeta, Limits::depth(depth));
            // The same engine keeps its table from depth to depth, as between moves.
            let strong = engine.think(&board, Limits::depth(depth), &NoHandler);
            assert_eq!(strong.value, thesis.value, "{board:?} depth {depth}");
            let best = strong.best_move.unwrap_or_else(|| panic!("no move"));
            assert!(board.free().contains(best));
            let shared = tiny.think(&board, Limits::depth(depth), &NoHandler);
            assert_eq!(
                shared.value, thesis.value,
                "{board:?} depth {depth}, 2 threads"
            );
        }
    }
}

#[test]
fn pvs_reports_exact_values_near_the_end() {
    for seed in 0..30u64 {
        let Ok(board) = random_position(5, (seed % 4) as usize, 1, seed) else {
            continue;
        };
        if board.is_over() {
            continue;
        }
        let mut engine = PvsEngine::with_table(Table::with_mb(2), 1, Options::default());
        let outcome = engine.think(
            &board,
            Limits {
                depth: 225,
                time: Some(std::time::Duration::from_secs(60)),
            },
            &NoHandler,
        );
        assert!(outcome.exact, "{board:?}");
        let expected = memo_margin(&board);
        assert_eq!(
            queens_engines::ai::strong::margin_of(
                &board,
                outcome.value.0 - queens_engines::ai::evaluate(&board).0
            ),
            expected
        );
    }
}

#[test]
fn a_time_limit_is_honoured_with_proved_bounds() {
    let board = Board::new(15, &[]).unwrap_or_else(|e| panic!("{e}"));
    let table = Table::with_mb(16);
    // The greedy bounds solve this board in about 0.1 s; without them and the tokens it
    // takes seconds, so the limit, not the answer, ends this solve.
    let slow = Options {
        greedy_bound: false,
        tokens: false,
        ..Options::default()
    };
    let result = solve(
        &board,
        &table,
        SolveSettings {
            time: Some(std::time::Duration::from_millis(100)),
            options: slow,
            ..settings(2)
        },
        &NoHandler,
        &SolveProgress::default(),
    );
    assert!(!result.solved);
    assert!(result.lower <= result.upper);
    assert!(result.lower >= -225 && result.upper <= 225);
    // It stopped because the time was up, not before (returning at all is the stop; a
    // wall-clock ceiling would only measure how busy the machine is).
    assert!(result.elapsed >= std::time::Duration::from_millis(100));
}

/// Stops after a number of node reports: a state the search reaches, not a clock.
struct StopAfter(std::sync::atomic::AtomicU64);

impl queens_engines::ai::SearchHandler<queens_board::Cell> for StopAfter {
    fn should_stop(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed) >= 3
    }

    fn on_nodes(&self, _nodes: u64) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn a_stop_request_ends_a_solve_and_a_search_with_proved_bounds_and_a_move() {
    let board = Board::new(15, &[]).unwrap_or_else(|e| panic!("{e}"));
    let table = Table::with_mb(16);
    let stop = StopAfter(std::sync::atomic::AtomicU64::new(0));
    let result = solve(
        &board,
        &table,
        // One thread: its node reports come every so many nodes, deterministically. With
        // two, a helper thread proved the board before the third report on a loaded
        // machine (seen once in a full run; never alone).
        settings(1),
        &stop,
        &SolveProgress::default(),
    );
    assert!(!result.solved);
    assert!(-225 <= result.lower && result.lower <= result.upper && result.upper <= 225);
    let mut engine = PvsEngine::with_table(Table::with_mb(16), 1, Options::default());
    let stop = StopAfter(std::sync::atomic::AtomicU64::new(0));
    let outcome = engine.think(&board, Limits::depth(225), &stop);
    assert!(outcome.interrupted && !outcome.exact);
    assert!(
        outcome
            .best_move
            .is_some_and(|cell| board.free().contains(cell))
    );
}

/// Issue 18.4: a deep solve (depth 225 at every probe, 196 free cells) in a build with
/// overflow checks on, so a history entry that overflowed would panic here. Its margin
/// is BENCHMARKS.md's.
#[test]
fn a_deep_solve_runs_with_overflow_checks() {
    let board = Board::new(14, &[]).unwrap_or_else(|e| panic!("{e}"));
    let table = Table::with_mb(64);
    let result = solve(
        &board,
        &table,
        settings(1),
        &NoHandler,
        &SolveProgress::default(),
    );
    assert_eq!((result.solved, result.margin), (true, Some(30)));
}

/// Node counts at a fixed depth, single thread: a change in the search's behaviour
/// changes them (update deliberately, with BENCHMARKS.md).
#[test]
fn pvs_fingerprint_at_fixed_depth() {
    let board = Board::from_game_string("size=8 stones=b1,g1,a2,b4,f5,e7")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut engine = PvsEngine::with_table(Table::with_mb(16), 1, Options::default());
    let outcome = engine.think(&board, Limits::depth(5), &NoHandler);
    let thesis = search_board(&board, Method::AlphaBeta, Limits::depth(5));
    assert_eq!(outcome.value, thesis.value);
    assert_eq!(
        (
            outcome.stats.nodes,
            outcome.best_move.map(|c| c.to_string())
        ),
        (982, Some("c3".to_string()))
    );
}

/// Boards whose stones allow some symmetries (the search leaves out symmetric moves).
#[test]
fn symmetric_stones_and_symmetric_positions_are_solved_exactly() {
    for text in [
        "size=5 stones=c3",
        "size=5 stones=b2,d4",
        "size=6 stones=b2,e5",
        "size=6 stones=c3,d4,c4,d3",
        "size=6 stones=a1,f1,a6,f6",
        "size=6 stones=b5,e2",
        "size=6 moves=c3",
        "size=6 stones=c4,d3 moves=a1",
        "size=7 stones=d4 moves=d1",
    ] {
        let board = Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let table = Table::with_mb(4);
        assert_eq!(
            solved_margin(&board, &table, 1),
            memo_margin(&board),
            "{text}"
        );
    }
}

#[test]
fn pvs_honours_a_time_limit_and_always_has_a_legal_move() {
    let board = Board::from_game_string(
        "size=15 stones=d1,i1,d2,k2,a3,k4,o5,i7,c8,m8,g9,f10,m10,o11,k12,n13,o13,i15,m15,o15",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Without the greedy bounds and the tokens: with them this board is solved in less
    // time than the limit, and the test is of the limit.
    let slow = Options {
        greedy_bound: false,
        tokens: false,
        ..Options::default()
    };
    for threads in [1, 2] {
        let mut engine = PvsEngine::with_table(Table::with_mb(16), threads, slow);
        let outcome = engine.think(
            &board,
            Limits {
                depth: 225,
                time: Some(std::time::Duration::from_millis(50)),
            },
            &NoHandler,
        );
        let best = outcome.best_move.unwrap_or_else(|| panic!("no move"));
        assert!(board.free().contains(best));
        assert!(!outcome.exact);
        // Returning is the stop; no wall-clock ceiling (it would measure how busy the
        // machine is, not the search).
    }
}

/// `solve --all-moves` (issue 21.3): every legal move's margin equals exhaustive search
/// of its child, mirror-image moves included; the list is sorted best first for the side
/// to move, and its best margin is the position's.
#[test]
fn every_move_s_margin_equals_exhaustive_search_and_the_list_is_best_first() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let size = 4 + (seed % 3) as u8;
        // Empty boards (symmetric: mirror images share one solve), stones, moves played.
        let stones = (seed / 3 % 4) as usize;
        let plies = (seed % 2) as usize + usize::from(size == 6);
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let table = Table::with_mb(8);
        let values = queens_engines::ai::strong::solve_every_move(
            &board,
            &table,
            settings(1),
            &NoHandler,
            |_| {},
        );
        assert_eq!(values.len(), board.free().count() as usize, "{board:?}");
        for value in &values {
            let mut child = board.clone();
            child.do_move(value.cell);
            assert_eq!(
                value.margin,
                Some(memo_margin(&child)),
                "{board:?} {}",
                value.cell
            );
            assert_eq!(
                (value.lower, value.upper),
                (value.margin.unwrap_or(0), value.margin.unwrap_or(0))
            );
        }
        let margins: Vec<i32> = values.iter().filter_map(|v| v.margin).collect();
        let best_first = margins.windows(2).all(|pair| match board.side_to_move() {
            Player::One => pair[0] >= pair[1],
            Player::Two => pair[0] <= pair[1],
        });
        assert!(best_first, "{board:?}: {margins:?}");
        assert_eq!(
            margins.first().copied(),
            Some(memo_margin(&board)),
            "{board:?}"
        );
        checked += 1;
    }
    assert!(checked > 30, "only {checked} positions");
}

/// A time limit covers the whole list: moves not proved keep proved bounds around the
/// exact margin.
#[test]
fn every_move_under_a_tiny_time_limit_keeps_true_bounds() {
    let board = Board::new(9, &[]).unwrap_or_else(|e| panic!("{e}"));
    let table = Table::with_mb(8);
    let tiny = SolveSettings {
        time: Some(std::time::Duration::ZERO),
        ..settings(1)
    };
    let values =
        queens_engines::ai::strong::solve_every_move(&board, &table, tiny, &NoHandler, |_| {});
    assert_eq!(values.len(), 81);
    let full = Table::with_mb(8);
    let exact = queens_engines::ai::strong::solve_every_move(
        &board,
        &full,
        settings(1),
        &NoHandler,
        |_| {},
    );
    for value in &values {
        let Some(truth) = exact
            .iter()
            .find(|v| v.cell == value.cell)
            .and_then(|v| v.margin)
        else {
            panic!("{} not solved without a limit", value.cell);
        };
        assert!(
            value.lower <= truth && truth <= value.upper,
            "{}: {truth} outside [{}, {}]",
            value.cell,
            value.lower,
            value.upper
        );
        if let Some(margin) = value.margin {
            assert_eq!(margin, truth);
        }
    }
    // Unproved moves come after the proved ones.
    let first_unproved = values.iter().position(|v| v.margin.is_none());
    if let Some(index) = first_unproved {
        assert!(values[index..].iter().all(|v| v.margin.is_none()));
    }
}

/// The gain bounds end nodes before the table on positions far bigger than the oracle's:
/// against the memoized exhaustive search (up to 30 free cells, where the bounds already
/// end most nodes) and against the same solver with them off (7x7 to 10x10, stones and
/// a few moves, 1 and 2 threads).
#[test]
fn the_gain_bounds_change_no_value_on_larger_positions() {
    let table = Table::with_mb(16);
    let mut checked = Checked::default();
    let off = Options {
        gain_bound: false,
        ..Options::default()
    };
    for seed in 0..90u64 {
        let size = 7 + (seed % 4) as u8;
        let stones = (seed % 9) as usize;
        let plies = 1 + (seed % 5) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let threads = 1 + (seed % 2) as usize;
        check_against_references(&board, &table, threads, None, off, &mut checked);
    }
    assert!(
        checked.memo >= 10 && checked.off >= 40,
        "{checked:?} (off: the bounds)"
    );
}

/// Dense boards (issue 33): stones cut the free cells into small regions, many of them
/// tokens (regions whose cells all see each other), which the solver searches once per
/// size, keys by size and values at once when only they are left. Against the oracle's
/// exhaustive solver (up to 22 free cells), the memoized exhaustive search (up to 30)
/// and the same solver without tokens (up to 60), 1 and 2 threads.
#[test]
fn dense_boards_are_solved_exactly() {
    let table = Table::with_mb(16);
    let mut checked = Checked::default();
    let off = Options {
        tokens: false,
        ..Options::default()
    };
    for seed in 0..120u64 {
        let size = 5 + (seed % 6) as u8;
        let most = Board::max_stones(size);
        // From half the stones the thesis allows to all of them.
        let stones = most / 2 + (seed as usize * 7) % (most - most / 2 + 1);
        let plies = (seed / 6 % 3) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let threads = 1 + (seed % 2) as usize;
        check_against_references(&board, &table, threads, Some(22), off, &mut checked);
    }
    assert!(
        checked.oracle >= 20 && checked.memo >= 40 && checked.off >= 80,
        "{checked:?} (off: tokens)"
    );
}

/// Middle densities (issue 33.1): 6x6 with 10-16 stones and 8x8 with 20-36, a few
/// plies played, where the free set falls into small components that are not cliques
/// (shapes, searched once per shape and degree and keyed by shape). Against the
/// memoized exhaustive search (up to 30 free cells) and the solver without shapes (up
/// to 60), 1 and 2 threads.
#[test]
fn middle_density_boards_are_solved_exactly() {
    let table = Table::with_mb(16);
    let mut checked = Checked::default();
    let off = Options {
        shapes: false,
        ..Options::default()
    };
    for seed in 0..80u64 {
        let (size, stones) = if seed % 2 == 0 {
            (6, 10 + (seed / 2 % 7) as usize)
        } else {
            (8, 20 + (seed / 2 % 17) as usize)
        };
        let plies = (seed / 3 % 4) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let threads = 1 + (seed / 2 % 2) as usize;
        check_against_references(&board, &table, threads, None, off, &mut checked);
    }
    assert!(
        checked.memo >= 30 && checked.off >= 60,
        "{checked:?} (off: shapes)"
    );
}

/// Issue 33.2's differential test: `solve --all-moves` (one table for all moves) gives
/// every move exactly the margin a solve of that move's child alone gives, with a fresh
/// table, on small boards with stones and either side to move, on one thread and two;
/// and so does the variant that solves the position first and gives its bound to every
/// move's solve.
#[test]
fn every_move_s_margin_equals_its_child_s_own_solve() {
    let mut checked = 0;
    for seed in 100..130u64 {
        let size = 5 + (seed % 4) as u8;
        let stones = (seed / 4 % 5) as usize;
        let plies = (seed % 3) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let threads = 1 + (seed % 2) as usize;
        let table = Table::with_mb(8);
        let values = queens_engines::ai::strong::solve_every_move(
            &board,
            &table,
            settings(threads),
            &NoHandler,
            |_| {},
        );
        assert_eq!(values.len(), board.free().count() as usize, "{board:?}");
        for value in &values {
            let mut child = board.clone();
            child.do_move(value.cell);
            let alone = solved_margin(&child, &Table::with_mb(8), 1);
            assert_eq!(value.margin, Some(alone), "{board:?} {}", value.cell);
            assert_eq!((value.lower, value.upper), (alone, alone), "{board:?}");
        }
        let old = queens_engines::ai::strong::solve_every_move_with(
            &board,
            &Table::with_mb(8),
            settings(1),
            &NoHandler,
            |_| {},
            true,
        );
        let pairs = |list: &[queens_engines::ai::strong::MoveValue]| -> Vec<(usize, Option<i32>)> {
            list.iter().map(|v| (v.cell.index(), v.margin)).collect()
        };
        assert_eq!(pairs(&values), pairs(&old), "{board:?}");
        checked += 1;
    }
    assert!(checked > 20, "only {checked} positions");
}

/// `solve --all-moves --exact-within K` (issue 33.2): each move losing at most K cells
/// against the best has exactly the margin exhaustive search gives its child; every
/// other move has no margin, proved bounds around its true margin, and those bounds
/// prove it loses more than K; the position's solve is exact. Small boards with stones,
/// either side to move, one thread and two, K = 0, 2, 4.
#[test]
fn moves_within_k_are_exact_and_the_others_proved_to_lose_more() {
    let mut checked = 0;
    let mut bounded = 0;
    for seed in 200..236u64 {
        let size = 5 + (seed % 4) as u8;
        let stones = (seed / 4 % 6) as usize;
        let plies = (seed % 3) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        let within = 2 * (seed % 3) as u32;
        let threads = 1 + (seed / 3 % 2) as usize;
        let (values, root) = queens_engines::ai::strong::value_every_move_within(
            &board,
            &Table::with_mb(8),
            settings(threads),
            &NoHandler,
            within,
            |_| {},
        );
        if board.free().is_empty() {
            continue;
        }
        let best = memo_margin(&board);
        let root = root.unwrap_or_else(|| panic!("{board:?}: no root solve"));
        assert_eq!(root.margin, Some(best), "{board:?}");
        assert_eq!(values.len(), board.free().count() as usize, "{board:?}");
        let mover = board.side_to_move();
        for value in &values {
            let mut child = board.clone();
            child.do_move(value.cell);
            let exact = memo_margin(&child);
            let loss = match mover {
                Player::One => best - exact,
                Player::Two => exact - best,
            };
            assert!(
                value.lower <= exact && exact <= value.upper,
                "{board:?} {value:?}"
            );
            if loss <= within as i32 {
                assert_eq!(
                    value.margin,
                    Some(exact),
                    "{board:?} {value:?} (K {within})"
                );
            } else {
                let proved_loss = match mover {
                    Player::One => best - value.upper,
                    Player::Two => value.lower - best,
                };
                assert!(
                    proved_loss > within as i32,
                    "{board:?} {value:?} (K {within})"
                );
                assert!(proved_loss <= loss, "{board:?} {value:?}");
                if value.margin.is_none() {
                    bounded += 1;
                }
            }
        }
        checked += 1;
    }
    assert!(
        checked > 25 && bounded > 100,
        "{checked} positions, {bounded} bounded moves"
    );
}

/// The window's rounds of proofs (issue 33.2): after rounds of rising thresholds with
/// one shared table, every move whose bounds meet has exactly the margin exhaustive
/// search gives its child, every other move's proved bounds contain that margin, and a
/// move losing at most the last threshold is exact. Small boards with stones, either
/// side to move, one thread and two; rounds [1, 3] (some moves stay bounds) and
/// [1, 3, EXACT] (every move exact).
#[test]
fn rounds_of_rising_thresholds_prove_bounds_that_hold() {
    use queens_engines::ai::strong::{EXACT, value_every_move_in_rounds};
    let (mut checked, mut bounded, mut exact) = (0, 0, 0);
    for seed in 300..330u64 {
        let size = 5 + (seed % 4) as u8;
        let stones = (seed / 4 % 6) as usize;
        let plies = (seed % 3) as usize;
        let Ok(board) = random_position(size, stones, plies, seed) else {
            continue;
        };
        if board.free().is_empty() {
            continue;
        }
        let threads = 1 + (seed / 3 % 2) as usize;
        let all = seed % 2 == 0;
        let thresholds: &[u32] = if all { &[1, 3, EXACT] } else { &[1, 3] };
        let table = Table::with_mb(8);
        let root = solve(
            &board,
            &table,
            settings(threads),
            &NoHandler,
            &SolveProgress::default(),
        );
        let best = memo_margin(&board);
        assert_eq!(root.margin, Some(best), "{board:?}");
        let mut heard = 0;
        let values = value_every_move_in_rounds(
            &board,
            &table,
            settings(threads),
            &NoHandler,
            &root,
            thresholds,
            |_| heard += 1,
        );
        assert_eq!(values.len(), board.free().count() as usize, "{board:?}");
        assert!(heard >= values.len(), "{board:?}: every move is told");
        let mover = board.side_to_move();
        for value in &values {
            let mut child = board.clone();
            child.do_move(value.cell);
            let truth = memo_margin(&child);
            assert!(
                value.lower <= truth && truth <= value.upper,
                "{board:?} {value:?} true {truth}"
            );
            let loss = match mover {
                Player::One => best - truth,
                Player::Two => truth - best,
            };
            if let Some(margin) = value.margin {
                assert_eq!(margin, truth, "{board:?} {value:?}");
                exact += 1;
            } else {
                assert!(!all && loss > 3, "{board:?} {value:?} loss {loss}");
                bounded += 1;
            }
        }
        checked += 1;
    }
    assert!(
        checked > 20 && bounded > 20 && exact > 100,
        "{checked} positions, {bounded} bounded, {exact} exact"
    );
}
