//! The analysis model's judgements: losses, classes, worst moves, accuracy.

use super::*;

fn value(margin: i32, best: &str, exact: bool) -> PositionValue {
    if exact {
        PositionValue::proved(margin, Some(best.to_string()), Vec::new())
    } else {
        PositionValue::estimate(margin, (-100, 100), Some(best.to_string()), Vec::new(), 4)
    }
}

fn bounded(margin: i32, lower: i32, upper: i32) -> PositionValue {
    PositionValue::estimate(
        margin,
        (lower, upper),
        Some("a1".to_string()),
        Vec::new(),
        5,
    )
}

#[test]
fn classes_follow_the_documented_bands() {
    let got: Vec<&str> = [0, 1, 2, 3, 5, 6, 9, 10, 40]
        .map(|loss| class_of(loss).name())
        .to_vec();
    assert_eq!(
        got,
        [
            "best",
            "good",
            "good",
            "inaccuracy",
            "inaccuracy",
            "mistake",
            "mistake",
            "blunder",
            "blunder"
        ]
    );
    assert_eq!(class_of_bounds(2, 2), Class::Good);
    assert_eq!(class_of_bounds(6, 8), Class::Mistake);
    assert_eq!(class_of_bounds(10, 60), Class::Blunder);
    assert_eq!(class_of_bounds(0, 2), Class::Unproved);
}

#[test]
fn loss_is_from_the_movers_side_and_never_negative() {
    let c3 = "c3".to_string();
    // P1 moves: the margin falls from 18 to 16.
    let p1 = MoveAnalysis::judge(
        1,
        c3.clone(),
        0,
        &value(18, "d4", true),
        &value(16, "a1", true),
        true,
    );
    assert_eq!((p1.loss, p1.class, p1.player), (Some(2), Class::Good, 1));
    // P2 moves: the margin rises from 16 to 22, six cells given away by P2.
    let p2 = MoveAnalysis::judge(
        2,
        c3.clone(),
        1,
        &value(16, "d4", true),
        &value(22, "a1", true),
        true,
    );
    assert_eq!((p2.loss, p2.class, p2.player), (Some(6), Class::Mistake, 2));
    // A proved best move loses nothing.
    let best = MoveAnalysis::judge(
        1,
        c3.clone(),
        0,
        &value(9, "c3", true),
        &value(9, "a1", true),
        true,
    );
    assert_eq!((best.loss, best.class), (Some(0), Class::Best));
}

/// Issue 19: "b14 lost 5, better b13" came from a depth-5 estimate (14) subtracted
/// from a proved value (19). An estimate beside a proved value states no loss.
#[test]
fn an_estimate_beside_a_proved_value_states_no_loss() {
    let b14 = "b14".to_string();
    // P2's move 4: 14 estimated before, 19 proved after.
    let m = MoveAnalysis::judge(
        4,
        b14.clone(),
        1,
        &value(14, "b13", false),
        &value(19, "a1", true),
        true,
    );
    assert_eq!(m.loss, None);
    assert_eq!(m.class, Class::Unproved);
    assert_eq!(m.loss_lower, 0);
    assert!(!m.exact);
    assert_eq!(m.depth, Some(4));
    // The engine's own best move is not a proved best move either.
    let own = MoveAnalysis::judge(
        1,
        b14.clone(),
        0,
        &value(9, "b14", false),
        &value(1, "a1", false),
        true,
    );
    assert_eq!((own.loss, own.class), (None, Class::Unproved));
}

#[test]
fn proved_bounds_give_proved_bounds_on_the_loss() {
    let c3 = "c3".to_string();
    // P1 moves. Before: at least 20, at most 30; after: exactly 16. Lost 4 to 14.
    let m = MoveAnalysis::judge(
        1,
        c3.clone(),
        0,
        &bounded(24, 20, 30),
        &value(16, "a1", true),
        true,
    );
    assert_eq!((m.loss, m.loss_lower, m.loss_upper), (None, 4, 14));
    assert_eq!(m.class, Class::Unproved);
    // Lost at least 10: a blunder whatever the rest.
    let m = MoveAnalysis::judge(
        1,
        c3.clone(),
        0,
        &bounded(30, 26, 40),
        &value(16, "a1", true),
        true,
    );
    assert_eq!(
        (m.loss_lower, m.loss_upper, m.class),
        (10, 24, Class::Blunder)
    );
    // Lost at most 2 but maybe nothing: unproved, bounded above.
    let m = MoveAnalysis::judge(
        1,
        c3.clone(),
        0,
        &bounded(18, 16, 18),
        &value(16, "a1", true),
        true,
    );
    assert_eq!((m.loss, m.loss_lower, m.loss_upper), (None, 0, 2));
    assert_eq!(m.class, Class::Unproved);
    // P2 moves (P2 wants the margin low): proved 10 before, at most 10 after. The
    // move kept all the position was worth: proved to lose nothing.
    let m = MoveAnalysis::judge(
        2,
        c3.clone(),
        1,
        &value(10, "d4", true),
        &bounded(8, 4, 10),
        true,
    );
    assert_eq!((m.loss_lower, m.loss_upper), (0, 0));
    assert_eq!(m.loss, Some(0));
    let m = MoveAnalysis::judge(
        2,
        c3.clone(),
        1,
        &value(10, "d4", true),
        &bounded(14, 12, 20),
        true,
    );
    assert_eq!((m.loss, m.loss_lower, m.loss_upper), (None, 2, 10));
}

#[test]
fn bounds_that_meet_prove_the_margin() {
    let mut v = bounded(30, 10, 40);
    assert!(!v.exact);
    assert!(v.narrow(20, 26));
    assert_eq!((v.margin, v.exact), (26, false));
    assert!(!v.narrow(0, 100));
    assert!(v.narrow(26, 26));
    assert_eq!((v.margin, v.exact, v.depth), (26, true, None));
}

#[test]
fn worst_moves_are_each_players_losses_largest_first() {
    let cell = |name: &str| name.to_string();
    let margins = [10, 8, 14, 14, 14, 10, 12];
    let positions: Vec<Option<PositionValue>> = margins
        .iter()
        .map(|&m| Some(value(m, "a1", true)))
        .collect();
    let cells = ["b1", "b2", "b3", "b4", "b5", "c1"].map(cell);
    let analysis =
        Analysis::from_positions(String::new(), &cells, &[0, 1, 0, 1, 0, 1], positions, true);
    let losses: Vec<(usize, Option<u32>)> =
        analysis.moves.iter().map(|m| (m.ply, m.loss)).collect();
    assert_eq!(
        losses,
        [
            (1, Some(2)),
            (2, Some(6)),
            (3, Some(0)),
            (4, Some(0)),
            (5, Some(4)),
            (6, Some(2))
        ]
    );
    let worst = |player, count| -> Vec<usize> {
        analysis
            .worst_moves(player, count)
            .iter()
            .map(|m| m.ply)
            .collect()
    };
    // Largest first, moves that lost nothing left out, at most `count`.
    assert_eq!(worst(1, 3), [5, 1]);
    assert_eq!(worst(2, 3), [2, 6]);
    assert_eq!(worst(2, 1), [2]);
}

#[test]
fn unproved_moves_are_not_worst_moves_unless_a_loss_is_proved() {
    let cell = |name: &str| name.to_string();
    let positions = vec![
        Some(value(10, "a1", false)),
        Some(value(4, "a1", true)),
        Some(bounded(8, 6, 20)),
    ];
    let analysis = Analysis::from_positions(
        String::new(),
        &[cell("b1"), cell("b2")],
        &[0, 1],
        positions,
        true,
    );
    // Move 1: an estimate before, nothing proved. Move 2 (P2): lost at least 2.
    assert_eq!(analysis.moves[0].class, Class::Unproved);
    assert!(analysis.worst_moves(1, 3).is_empty());
    let worst = analysis.worst_moves(2, 3);
    assert_eq!(worst.len(), 1);
    assert_eq!((worst[0].loss, worst[0].loss_lower), (None, 2));
}

#[test]
fn accuracy_is_the_share_of_moves_proved_to_lose_nothing() {
    let c3 = "c3".to_string();
    let moves = [
        MoveAnalysis::judge(
            1,
            c3.clone(),
            0,
            &value(2, "c3", true),
            &value(2, "a1", true),
            true,
        ),
        MoveAnalysis::judge(
            2,
            c3.clone(),
            1,
            &value(2, "d4", true),
            &value(4, "a1", true),
            true,
        ),
        MoveAnalysis::judge(
            3,
            c3.clone(),
            0,
            &value(4, "d4", true),
            &value(0, "a1", true),
            true,
        ),
        MoveAnalysis::judge(
            5,
            c3.clone(),
            0,
            &value(0, "d4", true),
            &value(0, "a1", true),
            true,
        ),
        // Unproved: neither a loss nor a best move.
        MoveAnalysis::judge(
            7,
            c3.clone(),
            0,
            &value(0, "d4", false),
            &value(0, "a1", true),
            true,
        ),
    ];
    let [one, two] = summarize_players(&moves);
    assert_eq!((one.moves, one.loss, one.best, one.unproved), (4, 4, 2, 1));
    assert_eq!(one.accuracy, 66.7);
    assert_eq!(one.classes, [2, 0, 1, 0, 0, 1]);
    assert_eq!((two.moves, two.loss, two.accuracy), (1, 2, 0.0));
}
