//! Dodgem as the lecture states it (issue 20): each move kind, leaving the board, no
//! legal move, the draw limit that ends a repeating game, each evaluation term and two
//! states computed by hand (docs/rules.md), the editable table, the solved result, and
//! the Tree Lab's tree agreeing with the engine.

use queens_engines::ai::tree::{RootKind, Tree, evaluate_tree};
use queens_engines::ai::{
    Engine, EngineConfig, EngineKind, Limits, Method, MoveList, NoHandler, SearchGame, Silent,
    run_search,
};
use queens_engines::games::dodgem::{
    Dodgem, DodgemError, DodgemMove, Outcome, PLY_LIMIT, Side, WIN,
};
use queens_engines::games::dodgem_eval::{
    DEFAULT_EVAL_RON, DodgemEval, EvalFileError, LECTURE_TABLE,
};
use queens_engines::games::dodgem_solve::{outcomes_by_limit, solve};

fn position(text: &str) -> Dodgem {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn mv(text: &str) -> DodgemMove {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn moves(game: &Dodgem) -> Vec<String> {
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    list.as_slice().iter().map(|m| m.to_string()).collect()
}

#[test]
fn the_start_and_the_notation() {
    let start = Dodgem::new();
    assert_eq!(start.to_string(), "b../b../.ww b 0");
    assert_eq!(position("b../b../.ww b"), start);
    assert_eq!(start.to_move(), Side::Black);
    // Black's first moves: right (a3-b3, a2-b2), then up/down onto empty cells.
    assert_eq!(moves(&start), ["a3-b3", "a2-b2", "a2-a1"]);
    let refused = |text: &str| text.parse::<Dodgem>().err();
    assert_eq!(refused("b../b.."), Some(DodgemError::Shape));
    assert_eq!(refused("b../b../.ww"), Some(DodgemError::Shape));
    assert_eq!(refused("b../b../.wx b"), Some(DodgemError::BadCell('x')));
    assert_eq!(
        refused("b../b../.ww x"),
        Some(DodgemError::BadSide("x".into()))
    );
    assert_eq!(
        refused("b../b../.ww b 61"),
        Some(DodgemError::BadPly("61".into()))
    );
    assert_eq!(
        refused("bbb/.../.ww b"),
        Some(DodgemError::TooManyCars(Side::Black))
    );
    assert_eq!(refused(".../.../.ww b"), Some(DodgemError::NoCarToMove));
    assert_eq!(
        "a3-d3".parse::<DodgemMove>().err(),
        Some(DodgemError::BadMove("a3-d3".into()))
    );
    for text in ["b../b../.ww b 0", "..b/.w./... w 7"] {
        assert_eq!(position(text).to_string(), text);
    }
}

#[test]
fn each_move_kind_onto_empty_cells_only() {
    // A black car in the middle: right, up, down; never left.
    let black = position(".../.b./w.. b");
    assert_eq!(moves(&black), ["b2-c2", "b2-b3", "b2-b1"]);
    // A white car in the middle: up, left, right; never down.
    let white = position("b../.w./... w");
    assert_eq!(moves(&white), ["b2-b3", "b2-a2", "b2-c2"]);
    // Occupied cells, of either colour, are never entered.
    let crowded = position(".w./bbw/... b");
    assert_eq!(moves(&crowded), ["a2-a3", "a2-a1", "b2-b1"]);
    let mut game = black.clone();
    game.play(mv("b2-b3")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.to_string(), ".b./.../w.. w 1");
    assert_eq!(game.play(mv("a1-b1")), Ok(()));
    assert_eq!(
        game.play(mv("b3-a3")),
        Err(DodgemError::BadMove("b3-a3".into()))
    );
    game.undo_move();
    game.undo_move();
    assert_eq!(game, black);
}

#[test]
fn cars_leave_from_the_right_column_and_the_top_row_and_two_off_win() {
    // Black on the right column leaves; white on the top row leaves.
    let black = position("..b/.../w.. b");
    assert_eq!(moves(&black), ["c3-off", "c3-c2"]);
    let white = position("w../.../..b w");
    assert_eq!(moves(&white), ["a3-off", "a3-b3"]);
    // Black's last car leaves: black has won, whatever white holds.
    let mut last = position("..b/.../ww. b 9");
    last.play(mv("c3-off")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(last.outcome(), Some(Outcome::Won(Side::Black)));
    assert!(last.is_terminal());
    assert_eq!(last.evaluate().0, -(WIN - 10));
    assert_eq!(last.play(mv("a1-a2")), Err(DodgemError::GameOver));
    // One car off is not yet a win.
    let mut one = position("b.b/.../ww. b");
    one.play(mv("c3-off")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(one.outcome(), None);
    assert_eq!(one.cars_on(Side::Black), 1);
}

#[test]
fn leaving_the_opponent_no_move_wins() {
    // Black on a2 and b2, white's one car on a1: black plays b2-b1 and white has no
    // move (up is a2, black; right is b1, black; a white car never moves down).
    let mut game = position(".../bb./w.. b 4");
    assert_eq!(game.outcome(), None);
    game.play(mv("b2-b1")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves(&game), Vec::<String>::new());
    assert_eq!(game.outcome(), Some(Outcome::Won(Side::Black)));
    assert_eq!(game.evaluate().0, -(WIN - 5));
}

#[test]
fn a_repeating_game_is_a_draw_at_the_ply_limit_and_no_search_hangs() {
    // Black shuttles up and down, white left and right: the same two positions forever.
    let mut game = position(".../.../b.w b");
    let cycle = ["a1-a2", "c1-b1", "a2-a1", "b1-c1"];
    for ply in 0..PLY_LIMIT {
        assert_eq!(game.outcome(), None, "ply {ply}");
        game.play(mv(cycle[ply as usize % 4]))
            .unwrap_or_else(|e| panic!("ply {ply}: {e}"));
    }
    assert_eq!(game.to_string(), ".../.../b.w b 60");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.evaluate().0, 0);
    assert_eq!(game.play(mv("a1-a2")), Err(DodgemError::GameOver));
    // Near the limit, a search to the end finishes and knows it is exact.
    let late = position(".../.../b.w b 56");
    assert_eq!(late.plies_left_bound(), 4);
    for kind in [EngineKind::MINIMAX, EngineKind::ALPHABETA] {
        let mut engine: Box<dyn Engine<Dodgem>> = EngineConfig::new(kind, 60)
            .build_for()
            .unwrap_or_else(|e| panic!("{e}"));
        let found = engine.think(&late, Limits::depth(60), &NoHandler);
        assert!(found.exact, "{kind}");
        assert_eq!(found.value.0, solve(&late).value, "{kind}");
    }
}

#[test]
fn each_evaluation_term() {
    let table = DodgemEval::lecture();
    // Piece values alone: one white car on b1 (5), one black car on c3 (-40), and one
    // car of each colour off the board (+50 - 50).
    let lone = position("..b/.../.w. w");
    assert_eq!(lone.lecture_value(), 5 - 40 + 50 - 50);
    assert_eq!(table.white[2][1], 5);
    assert_eq!(table.black[0][2], -40);
    // White directly right of black: +40; white two to the right: +30.
    assert_eq!(
        position("bw./.../... b").lecture_value(),
        -10 + 35 + 40 + 50 - 50
    );
    assert_eq!(
        position("b.w/.../... b").lecture_value(),
        -10 + 40 + 30 + 50 - 50
    );
    // Black directly above white: -40; two above: -30.
    assert_eq!(position(".../b../w.. w").lecture_value(), -5 - 40 + 50 - 50);
    assert_eq!(
        position("b../.../w.. w").lecture_value(),
        -10 - 30 + 50 - 50
    );
    // The side to move sees the lecture's value (white's view) negated when black moves.
    assert_eq!(position("bw./.../... w").evaluate().0, 65);
    assert_eq!(position("bw./.../... b").evaluate().0, -65);
}

#[test]
fn two_states_computed_by_hand() {
    // State A (docs/rules.md): bw./.b./.w. w
    //   pieces: black a3 -10, black b2 -20, white b3 35, white b1 5      = 10
    //   white b3 directly right of black a3                            +40
    //   black b2 directly above white b1                               -40
    //   total 10, white to move: 10.
    let a = position("bw./.b./.w. w");
    assert_eq!(a.lecture_value(), 10);
    assert_eq!(a.evaluate().0, 10);
    // State B: .../b.w/.b. b 5 (one white car has left)
    //   pieces: black a2 -5, black b1 -15, white c2 25, white off 50     = 55
    //   white c2 two cells right of black a2 (indirect)                +30
    //   total 85, black to move: -85.
    let b = position(".../b.w/.b. b 5");
    assert_eq!(b.lecture_value(), 85);
    assert_eq!(b.evaluate().0, -85);
}

#[test]
fn the_table_is_a_data_file_and_a_bad_one_is_refused() {
    assert_eq!(
        DodgemEval::from_ron(DEFAULT_EVAL_RON).ok(),
        Some(LECTURE_TABLE)
    );
    assert_eq!(DodgemEval::lecture(), LECTURE_TABLE);
    let doubled = DEFAULT_EVAL_RON.replace("direct: 40", "direct: 80");
    let table = DodgemEval::from_ron(&doubled).unwrap_or_else(|e| panic!("{e}"));
    let game = position("bw./.b./.w. w").with_eval(table);
    assert_eq!(game.lecture_value(), 10 + 80 - 80);
    let blocked = position("bw./.../... b").with_eval(table);
    assert_eq!(blocked.lecture_value(), -10 + 35 + 80 + 50 - 50);
    let path = std::env::temp_dir().join("queens-no-such-dodgem-table.ron");
    assert!(matches!(
        DodgemEval::load(&path),
        Err(EvalFileError::Io { .. })
    ));
    let missing = DEFAULT_EVAL_RON.replace("indirect: 30,", "");
    assert!(matches!(
        DodgemEval::from_ron(&missing),
        Err(EvalFileError::Parse(_))
    ));
    let short = DEFAULT_EVAL_RON.replace("[ 0,  5, 10],", "");
    assert!(matches!(
        DodgemEval::from_ron(&short),
        Err(EvalFileError::Shape("white"))
    ));
    let huge = DEFAULT_EVAL_RON.replace("white_off: 50", "white_off: 5000");
    assert!(matches!(
        DodgemEval::from_ron(&huge),
        Err(EvalFileError::OutOfRange(5000))
    ));
}

#[test]
fn the_game_solved_from_the_start() {
    // Black, moving first, wins in 19 plies with best play, starting a3-b3.
    let solved = solve(&Dodgem::new());
    assert_eq!(solved.outcome, Outcome::Won(Side::Black));
    assert_eq!(solved.plies, Some(19));
    assert_eq!(solved.value, WIN - 19);
    assert_eq!(
        solved.best_move.map(|m| m.to_string()).as_deref(),
        Some("a3-b3")
    );
    // The draw limit decides nothing once it lets the game run 20 plies (200 stands for
    // "no limit": the result no longer changes); shorter, the game is a draw.
    let by_limit = outcomes_by_limit(&Dodgem::new(), &[16, 18, 19, 20, 60, 200]);
    let won = Outcome::Won(Side::Black);
    let draw = Outcome::Draw;
    assert_eq!(
        by_limit,
        [
            (16, draw),
            (18, draw),
            (19, won),
            (20, won),
            (60, won),
            (200, won)
        ]
    );
    // The engine's alpha-beta agrees once the end is within its reach: follow the solved
    // line 11 plies, then search 8 plies to the end.
    let mut game = Dodgem::new();
    for _ in 0..11 {
        let best = solve(&game)
            .best_move
            .unwrap_or_else(|| panic!("at {game}"));
        game.play(best).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut engine: Box<dyn Engine<Dodgem>> = EngineConfig::new(EngineKind::ALPHABETA, 8)
        .build_for()
        .unwrap_or_else(|e| panic!("{e}"));
    let found = engine.think(&game, Limits::depth(8), &NoHandler);
    assert_eq!(found.value.0, solve(&game).value, "at {game}");
    assert_eq!(found.value.0, -(WIN - 19), "white to move loses at ply 19");
}

#[test]
fn the_tree_lab_s_tree_of_a_position_has_the_engine_s_value() {
    for (text, depth) in [("b../b../.ww b 0", 4), (".b./b.w/..w w 3", 4)] {
        let start = position(text);
        let mut game = start.clone();
        let tree = Tree::from_game(&mut game, depth).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game, start);
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
