//! "Table 2.4" in the real window, driven by kittest through accessible labels: open it
//! from the Learn menu, run depths 1..3 on a small board, wait for the rows, and check
//! that every count shown is the one `queens bestmove` prints for that depth; and the
//! same for a tic-tac-toe and a Dodgem game on screen (issue 39).

use crate::common;
use crate::ui_support as common_ui;

use common::json;
use common_ui::{click, frames, harness, settings, step_until};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use queens_app::{Mode, TABLE24_CHART_LABEL, group_digits};

#[test]
fn the_panel_runs_depths_1_to_3_and_shows_bestmoves_node_counts() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
    frames(&mut harness, 2);
    click(&mut harness, "Learn");
    click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
    assert!(harness.state().table24().open);
    assert!(harness.query_by_label(TABLE24_CHART_LABEL).is_some());
    click(&mut harness, "Run");
    step_until(&mut harness, "the table to finish", |app| {
        !app.table24().running()
    });
    frames(&mut harness, 2);

    let game = harness.state().board().game_string();
    let panel = harness.state().table24();
    let table = panel.table.clone().unwrap_or_else(|| panic!("no table"));
    assert!(table.complete);
    assert_eq!(table.rows.len(), 3);
    assert_eq!(
        table
            .algorithms
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>(),
        ["minimax", "alphabeta"]
    );
    for row in &table.rows {
        for (kind, entry) in table.algorithms.iter().zip(&row.entries) {
            let nodes = entry
                .measure()
                .unwrap_or_else(|| panic!("{kind} depth {}: {entry:?}", row.depth))
                .nodes;
            let depth = row.depth.to_string();
            let report = json(&[
                "bestmove",
                "--game",
                &game,
                "--algo",
                kind.name(),
                "--depth",
                &depth,
                "--threads",
                "1",
            ]);
            assert_eq!(report["nodes"].as_u64(), Some(nodes), "{kind} d{depth}");
            let shown = group_digits(nodes);
            assert!(
                harness.query_all_by_label(&shown).next().is_some(),
                "{kind} depth {depth}: {shown} not shown"
            );
        }
    }
    // The thesis's ratio for depth 2 (20) and the Export button, now enabled.
    assert!(harness.query_all_by_label("20").next().is_some());
    click(&mut harness, "Export table to Excel");
    let message = harness.state().table24().export_message.clone();
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.starts_with("Table written to")),
        "{message:?}"
    );
}

/// Issue 19 (3): while an earlier position is reviewed, the table measures the position
/// on show, not the game's last one.
#[test]
fn while_reviewing_the_table_measures_the_position_on_show() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
    frames(&mut harness, 2);
    for _ in 0..2 {
        let cell = common_ui::first_free(harness.state().board());
        click(&mut harness, &cell);
        frames(&mut harness, 1);
    }
    assert_eq!(harness.state().board().ply(), 2);
    // One move back: the position after the first move is on show.
    harness.key_press(egui::Key::ArrowLeft);
    frames(&mut harness, 2);
    assert_eq!(harness.state().reviewing(), Some(1));
    let shown = harness.state().board().at_ply(1);

    click(&mut harness, "Learn");
    click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
    click(&mut harness, "Run");
    step_until(&mut harness, "the table to finish", |app| {
        !app.table24().running()
    });
    let table = harness
        .state()
        .table24()
        .table
        .clone()
        .unwrap_or_else(|| panic!("no table"));
    assert_eq!(
        table.game,
        shown.game_string(),
        "it measured another position"
    );
    assert_eq!(table.moves, shown.free().count());
    assert_ne!(table.game, harness.state().board().game_string());
}

/// Issue 19 (3): a table measured on one position leaves the screen once another
/// position is on show.
#[test]
fn a_table_goes_when_its_position_does() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
    frames(&mut harness, 2);
    click(&mut harness, "Learn");
    click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
    click(&mut harness, "Run");
    step_until(&mut harness, "the table to finish", |app| {
        !app.table24().running()
    });
    assert!(harness.state().table24().table.is_some());
    assert!(!harness.state().table24().rows().is_empty());
    let cell = common_ui::first_free(harness.state().board());
    click(&mut harness, &cell);
    assert_eq!(harness.state().board().ply(), 1);
    assert!(
        harness.state().table24().table.is_none(),
        "the old table stayed"
    );
    assert!(harness.state().table24().rows().is_empty());
}

/// Predict, then measure (issue 22.4): a prediction far off is judged wrong by the
/// factor it misses by, one equal to the measured ratio is right, and both count.
#[test]
fn a_prediction_of_the_node_ratio_is_judged_by_the_run() {
    use eframe::egui::accesskit::Role;
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
    frames(&mut harness, 2);
    click(&mut harness, "Learn");
    click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
    let field = "Predict minimax's nodes ÷ alpha-beta's at depth 3, then Run:";
    let predict = |harness: &mut egui_kittest::Harness<'_, queens_app::App>, text: &str| {
        harness
            .get_by_role_and_label(Role::TextInput, field)
            .focus();
        frames(harness, 1);
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        harness
            .get_by_role_and_label(Role::TextInput, field)
            .type_text(text);
        frames(harness, 2);
        click(harness, "Run");
        step_until(harness, "the table to finish", |app| {
            !app.table24().running()
        });
        frames(harness, 2);
    };
    predict(&mut harness, "1000");
    let panel = harness.state().table24();
    let prediction = panel
        .prediction
        .unwrap_or_else(|| panic!("no prediction kept"));
    let measured = prediction
        .measured
        .unwrap_or_else(|| panic!("not measured"));
    let table = panel.table.clone().unwrap_or_else(|| panic!("no table"));
    let row = table
        .rows
        .iter()
        .find(|row| row.depth == 3)
        .unwrap_or_else(|| panic!("no depth 3"));
    assert_eq!(Some(measured), row.ratio(&table.algorithms));
    assert!(measured > 1.0 && measured < 1000.0 / 1.5, "{measured}");
    let factor = 1000.0 / measured;
    let wrong = format!(
        "You predicted 1000.0; measured {measured:.1} at depth 3: off by a factor of {factor:.1}."
    );
    assert!(harness.query_by_label(&wrong).is_some(), "{wrong}");
    assert_eq!(harness.state().table24().predictions, (0, 1));
    // The measured ratio itself (as shown, one decimal) is right.
    predict(&mut harness, &format!("{measured:.1}"));
    let right = format!(
        "You predicted {measured:.1}; measured {measured:.1} at depth 3: within a factor of 1.5. Right."
    );
    assert!(harness.query_by_label(&right).is_some(), "{right}");
    assert_eq!(harness.state().table24().predictions, (1, 2));
    assert!(
        harness
            .query_by_label("Predictions within a factor of 1.5: 1 of 2")
            .is_some()
    );
}

/// Issue 39: Table 2.4 measures the game on screen, whatever it is. A tic-tac-toe and a
/// Dodgem game each run depths 1..3 and show their rows: every count is the one the
/// game's own engine reports for that depth, minimax's tic-tac-toe counts are the whole
/// tree (perft summed: 10, 82, 586), minimax and alpha-beta agree on every value, and
/// the thesis's b = 40 column, which is about queens, is not shown.
#[test]
fn a_tic_tac_toe_and_a_dodgem_game_run_the_table_and_show_their_rows() {
    use eframe::egui::accesskit::Role;
    use queens_engines::ai::NoHandler;
    use queens_engines::analysis::table24::table_engine;
    for (game, tag) in [("Tic-tac-toe", "tictactoe"), ("Dodgem", "dodgem")] {
        let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
        frames(&mut harness, 2);
        harness.get_by_label("New game").click_accesskit();
        frames(&mut harness, 2);
        harness
            .get_by_role_and_label(Role::RadioButton, game)
            .click_accesskit();
        frames(&mut harness, 2);
        harness.get_by_label("Start").click_accesskit();
        frames(&mut harness, 3);
        let on_screen = harness
            .state()
            .grid_game()
            .unwrap_or_else(|| panic!("{game} is not on screen"))
            .game
            .clone();
        assert_eq!(on_screen.tag(), tag);
        click(&mut harness, "Learn");
        click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
        // pvs plays only queens: offered greyed here, never measured as refusals.
        use egui_kittest::kittest::NodeT;
        let pvs = harness.get_by_role_and_label(Role::CheckBox, "pvs");
        assert!(pvs.accesskit_node().is_disabled(), "{game}: pvs is offered");
        click(&mut harness, "Run");
        step_until(&mut harness, "the table to finish", |app| {
            !app.table24().running()
        });
        frames(&mut harness, 2);
        let panel = harness.state().table24();
        let table = panel
            .table
            .clone()
            .unwrap_or_else(|| panic!("{game}: no table"));
        assert!(table.complete, "{game}");
        assert_eq!(table.game, on_screen.game_string(), "{game}");
        assert_eq!(table.moves as usize, on_screen.legal_moves().len());
        assert_eq!(table.rows.len(), 3, "{game}");
        for row in &table.rows {
            for (kind, entry) in table.algorithms.iter().zip(&row.entries) {
                let measure = entry
                    .measure()
                    .unwrap_or_else(|| panic!("{game} {kind} d{}: {entry:?}", row.depth));
                let config = table_engine(*kind, row.depth);
                let outcome = on_screen
                    .think(&config, &NoHandler)
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
                assert_eq!(measure.nodes, outcome.stats.nodes, "{game} {kind}");
                let shown = group_digits(measure.nodes);
                assert!(
                    harness.query_all_by_label(&shown).next().is_some(),
                    "{game} {kind} depth {}: {shown} not shown",
                    row.depth
                );
            }
            let values: Vec<i32> = row
                .entries
                .iter()
                .filter_map(|entry| entry.measure().map(|m| m.value))
                .collect();
            assert!(
                values.windows(2).all(|v| v[0] == v[1]),
                "{game}: {values:?}"
            );
        }
        if tag == "tictactoe" {
            let minimax: Vec<u64> = table
                .rows
                .iter()
                .filter_map(|row| row.entries[0].measure().map(|m| m.nodes))
                .collect();
            assert_eq!(minimax, [10, 82, 586]);
        }
        // The agreement column, "yes" on every row.
        assert!(harness.query_by_label("Same value").is_some(), "{game}");
        assert_eq!(harness.query_all_by_label("yes").count(), 3, "{game}");
        assert!(
            harness.query_by_label("Thesis ratio (b = 40)").is_none(),
            "{game}: the thesis's queens figures are shown"
        );
        assert!(harness.query_by_label("Export table to Excel").is_some());
    }
}
