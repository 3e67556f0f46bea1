//! Tic-tac-toe through the program's own engines (issue 20): the empty board is a draw
//! for minimax and alpha-beta, the full game tree has the well-known size, the engines
//! win in one and block, the notation round-trips and refuses what is not a position,
//! and the Tree Lab's tree of a position has the engine's value.

use queens_engines::ai::tree::{RootKind, Tree, evaluate_tree};
use queens_engines::ai::{
    Engine, EngineConfig, EngineKind, Limits, Method, MoveList, NoHandler, SearchGame, Silent,
    run_search,
};
use queens_engines::games::cells::Cell;
use queens_engines::games::tictactoe::{Mark, TicTacToe, TicTacToeError, WIN};
use std::collections::HashSet;

fn position(text: &str) -> TicTacToe {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn engine(kind: EngineKind) -> Box<dyn Engine<TicTacToe>> {
    EngineConfig::new(kind, 9)
        .build_for::<TicTacToe>()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_empty_board_is_a_draw_for_both_and_alpha_beta_evaluates_fewer_leaves() {
    let empty = TicTacToe::new();
    let mm = engine(EngineKind::MINIMAX).think(&empty, Limits::depth(9), &NoHandler);
    let ab = engine(EngineKind::ALPHABETA).think(&empty, Limits::depth(9), &NoHandler);
    assert_eq!((mm.value.0, mm.exact), (0, true));
    assert_eq!((ab.value.0, ab.exact), (0, true));
    // Minimax sees the whole game tree: every finished game is a leaf.
    assert_eq!(mm.stats.leaves, 255_168);
    assert_eq!(mm.stats.nodes, 549_946);
    // Alpha-beta with the centre-corners-edges order (pinned; docs/rules.md).
    assert_eq!((ab.stats.nodes, ab.stats.leaves), (AB_NODES, AB_LEAVES));
    assert!(ab.stats.leaves < mm.stats.leaves);
    // Both answer the first best move in move order: the centre.
    assert_eq!(mm.best_move, Some(Cell(4)));
    assert_eq!(ab.best_move, Some(Cell(4)));
}

/// Alpha-beta's counts from the empty board, depth 9, with [`queens_engines::games::tictactoe::MOVE_ORDER`].
const AB_NODES: u64 = 7_865;
const AB_LEAVES: u64 = 3_161;

/// Counts every node, every finished game and every distinct position of the tree.
fn walk(game: &mut TicTacToe, seen: &mut HashSet<String>, counts: &mut (u64, u64)) {
    counts.0 += 1;
    seen.insert(game.to_string());
    if game.is_terminal() {
        counts.1 += 1;
        return;
    }
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    for &mv in list.as_slice() {
        game.do_move(mv);
        walk(game, seen, counts);
        game.undo_move();
    }
}

#[test]
fn the_full_game_tree_has_the_well_known_size() {
    let mut seen = HashSet::new();
    let mut counts = (0, 0);
    walk(&mut TicTacToe::new(), &mut seen, &mut counts);
    // 549,946 nodes counting the empty board, 255,168 finished games (131,184 won by X,
    // 77,904 by O, 46,080 drawn), 5,478 distinct positions (the empty board included).
    assert_eq!(counts, (549_946, 255_168));
    assert_eq!(seen.len(), 5_478);
}

#[test]
fn the_engines_win_in_one_and_block_a_line() {
    for kind in [EngineKind::MINIMAX, EngineKind::ALPHABETA] {
        // X to move with x x . on the top row: c3 wins at once.
        let win = position("xx./oo./...");
        let found = engine(kind).think(&win, Limits::depth(1), &NoHandler);
        assert_eq!(found.best_move, Cell::parse("c3"), "{kind}");
        assert_eq!(found.value.0, WIN + 4, "{kind}");
        // X to move, O threatens o o . on the top row and X has no line to finish: only
        // c3 holds; two plies show it, and the whole search agrees the game is a draw.
        let block = position("oo./x../..x");
        assert_eq!(block.to_move(), Mark::X);
        let two = engine(kind).think(&block, Limits::depth(2), &NoHandler);
        assert_eq!(two.best_move, Cell::parse("c3"), "{kind}");
        let all = engine(kind).think(&block, Limits::depth(9), &NoHandler);
        assert_eq!(all.best_move, Cell::parse("c3"), "{kind}");
        assert!(all.value.0 > -WIN, "{kind}: blocking does not lose");
    }
}

#[test]
fn the_notation_round_trips_and_play_keeps_the_turn() {
    for text in [".../.../...", "x.o/.x./..o", "xox/xoo/oxx", "xx./oo./..."] {
        assert_eq!(position(text).to_string(), text);
    }
    assert_eq!(position("X.O/.X./..O").to_string(), "x.o/.x./..o");
    let mut game = TicTacToe::new();
    for name in ["b2", "a3", "c1"] {
        let cell = Cell::parse(name).unwrap_or_else(|| panic!("{name}"));
        game.play(cell).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(game.to_string(), "o../.x./..x");
    assert_eq!(game.to_move(), Mark::O);
    let taken = Cell(4);
    assert_eq!(game.play(taken), Err(TicTacToeError::BadMove("b2".into())));
    let over = position("xxx/oo./...");
    assert_eq!(over.winner(), Some(Mark::X));
    assert_eq!(over.clone().play(Cell(8)), Err(TicTacToeError::GameOver));
    assert!(over.is_terminal());
    assert_eq!(over.evaluate().0, -(WIN + 4));
}

#[test]
fn bad_notation_is_refused_with_a_typed_error() {
    let refused = |text: &str| text.parse::<TicTacToe>().err();
    assert_eq!(refused("x.o/.x."), Some(TicTacToeError::Shape));
    assert_eq!(refused("x.o/.x./..oo"), Some(TicTacToeError::Shape));
    assert_eq!(refused("x.o/.y./..o"), Some(TicTacToeError::BadCell('y')));
    assert_eq!(
        refused("xxx/.../..."),
        Some(TicTacToeError::Counts { x: 3, o: 0 })
    );
    assert_eq!(
        refused("o../.../..."),
        Some(TicTacToeError::Counts { x: 0, o: 1 })
    );
    // X won, then O moved: x = o.
    assert_eq!(refused("xxx/oo./..o"), Some(TicTacToeError::AfterTheEnd));
    // O won with X one ahead: X moved after O's line.
    assert_eq!(refused("ooo/xx./.xx"), Some(TicTacToeError::AfterTheEnd));
}

#[test]
fn the_tree_lab_s_tree_of_a_position_has_the_engine_s_value() {
    for (text, depth) in [("x.o/.x./..o", 5), ("x.o/.x./..o", 2), ("x../.../...", 3)] {
        let start = position(text);
        let mut game = start.clone();
        let tree = Tree::from_game(&mut game, depth).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game, start, "the builder leaves the game as it was");
        for method in [Method::Minimax, Method::AlphaBeta] {
            let searched = run_search(
                &mut game,
                method,
                Limits::depth(depth),
                &NoHandler,
                &mut Silent,
            );
            let report = evaluate_tree(&tree, RootKind::Max, method);
            assert_eq!(report.value, searched.value.0, "{text} depth {depth}");
            let label = report.best.and_then(|i| tree.label(tree.children(0)[i]));
            assert_eq!(label, searched.best_move.map(|m| m.to_string()).as_deref());
        }
    }
}
