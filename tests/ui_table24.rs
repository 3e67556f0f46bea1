//! "Table 2.4" in the real window, driven by kittest through accessible labels: open it
//! from the Learn menu, run depths 1..3 on a small board, wait for the rows, and check
//! that every count shown is the one `queens bestmove` prints for that depth.

mod common;
#[path = "ui_support/mod.rs"]
mod common_ui;

use common::json;
use common_ui::{click, frames, harness, settings, step_until};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use queens::ui::{Mode, TABLE24_CHART_LABEL, group_digits};

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
    let predict = |harness: &mut egui_kittest::Harness<'_, queens::ui::App>, text: &str| {
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

/// Issue 32 (1): while tic-tac-toe or Dodgem is on screen, Table 2.4 has no queens
/// position to measure: it says so (as Hint does), and nothing runs or exports, neither a
/// new table nor one measured on the queens game before.
#[test]
fn with_a_small_game_on_screen_the_table_says_it_is_for_queens_and_runs_nothing() {
    use eframe::egui::accesskit::Role;
    const QUEENS_ONLY: &str = "That is for Queens & Stones games only.";
    for game in ["Tic-tac-toe", "Dodgem"] {
        let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 5, 2));
        frames(&mut harness, 2);
        click(&mut harness, "Learn");
        click(&mut harness, "Table 2.4: minimax vs alpha-beta…");
        click(&mut harness, "Run");
        step_until(&mut harness, "the table to finish", |app| {
            !app.table24().running()
        });
        assert!(harness.query_by_label("Export table to Excel").is_some());
        // By accessibility (the table's window may lie over the side panel).
        harness.get_by_label("New game").click_accesskit();
        frames(&mut harness, 2);
        harness
            .get_by_role_and_label(Role::RadioButton, game)
            .click_accesskit();
        frames(&mut harness, 2);
        harness.get_by_label("Start").click_accesskit();
        frames(&mut harness, 3);
        assert!(harness.state().grid_game().is_some(), "{game} on screen");
        assert!(harness.state().table24().open);
        assert!(
            harness.query_by_label(QUEENS_ONLY).is_some(),
            "{game}: the table does not say it is for queens"
        );
        assert!(
            harness.query_by_label("Run").is_none(),
            "{game}: Run is offered"
        );
        assert!(
            harness.query_by_label("Export table to Excel").is_none(),
            "{game}: the queens table still exports"
        );
        assert!(!harness.state().table24().running());
    }
}
