//! The new-game panel: board size, stones (random with a seed, or by hand on the board),
//! mode, who moves first, each computer's engine with named presets, and Start.

use super::app::{Action, App};
use super::i18n::Texts;
use super::settings::{EngineSetup, GameSetup, Mode, Preset, StoneMode};
use crate::ai::Algorithm;
use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use eframe::egui::{self, RichText};

/// The pause between moves for each watching speed, slowest first (milliseconds).
pub const SPEEDS_MS: [u64; 4] = [1_500, 600, 150, 0];

/// The whole panel.
pub fn new_game_ui(app: &mut App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(t.new_game);
            ui.horizontal(|ui| {
                if ui.button(RichText::new(t.start).strong()).clicked() {
                    actions.push(Action::StartGame);
                }
                if ui.button(t.close).clicked() {
                    actions.push(Action::CloseNewGame);
                }
            });
            ui.separator();
            board_ui(t, &mut app.draft, ui);
            ui.separator();
            players_ui(t, &mut app.draft, ui);
        });
}

fn board_ui(t: &Texts, draft: &mut GameSetup, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        ui.label(t.board_size);
        // A typed size counts once committed (Enter or leaving the field): typing "12"
        // would otherwise pass through size "1" (clamped to 3), whose few cells would cut
        // the stone count.
        ui.add(egui::Slider::new(&mut draft.size, MIN_SIZE..=MAX_SIZE).update_while_editing(false));
    });
    draft.stones = draft.stones.min(Board::max_stones(draft.size));
    ui.horizontal(|ui| {
        ui.label(t.stones);
        ui.selectable_value(&mut draft.stone_mode, StoneMode::Random, t.random_stones);
        ui.selectable_value(&mut draft.stone_mode, StoneMode::ByHand, t.stones_by_hand);
    });
    match draft.stone_mode {
        StoneMode::Random => {
            ui.horizontal(|ui| {
                ui.label(t.stone_count);
                ui.add(egui::Slider::new(
                    &mut draft.stones,
                    0..=Board::max_stones(draft.size),
                ));
            });
            ui.horizontal(|ui| {
                ui.label(t.seed);
                ui.add(egui::DragValue::new(&mut draft.seed));
                if ui.button(t.reroll).clicked() {
                    draft.seed = reroll(draft.seed);
                }
            });
        }
        StoneMode::ByHand => {
            ui.label(RichText::new(t.hand_help).weak());
            if ui.button(t.clear_stones).clicked() {
                draft.hand_stones.clear();
            }
        }
    }
}

/// The next seed after `seed` (a SplitMix64 step, so re-rolls look random but repeat).
pub fn reroll(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}

fn players_ui(t: &Texts, draft: &mut GameSetup, ui: &mut egui::Ui) {
    ui.label(RichText::new(t.mode).strong());
    for (mode, label) in Mode::ALL
        .into_iter()
        .zip([t.mode_hvc, t.mode_hvh, t.mode_cvc])
    {
        ui.radio_value(&mut draft.mode, mode, label);
    }
    match draft.mode {
        Mode::HumanVsComputer => {
            ui.horizontal(|ui| {
                ui.label(t.first_player);
                let before = draft.human_first;
                ui.selectable_value(&mut draft.human_first, true, t.you);
                ui.selectable_value(&mut draft.human_first, false, t.computer);
                if draft.human_first != before {
                    // Each seat has its engine (P1's, P2's); the computer keeps its level
                    // when it changes seat.
                    let (from, to) = if draft.human_first { (0, 1) } else { (1, 0) };
                    draft.engines[to] = draft.engines[from].clone();
                }
            });
            let seat = if draft.human_first { 1 } else { 0 };
            ui.separator();
            ui.label(RichText::new(t.computer).strong());
            engine_ui(t, &mut draft.engines[seat], ui, "engine");
        }
        Mode::HumanVsHuman => {}
        Mode::ComputerVsComputer => {
            for (index, engine) in draft.engines.iter_mut().enumerate() {
                ui.separator();
                let title = super::i18n::fill(t.computer_n, &[&(index + 1)]);
                ui.label(RichText::new(title).strong());
                engine_ui(
                    t,
                    engine,
                    ui,
                    if index == 0 { "engine1" } else { "engine2" },
                );
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                ui.label(t.watch_speed);
                for (delay, label) in SPEEDS_MS.into_iter().zip(t.speeds) {
                    ui.selectable_value(&mut draft.watch_delay_ms, delay, label);
                }
            });
        }
    }
}

fn engine_ui(t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str) {
    let preset = engine.preset();
    let preset_name = |p: Preset| t.presets[Preset::ALL.iter().position(|q| *q == p).unwrap_or(0)];
    ui.horizontal(|ui| {
        ui.label(t.level);
        let shown = preset.map_or(t.custom, preset_name);
        egui::ComboBox::from_id_salt((id, "level"))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for p in Preset::ALL {
                    if ui
                        .selectable_label(preset == Some(p), preset_name(p))
                        .clicked()
                    {
                        *engine = p.engine();
                    }
                }
            });
    });
    let mut algorithm = engine.algorithm();
    ui.horizontal(|ui| {
        ui.label(t.algorithm);
        for a in Algorithm::ALL {
            let label = match a {
                Algorithm::Minimax => t.minimax,
                Algorithm::AlphaBeta => t.alphabeta,
            };
            ui.selectable_value(&mut algorithm, a, label);
        }
    });
    engine.algorithm = algorithm.name().to_string();
    ui.horizontal(|ui| {
        ui.label(t.depth);
        ui.add(egui::Slider::new(&mut engine.depth, 1..=30));
    });
    let mut seconds = engine.time_ms as f64 / 1000.0;
    ui.horizontal(|ui| {
        ui.label(t.time_limit);
        ui.add(egui::Slider::new(&mut seconds, 0.1..=60.0).logarithmic(true));
    });
    engine.time_ms = (seconds * 1000.0).round() as u64;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rerolls_change_the_seed_and_repeat() {
        assert_ne!(reroll(1), 1);
        assert_eq!(reroll(1), reroll(1));
        assert!(reroll(u64::MAX) < 1_000_000);
    }
}
