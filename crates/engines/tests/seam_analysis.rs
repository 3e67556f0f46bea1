//! The proved tools over the game seam (`analysis::proved`, `analysis::analyse`)
//! against a plain exhaustive minimax (`common/minimax.rs`, over the seam alone: no
//! engine, no evaluation, no solver): for 200 random games each of tic-tac-toe and
//! Dodgem (seeded), every move's value in the move-by-move analysis, and every legal
//! move's value at each position of the game (tic-tac-toe) or at one position of each
//! game (Dodgem), is the reference's; queens' margins likewise on 60 small games.

use crate::minimax;

use minimax::{Reference, Result, queens_margin};
use queens_engines::analysis::proved::Outcome;
use queens_engines::analysis::{Analysis, AnalysisSettings, analyse, class_of, proved_moves};
use queens_engines::games::game_string::read;
use queens_engines::games::seam::AnyGame;
use queens_engines::games::table::by_tag;

/// Games per game kind.
const GAMES: usize = 200;

/// The longest Dodgem game played (the reference still searches to the draw limit).
const DODGEM_PLIES: usize = 16;

/// A small seeded generator (xorshift64*), so the games need nothing of the crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x % n.max(1) as u64) as usize
    }
}

fn start(tag: &str) -> Box<dyn AnyGame> {
    let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
    (entry.start)().unwrap_or_else(|e| panic!("{e}"))
}

/// A random game of `tag` of at most `plies` plies.
fn random_game(tag: &str, rng: &mut Rng, plies: usize) -> Box<dyn AnyGame> {
    let mut game = start(tag);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = &legal[rng.below(legal.len())];
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

/// Checks every legal move's proved value at `game` against the reference.
fn check_moves(game: &mut dyn AnyGame, reference: &mut Reference) -> usize {
    let ply = game.moves().len() as i64;
    let values = proved_moves(game, &|| false)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("nothing stopped it"));
    let expected = reference.moves(game, ply);
    assert_eq!(values.moves.len(), expected.len(), "{game}");
    for (value, (mv, result)) in values.moves.iter().zip(&expected) {
        assert_eq!(&value.mv, mv, "{game}");
        let (outcome, ends) = result.outcome();
        assert_eq!(
            (value.value.outcome, value.value.ends_at_ply),
            (outcome, ends),
            "{}: {mv}",
            game.game_string()
        );
    }
    // The position's own value is its best move's, as the reference's is.
    if !expected.is_empty() {
        let (outcome, ends) = reference.value(game, ply).outcome();
        assert_eq!(
            (values.value.outcome, values.value.ends_at_ply),
            (outcome, ends)
        );
    }
    expected.len()
}

/// The one analysis of every game (`analysis::analyse`), with time enough for every
/// position.
fn analysed(game: &dyn AnyGame) -> Analysis {
    let settings = AnalysisSettings {
        time: std::time::Duration::from_secs(600),
        threads: 1,
        hash_mb: 16,
        retry: std::time::Duration::ZERO,
    };
    analyse(game, settings, &|| false, &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks the analysis of `game` move by move against the reference: the values before
/// and after each move, its loss in result steps and the slower-win plies.
fn check_analysis(game: &dyn AnyGame, reference: &mut Reference) -> usize {
    let analysis = analysed(game);
    assert!(analysis.complete);
    let moves = game.moves();
    assert_eq!(analysis.moves.len(), moves.len(), "{}", game.game_string());
    let mut walk = start(game.tag());
    for (k, judged) in analysis.moves.iter().enumerate() {
        let ply = k as i64;
        let before = reference.value(walk.as_mut(), ply);
        walk.play_text(&moves[k])
            .unwrap_or_else(|e| panic!("{}: {e}", moves[k]));
        let after = reference.value(walk.as_mut(), ply + 1).flipped();
        let what = format!("{} move {}", game.game_string(), k + 1);
        assert_eq!(judged.played, moves[k], "{what}");
        let said = |outcome: Option<Option<Outcome>>, ends: Option<Option<u32>>| {
            (outcome.flatten(), ends.flatten())
        };
        let expected = |r: Result| {
            let (outcome, ends) = r.outcome();
            (Some(outcome), ends)
        };
        assert_eq!(
            said(judged.outcome_before, judged.ends_before),
            expected(before),
            "{what}"
        );
        assert_eq!(
            said(judged.outcome_after, judged.ends_after),
            expected(after),
            "{what}"
        );
        let rank = |r: Result| match r {
            Result::Win(_) => 2u32,
            Result::Draw => 1,
            Result::Loss(_) => 0,
        };
        assert_eq!(
            judged.loss,
            Some(rank(before).saturating_sub(rank(after))),
            "{what}"
        );
        assert_eq!(
            judged.plies_lost.unwrap_or(0) > 0,
            rank(before) == rank(after) && after < before,
            "{what}"
        );
        assert_eq!(judged.player as usize, k % 2 + 1, "{what}");
    }
    analysis.moves.len()
}

#[test]
fn tictactoe_values_and_analyses_match_plain_minimax() {
    let mut reference = Reference::new();
    let mut rng = Rng(0x7417_7ac7_0e5e_ed01);
    let (mut judged, mut valued) = (0, 0);
    for _ in 0..GAMES {
        let game = random_game("tictactoe", &mut rng, 9);
        judged += check_analysis(game.as_ref(), &mut reference);
        // Every position of the game: every legal move's value.
        let mut walk = start("tictactoe");
        for mv in game.moves() {
            valued += check_moves(walk.as_mut(), &mut reference);
            walk.play_text(&mv).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(judged >= GAMES * 5, "{judged} moves judged");
    assert!(valued >= GAMES * 20, "{valued} moves valued");
}

#[test]
fn dodgem_values_and_analyses_match_plain_minimax() {
    let mut reference = Reference::new();
    let mut rng = Rng(0xd0d6_e3ba_5eed_0002);
    let (mut judged, mut valued) = (0, 0);
    for _ in 0..GAMES {
        let plies = 1 + rng.below(DODGEM_PLIES);
        let mut game = random_game("dodgem", &mut rng, plies);
        judged += check_analysis(game.as_ref(), &mut reference);
        valued += check_moves(game.as_mut(), &mut reference);
    }
    assert!(judged >= GAMES * 4, "{judged} moves judged");
    assert!(valued >= GAMES, "{valued} moves valued");
}

/// A random queens game on a 4x4 or 5x5 board with random stones, played to its end.
fn random_queens_game(rng: &mut Rng) -> Box<dyn AnyGame> {
    let size = 4 + rng.below(2);
    let names: Vec<String> = (0..size * size)
        .map(|i| format!("{}{}", (b'a' + (i % size) as u8) as char, i / size + 1))
        .collect();
    let mut stones: Vec<&str> = Vec::new();
    for _ in 0..1 + rng.below(size - 1) {
        let cell = names[rng.below(names.len())].as_str();
        if !stones.contains(&cell) {
            stones.push(cell);
        }
    }
    let text = format!("size={size} stones={}", stones.join(","));
    let mut game = read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    loop {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break game;
        }
        let mv = &legal[rng.below(legal.len())];
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

/// Queens through the same proved tools as every game (issue 39): its margins are its
/// exact values, so every legal move's margin at every position of 60 random games on
/// 4x4 and 5x5 boards with stones, and every move of their analyses (margins from P1's
/// view, the cells given away and their class), are the plain reference's.
#[test]
fn queens_values_and_analyses_match_plain_minimax_of_the_margin() {
    let mut rng = Rng(0x9ee2_5c0a_5eed_0039);
    let (mut judged, mut valued) = (0, 0);
    for _ in 0..60 {
        let game = random_queens_game(&mut rng);
        let mut walk = game.clone_box();
        while walk.undo().is_some() {}
        let analysis = analysed(game.as_ref());
        assert!(analysis.complete);
        for (k, mv) in game.moves().iter().enumerate() {
            let what = format!("{} move {}", game.game_string(), k + 1);
            let values = proved_moves(walk.as_ref(), &|| false)
                .unwrap_or_else(|e| panic!("{e}"))
                .unwrap_or_else(|| panic!("nothing stopped it"));
            let before = queens_margin(walk.as_mut());
            assert_eq!(values.value.margin, Some(before), "{what}");
            assert_eq!(values.value.value, before, "{what}");
            for value in &values.moves {
                walk.play_text(&value.mv).unwrap_or_else(|e| panic!("{e}"));
                let after = -queens_margin(walk.as_mut());
                walk.undo();
                assert_eq!(value.value.margin, Some(after), "{what}: {}", value.mv);
                let outcome = match after.signum() {
                    1 => Outcome::Win,
                    0 => Outcome::Draw,
                    _ => Outcome::Loss,
                };
                assert_eq!(value.value.outcome, outcome, "{what}: {}", value.mv);
                valued += 1;
            }
            walk.play_text(mv).unwrap_or_else(|e| panic!("{e}"));
            let after = -queens_margin(walk.as_mut());
            let judged_move = &analysis.moves[k];
            let p1 = |margin: i32| if k % 2 == 0 { margin } else { -margin };
            assert_eq!(judged_move.played, *mv, "{what}");
            assert_eq!(judged_move.margin_before, p1(before), "{what}");
            assert_eq!(judged_move.margin_after, p1(after), "{what}");
            assert!(
                judged_move.exact && judged_move.outcome_before.is_none(),
                "{what}"
            );
            let loss = u32::try_from(before - after).unwrap_or_else(|_| panic!("{what}: a gain"));
            assert_eq!(judged_move.loss, Some(loss), "{what}");
            assert_eq!(judged_move.class, class_of(loss), "{what}");
            judged += 1;
        }
    }
    assert!(judged >= 120, "{judged} moves judged");
    assert!(valued >= 600, "{valued} moves valued");
}
