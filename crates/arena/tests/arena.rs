//! The AI-vs-AI arena: counts, colours, stopping, and the Elo estimate.

use queens_arena::{ArenaConfig, ArenaError, ArenaGame, elo_estimate, run_arena};
use queens_board::{Board, Player};
use queens_engines::ai::{EngineConfig, EngineKind};
use queens_store::{append_history, load_history};
use std::cell::Cell as Counter;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

fn config(games: usize, threads: usize) -> ArenaConfig {
    ArenaConfig {
        a: EngineConfig::new(EngineKind::ALPHABETA, 3),
        b: EngineConfig::new(EngineKind::MINIMAX, 1),
        games,
        size: 5,
        stones: 2,
        seed: 40,
        time_ms: None,
        threads,
        ..ArenaConfig::default()
    }
}

#[test]
fn counts_add_up_and_every_board_is_played_with_both_colours() {
    let config = config(8, 2);
    let calls = Counter::new(0);
    let mut handed_over = Vec::new();
    let mut games: Vec<ArenaGame> = Vec::new();
    let mut on_game = |game: &ArenaGame, done: usize, total: usize| {
        assert_eq!(total, 8);
        assert_eq!(
            done,
            calls.get() + 1,
            "progress counts up one game at a time"
        );
        calls.set(done);
        handed_over.push(game.index);
        games.push(game.clone());
        ControlFlow::Continue(())
    };
    let report =
        run_arena(&config, &mut on_game, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    handed_over.sort_unstable();
    assert_eq!(
        handed_over,
        (0..8).collect::<Vec<_>>(),
        "each game handed over once"
    );
    assert_eq!(calls.get(), 8);
    assert!(!report.stopped);
    assert_eq!(report.games, 8);
    games.sort_by_key(|g| g.index);
    assert_eq!(report.wins + report.draws + report.losses, 8);

    let mut colours: BTreeMap<usize, Vec<(Player, String)>> = BTreeMap::new();
    for (index, game) in games.iter().enumerate() {
        assert_eq!(game.index, index);
        assert!(game.game.is_finished());
        let board = game.game.replay().unwrap_or_else(|e| panic!("{e}"));
        assert!(board.is_over());
        assert!(game.game.moves.iter().all(|m| m.search.is_some()));
        let start = Board::new(
            board.size(),
            &board.stones().into_iter().collect::<Vec<_>>(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Some(start), config.board(game.pair).ok());
        colours
            .entry(game.pair)
            .or_default()
            .push((game.a_player, start_stones(&game.game.game)));
    }
    for (pair, seen) in colours {
        assert_eq!(seen.len(), 2, "pair {pair}");
        assert_eq!(seen[0].0, Player::One);
        assert_eq!(seen[1].0, Player::Two);
        assert_eq!(seen[0].1, seen[1].1, "pair {pair} plays one board");
    }

    let moves_a: u64 = games.iter().map(|g| g.stats[0].moves).sum();
    assert_eq!(report.a.moves, moves_a);
    let plies: u64 = games.iter().map(|g| g.game.moves.len() as u64).sum();
    assert_eq!(report.a.moves + report.b.moves, plies);
    assert!(report.a.nodes_per_move() > report.b.nodes_per_move());
    let margin: i64 = games
        .iter()
        .map(|g| i64::from(g.scores().0) - i64::from(g.scores().1))
        .sum();
    assert!((report.average_margin - margin as f64 / 8.0).abs() < 1e-9);
    // Pairs: A's margin as P1 (even game) plus A's margin as P2 (odd game).
    assert_eq!(report.pairs.len(), 4);
    assert_eq!(report.pair_margin.unpaired, 0);
    for pair in &report.pairs {
        let margin = |index: usize| {
            let (a, b) = games[index].scores();
            i64::from(a) - i64::from(b)
        };
        assert_eq!(pair.a_as_p1, margin(2 * pair.pair));
        assert_eq!(pair.a_as_p2, margin(2 * pair.pair + 1));
    }
    let mean = report.pair_margin.mean.unwrap_or(f64::NAN);
    assert!((mean - 2.0 * report.average_margin).abs() < 1e-9);
    let points: f64 = games.iter().map(|g| g.a_points()).sum();
    assert!((report.elo.score - points / 8.0).abs() < 1e-9);
}

fn start_stones(game_string: &str) -> String {
    game_string
        .split_whitespace()
        .filter(|token| !token.starts_with("moves="))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_thread_count_does_not_change_the_games() {
    let never = AtomicBool::new(false);
    let strings = |threads: usize| {
        let mut games: Vec<(usize, String)> = Vec::new();
        let report = run_arena(
            &config(4, threads),
            &mut |game, _, _| {
                games.push((game.index, game.game.game.clone()));
                ControlFlow::Continue(())
            },
            &never,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        games.sort();
        (report, games)
    };
    let (one, one_games) = strings(1);
    let (two, two_games) = strings(2);
    assert_eq!(one_games, two_games);
    assert_eq!(
        (one.wins, one.draws, one.losses),
        (two.wins, two.draws, two.losses)
    );
}

#[test]
fn stopping_keeps_the_finished_games() {
    // Boards big enough that the series cannot finish before the flag is seen.
    let config = ArenaConfig {
        size: 9,
        stones: 4,
        a: EngineConfig::new(EngineKind::ALPHABETA, 4),
        ..config(40, 2)
    };
    let stop = AtomicBool::new(false);
    let mut games: Vec<ArenaGame> = Vec::new();
    let mut on_game = |game: &ArenaGame, done: usize, _total: usize| {
        games.push(game.clone());
        if done >= 2 {
            stop.store(true, Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    };
    let report = run_arena(&config, &mut on_game, &stop).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.stopped, "{} games", report.games);
    assert!(report.games >= 2 && report.games < 40);
    assert_eq!(games.len(), report.games);
    assert_eq!(report.wins + report.draws + report.losses, report.games);
    assert!(games.iter().all(|g| g.game.is_finished()));
    // Only boards with both games finished count for the pair margin; the rest are
    // reported as unpaired, never mixed in.
    let stat = report.pair_margin;
    assert_eq!(stat.pairs, report.pairs.len());
    assert_eq!(2 * stat.pairs + stat.unpaired, report.games);
    for pair in &report.pairs {
        let both: Vec<&ArenaGame> = games.iter().filter(|g| g.pair == pair.pair).collect();
        assert_eq!(both.len(), 2, "pair {}", pair.pair);
    }

    let already = AtomicBool::new(true);
    let report = run_arena(&config, &mut |_, _, _| ControlFlow::Continue(()), &already)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.stopped && report.games == 0);
    assert_eq!(report.pair_margin.mean, None);
    assert_eq!(report.pair_margin.to_string(), "n/a (no complete pair)");
    assert_eq!(report.elo.to_string(), "n/a (no games)");
}

/// A caller that can no longer store games (a full disk) ends the series: the game it
/// refused and any finished after it are not reported.
#[test]
fn breaking_from_the_callback_ends_the_series() {
    let config = ArenaConfig {
        size: 9,
        ..config(40, 2)
    };
    let mut seen = 0;
    let mut on_game = |_: &ArenaGame, _done: usize, _total: usize| {
        seen += 1;
        ControlFlow::Break(())
    };
    let report =
        run_arena(&config, &mut on_game, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(seen, 1);
    assert_eq!(report.games, 0);
    assert!(report.stopped);
}

#[test]
fn arena_games_go_into_the_history() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut ids = Vec::new();
    run_arena(
        &config(2, 2),
        &mut |game, _, _| {
            append_history(dir.path(), &game.game).unwrap_or_else(|e| panic!("{e}"));
            ids.push(game.entry(40).id);
            ControlFlow::Continue(())
        },
        &AtomicBool::new(false),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (entries, bad) = load_history(dir.path());
    assert_eq!((entries.len(), bad.len()), (2, 0));
    ids.sort();
    assert_eq!(ids, ["arena-40-0000", "arena-40-0001"]);
}

#[test]
fn bad_configurations_are_refused() {
    let never = AtomicBool::new(false);
    let run = |config: ArenaConfig| {
        run_arena(&config, &mut |_, _, _| ControlFlow::Continue(()), &never).err()
    };
    assert_eq!(run(config(3, 1)), Some(ArenaError::BadGameCount(3)));
    assert_eq!(run(config(0, 1)), Some(ArenaError::BadGameCount(0)));
    let mut shallow = config(2, 1);
    shallow.b.depth = 0;
    assert_eq!(run(shallow), Some(ArenaError::ZeroDepth));
    let mut crowded = config(2, 1);
    crowded.stones = 10;
    let err = run(crowded);
    assert!(matches!(err, Some(ArenaError::BadBoard(_))), "{err:?}");
}

#[test]
fn elo_matches_a_hand_computed_case() {
    // W=6, D=2, L=2: s = 0.7, Elo = -400 log10(1/0.7 - 1) = 147.19. Per-game variance
    // 0.6*0.3^2 + 0.2*0.2^2 + 0.2*0.7^2 = 0.16, stdev = sqrt(0.16/10) = 0.12649; the 95%
    // bounds s -/+ 1.959964*stdev = 0.45208 and 0.94792 give -33.40 and +504.03 Elo, so
    // the error bar is (504.03 + 33.40) / 2 = 268.72.
    let elo = elo_estimate(6, 2, 2);
    assert_eq!(elo.games, 10);
    assert!((elo.score - 0.7).abs() < 1e-12);
    let diff = elo.diff.unwrap_or(f64::NAN);
    assert!((diff - 147.19).abs() < 0.01, "{diff}");
    let error = elo.error.unwrap_or(f64::NAN);
    assert!((error - 268.72).abs() < 0.01, "{error}");
    assert_eq!(elo.to_string(), "+147.2 +/- 268.7");

    let mirrored = elo_estimate(2, 2, 6);
    assert!((mirrored.diff.unwrap_or(f64::NAN) + 147.19).abs() < 0.01);
    assert!((mirrored.error.unwrap_or(f64::NAN) - error).abs() < 1e-9);

    let perfect = elo_estimate(10, 0, 0);
    assert_eq!((perfect.diff, perfect.error), (None, None));
    assert_eq!(perfect.to_string(), "+inf (every game won)");
    let hopeless = elo_estimate(0, 0, 10);
    assert_eq!(hopeless.to_string(), "-inf (every game lost)");
    // 9 of 10: finite Elo, but the upper bound passes s = 1, so the bar is infinite.
    let nearly = elo_estimate(9, 0, 1);
    assert!(nearly.diff.is_some() && nearly.error.is_none());
    assert!(nearly.to_string().ends_with("+/- inf"), "{nearly}");
}

/// Issue 21.5: the report counts the moves each side played with a proved value. On
/// 5x5 boards `perfect` solves every position within its time; alpha-beta at depth 1
/// proves only the last moves, when the depth reaches the end.
#[test]
fn proved_moves_are_counted_per_side() {
    let config = ArenaConfig {
        a: EngineConfig::new(EngineKind::PERFECT, 30),
        b: EngineConfig::new(EngineKind::ALPHABETA, 1),
        time_ms: Some(5_000),
        ..config(4, 1)
    };
    let mut on_game = |_: &ArenaGame, _: usize, _: usize| ControlFlow::Continue(());
    let report =
        run_arena(&config, &mut on_game, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.a.moves > 0);
    assert_eq!(report.a.proved, report.a.moves);
    assert!(report.b.proved < report.b.moves, "{:?}", report.b);
}

/// Issue 39: a series of another game of the table plays each start twice with colours
/// swapped through the seam and hands over the records the saves keep for that game;
/// an engine the game has not is refused before anything is played.
#[test]
fn a_tic_tac_toe_series_hands_over_records_of_tic_tac_toe() {
    use queens_engines::games::table::by_tag;
    use queens_store::GameKind;
    let Some(game) = by_tag("tictactoe") else {
        panic!("no tic-tac-toe in the games table");
    };
    let config = ArenaConfig {
        game,
        a: EngineConfig::new(EngineKind::ALPHABETA, 9),
        b: EngineConfig::new(EngineKind::MINIMAX, 1),
        ..config(4, 2)
    };
    let mut games: Vec<ArenaGame> = Vec::new();
    let mut on_game = |game: &ArenaGame, _: usize, _: usize| {
        games.push(game.clone());
        ControlFlow::Continue(())
    };
    let report =
        run_arena(&config, &mut on_game, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, 4);
    assert_eq!(report.losses, 0, "the perfect side lost: {report:?}");
    assert!(report.wins > 0, "{report:?}");
    for game in &games {
        assert_eq!(game.game.kind, GameKind::Table("tictactoe"));
        assert!(game.game.is_finished());
        assert!(game.game.moves.iter().all(|mv| mv.search.is_some()));
        let replayed = game.game.replay_table().unwrap_or_else(|e| panic!("{e}"));
        assert!(replayed.result().is_some());
        assert_eq!(game.scores(), (0, 0));
    }
    let strong = ArenaConfig {
        a: EngineConfig::new(EngineKind::PVS, 2),
        ..config.clone()
    };
    let refused = run_arena(
        &strong,
        &mut |_, _, _| ControlFlow::Continue(()),
        &AtomicBool::new(false),
    );
    assert!(
        matches!(refused, Err(ArenaError::NotForThisGame(_, "tictactoe"))),
        "{refused:?}"
    );
}
