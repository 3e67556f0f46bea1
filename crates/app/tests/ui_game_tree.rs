//! The Tree Lab's "From a game" (issue 20.4) in the real window, driven by kittest through
//! accessible labels: a tic-tac-toe position grows the tree `Tree::from_game` grows (and
//! `queens tree --kind tictactoe` reports), alpha-beta steps to the end over it pruning
//! what `evaluate_tree` prunes, a bad position shows the game's own error, a tree too
//! large names the deepest depth that fits, Dodgem grows from its start, and the board on
//! screen grows its queens tree.

use crate::ui_support;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::tree_lab::Status;
use queens_app::{App, Mode};
use queens_engines::ai::tree::{RootKind, Tree, evaluate_tree};
use queens_engines::ai::{GamePosition, Method};
use queens_engines::games::grow::{GrowError, TreeGame};
use queens_engines::games::tictactoe::TicTacToe;
use ui_support::{click, frames, harness, settings};

const POSITION: &str = "xo./.x./...";

fn open_from_a_game(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(harness, 3);
    assert!(harness.state().tree_lab().open);
    click(harness, "From a game");
}

/// Replaces the position field's text with `text`.
fn type_position(harness: &mut Harness<'_, App>, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, "Position")
        .focus();
    frames(harness, 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    frames(harness, 1);
    harness
        .get_by_role_and_label(Role::TextInput, "Position")
        .type_text(text);
    frames(harness, 2);
}

fn set_depth(harness: &mut Harness<'_, App>, depth: u32) {
    harness
        .get_by_role_and_label(Role::SpinButton, "Depth in plies")
        .focus();
    frames(harness, 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_role_and_label(Role::SpinButton, "Depth in plies")
        .type_text(&depth.to_string());
    harness.key_press(Key::Enter);
    frames(harness, 2);
}

#[test]
fn a_tic_tac_toe_position_grows_the_engines_tree_and_alpha_beta_steps_over_it() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    open_from_a_game(&mut harness);
    click(&mut harness, "Tic-tac-toe");
    assert_eq!(harness.state().tree_lab().grow.position, ".../.../...");
    type_position(&mut harness, POSITION);
    set_depth(&mut harness, 2);
    assert_eq!(harness.state().tree_lab().grow.depth, 2);
    click(&mut harness, "Grow");

    let mut game = POSITION
        .parse::<TicTacToe>()
        .unwrap_or_else(|e| panic!("{e}"))
        .search_game();
    let expected = Tree::from_game(&mut game, 2).unwrap_or_else(|e| panic!("{e}"));
    let minimax = evaluate_tree(&expected, RootKind::Max, Method::Minimax);
    let alphabeta = evaluate_tree(&expected, RootKind::Max, Method::AlphaBeta);
    {
        let lab = harness.state().tree_lab();
        assert!(lab.grow.error.is_none(), "{:?}", lab.grow.error);
        let model = &lab.model;
        assert_eq!(model.tree.to_text(), expected.to_text());
        assert_eq!(model.options.root, RootKind::Max);
        // The CLI's answer: O's six moves, c1 (the block) chosen.
        let moves: Vec<&str> = model
            .tree
            .children(0)
            .iter()
            .filter_map(|&child| model.tree.label(child))
            .collect();
        assert_eq!(moves, ["c3", "a1", "c1", "a2", "c2", "b1"]);
        assert_eq!(model.tree.leaf_count(), 30);
    }
    assert!(
        harness
            .query_by_label_contains("Grown from Tic-tac-toe, position xo./.x./..., depth 2.")
            .is_some()
    );

    click(&mut harness, "Minimax");
    click(&mut harness, "Last step");
    {
        let model = &harness.state().tree_lab().model;
        assert_eq!(model.trace.value, minimax.value);
        assert_eq!(u64::from(model.trace.evaluations), minimax.leaves_evaluated);
    }
    click(&mut harness, "Alpha-beta");
    click(&mut harness, "First step");
    assert_eq!(harness.state().tree_lab().model.cursor, 0);
    click(&mut harness, "Last step");
    let model = &harness.state().tree_lab().model;
    assert_eq!(model.cursor, model.steps());
    assert_eq!(model.trace.value, alphabeta.value);
    assert_eq!(model.trace.value, minimax.value);
    let best = model
        .trace
        .best
        .and_then(|i| model.tree.label(model.tree.children(0)[i]));
    assert_eq!(best, Some("c1"));
    let pruned_leaves = (0..model.tree.node_count())
        .filter(|&node| model.tree.leaf_value(node).is_some())
        .filter(|&node| model.nodes[node].status == Status::Pruned)
        .count();
    assert_eq!(pruned_leaves, alphabeta.pruned.len());
    assert!(pruned_leaves > 0);
    assert_eq!(
        u64::from(model.trace.evaluations),
        alphabeta.leaves_evaluated
    );
}

#[test]
fn bad_positions_and_deep_trees_are_refused_and_dodgem_grows_from_its_start() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    open_from_a_game(&mut harness);
    click(&mut harness, "Tic-tac-toe");
    let before = harness.state().tree_lab().model.generation;
    type_position(&mut harness, "xx/oo/..");
    click(&mut harness, "Grow");
    let shape = "xx/oo/.."
        .parse::<TicTacToe>()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        harness
            .query_by_label(&format!("Position refused: {shape}"))
            .is_some(),
        "no refusal naming {shape:?}"
    );
    assert_eq!(harness.state().tree_lab().model.generation, before);

    // The empty board: four plies fit in 4,096 leaves, six do not.
    click(&mut harness, "Start position");
    set_depth(&mut harness, 6);
    click(&mut harness, "Grow");
    assert_eq!(
        harness.state().tree_lab().grow.error,
        Some(GrowError::TooLarge { depth: 6, fits: 4 })
    );
    assert!(
        harness
            .query_by_label_contains("the deepest that fits is 4")
            .is_some()
    );

    click(&mut harness, "Dodgem");
    assert_eq!(
        harness.state().tree_lab().grow.position,
        TreeGame::Dodgem.start_position()
    );
    set_depth(&mut harness, 3);
    click(&mut harness, "Grow");
    let lab = harness.state().tree_lab();
    assert!(lab.grow.error.is_none(), "{:?}", lab.grow.error);
    assert!(lab.model.generation > before);
    let mut dodgem = queens_engines::games::dodgem::Dodgem::new().search_game();
    let expected = Tree::from_game(&mut dodgem, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lab.model.tree.to_text(), expected.to_text());
}

#[test]
fn the_board_on_screen_grows_its_queens_tree() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 4, 0));
    open_from_a_game(&mut harness);
    click(&mut harness, "The board on screen");
    let board = harness.state().board().game_string();
    assert_eq!(harness.state().tree_lab().grow.position, board);
    set_depth(&mut harness, 1);
    click(&mut harness, "Grow");
    let model = &harness.state().tree_lab().model;
    assert_eq!(model.tree.leaf_count(), 16);
}
