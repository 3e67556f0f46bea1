//! The new-game panel: board size, stones (random with a seed, or by hand on the board),
//! mode, who moves first, each computer's engine with named presets, and Start.

use crate::app::action::Action;
use crate::i18n::names::MAX_NAME_CHARS;
use crate::i18n::{Texts, fill};
use crate::session::seats::{hand_from_random, stones_from_setup};
use crate::session::settings::{EngineSetup, GameSetup, Mode, Preset, StoneMode, reroll};
use crate::session::table_setup::SMALL_ENGINES;
use eframe::egui::{self, RichText};
use queens_board::{Board, MAX_SIZE, MIN_SIZE};
use queens_engines::ai::EngineKind;

/// The pause between moves for each watching speed, slowest first (milliseconds).
pub(crate) const SPEEDS_MS: [u64; 4] = [1_500, 600, 150, 0];

/// Below this width (in points) a setting's label goes above its control instead of
/// beside it, so the panel fits a 640x480 window.
const NARROW: f32 = 300.0;

/// The whole panel: it edits the new-game choices `draft`.
pub(crate) fn new_game_ui(
    t: &Texts,
    draft: &mut GameSetup,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(t.new_game);
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new(t.start).strong()).clicked() {
                    actions.push(Action::StartGame);
                }
                if ui.button(t.close).clicked() {
                    actions.push(Action::CloseNewGame);
                }
            });
            ui.separator();
            game_choice_ui(t, draft, ui);
            ui.separator();
            if let Some((tag, deepest)) = table_game(draft) {
                if let Some(rules) = crate::i18n::grid::rules(t.grid, tag) {
                    ui.add(egui::Label::new(RichText::new(rules).weak()).wrap());
                    ui.separator();
                }
                players_ui(t, draft, ui, Some(deepest), actions);
            } else {
                board_ui(t, draft, ui);
                advantage_ui(t, draft, ui);
                ui.separator();
                players_ui(t, draft, ui, None, actions);
            }
            ui.separator();
            ui.checkbox(&mut draft.alternate_starts, t.alternate_starts)
                .on_hover_text(t.alternate_note);
        });
}

/// The deepest a table game's computer may be set to search: the game's longest game
/// (tic-tac-toe's 9 plies), at most 20 (its time limit stops it sooner on a large
/// board).
const TABLE_MAX_DEPTH: u32 = 20;

/// Which game to start: queens, then every other game of the games table with a grid,
/// once per board size its rules take.
fn game_choice_ui(t: &Texts, draft: &mut GameSetup, ui: &mut egui::Ui) {
    setting_ui(ui, t.table.game, |ui| {
        let queens = draft.table.table_setup().is_none();
        let name = crate::i18n::grid::game_name(t.grid, queens_engines::games::table::DEFAULT_TAG);
        if ui.radio(queens, name).clicked() {
            draft.table.table = None;
        }
        for (setup, label) in table_choices(t) {
            let chosen = draft.table.table.as_deref() == Some(setup.as_str());
            if ui.radio(chosen, label).clicked() {
                draft.table.table = Some(setup);
            }
        }
    });
}

/// The tag of the table game chosen, if the choice is one, and the deepest its
/// computers may search (see [`TABLE_MAX_DEPTH`]).
fn table_game(draft: &GameSetup) -> Option<(&'static str, u32)> {
    let text = draft.table.table_setup()?;
    let game = queens_engines::games::game_string::read(text).ok()?;
    Some((game.tag(), game.plies_left().clamp(1, TABLE_MAX_DEPTH)))
}

/// The New game list's rows for the games of the table the window plays through the
/// seam: each game's start, and where its setup takes `size=`, one row per size its
/// rules accept (tried from 3 to 12: Othello's 6 and 8). Each row is its setup's game
/// string and its label ("Othello 6x6").
pub(crate) fn table_choices(t: &Texts) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    for entry in queens_engines::games::table::GAMES {
        let Ok(start) = (entry.start)() else { continue };
        if entry.tag == queens_engines::games::table::DEFAULT_TAG || start.grid().is_none() {
            continue;
        }
        let name = crate::i18n::grid::game_name(t.grid, entry.tag);
        if !start.game_string().contains("size=") {
            rows.push((format!("game={}", entry.tag), name));
            continue;
        }
        for size in 3..=12u8 {
            let setup = format!("game={} size={size}", entry.tag);
            if queens_engines::games::game_string::read(&setup).is_ok() {
                rows.push((setup, format!("{name} {size}x{size}")));
            }
        }
    }
    rows
}

/// The board's proven first-move advantage, when the table of solved boards has it;
/// nothing otherwise (an estimate would be taken for a fact).
fn advantage_ui(t: &Texts, draft: &GameSetup, ui: &mut egui::Ui) {
    let Ok(board) = crate::session::seats::board_from_setup(draft) else {
        return;
    };
    if let Some(margin) = crate::session::known::first_move_advantage(&board) {
        let sentence = crate::session::known::advantage_sentence(t, margin);
        ui.add(egui::Label::new(RichText::new(sentence).weak()).wrap());
    }
}

/// A setting: its label beside the controls, or above them in a narrow panel. The
/// controls wrap.
fn setting_ui(ui: &mut egui::Ui, label: &str, add_contents: impl FnOnce(&mut egui::Ui)) {
    if ui.available_width() < NARROW {
        ui.label(label);
        ui.horizontal_wrapped(add_contents);
    } else {
        ui.horizontal_wrapped(|ui| {
            ui.label(label);
            add_contents(ui);
        });
    }
}

/// A slider as wide as the room left on its line, keeping room for its number field.
fn fitted_slider(ui: &mut egui::Ui, slider: egui::Slider<'_>) -> egui::Response {
    // In a wrapping row `available_width` is the whole row; the rest of this line is
    // what counts.
    let room = ui.available_size_before_wrap().x;
    ui.spacing_mut().slider_width = (room - 64.0).clamp(60.0, 240.0);
    ui.add(slider)
}

fn board_ui(t: &Texts, draft: &mut GameSetup, ui: &mut egui::Ui) {
    setting_ui(ui, t.board_size, |ui| {
        // A typed size counts once committed (Enter or leaving the field): typing "12"
        // would otherwise pass through size "1" (clamped to 3), whose few cells would cut
        // the stone count.
        fitted_slider(
            ui,
            egui::Slider::new(&mut draft.size, MIN_SIZE..=MAX_SIZE).update_while_editing(false),
        );
    });
    draft.stones = draft.stones.min(Board::max_stones(draft.size));
    setting_ui(ui, t.stones, |ui| {
        ui.selectable_value(&mut draft.stone_mode, StoneMode::Random, t.random_stones);
        // By hand starts from the random stones on show.
        if ui
            .selectable_label(draft.stone_mode == StoneMode::ByHand, t.stones_by_hand)
            .clicked()
        {
            hand_from_random(draft);
        }
    });
    match draft.stone_mode {
        StoneMode::Random => {
            setting_ui(ui, t.stone_count, |ui| {
                fitted_slider(
                    ui,
                    egui::Slider::new(&mut draft.stones, 0..=Board::max_stones(draft.size)),
                );
            });
            setting_ui(ui, t.seed, |ui| {
                ui.add(egui::DragValue::new(&mut draft.seed));
                if ui.button(t.reroll).clicked() {
                    draft.seed = reroll(draft.seed);
                }
            });
        }
        StoneMode::ByHand => {
            let placed = stones_from_setup(draft).len();
            let max = Board::max_stones(draft.size);
            ui.label(RichText::new(fill(t.hand_count, &[&placed, &max])).strong());
            ui.add(egui::Label::new(RichText::new(t.hand_help).weak()).wrap());
            if ui.button(t.clear_stones).clicked() {
                draft.hand_stones.clear();
            }
        }
    }
}

/// Who plays; `small` names the small game being set up (its computers are its own).
/// `small` is the deepest search of the small or table game's computers, for those
/// games (their computers are the thesis's minimax and alpha-beta).
fn players_ui(
    t: &Texts,
    draft: &mut GameSetup,
    ui: &mut egui::Ui,
    small: Option<u32>,
    actions: &mut Vec<Action>,
) {
    ui.label(RichText::new(t.mode).strong());
    for (mode, label) in Mode::ALL
        .into_iter()
        .zip([t.mode_hvc, t.mode_hvh, t.mode_cvc])
    {
        ui.radio_value(&mut draft.mode, mode, label);
    }
    match draft.mode {
        Mode::HumanVsComputer => {
            setting_ui(ui, t.first_player, |ui| {
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
            name_ui(ui, t.your_name, t.you, &mut draft.names[0]);
            let seat = if draft.human_first { 1 } else { 0 };
            ui.separator();
            ui.label(RichText::new(t.computer).strong());
            let engine = match small {
                Some(_) => &mut draft.table.engines[seat],
                None => &mut draft.engines[seat],
            };
            let mut computer = Computer::new(&mut draft.program, seat, small, actions);
            computer.ui(t, engine, ui, "engine");
        }
        Mode::HumanVsHuman => {
            for (index, name) in draft.names.iter_mut().enumerate() {
                let number = index + 1;
                let label = fill(t.player_name_n, &[&number]);
                name_ui(ui, &label, &fill(t.player_n, &[&number]), name);
            }
        }
        Mode::ComputerVsComputer if small.is_some() => {
            for (index, engine) in draft.table.engines.iter_mut().enumerate() {
                ui.separator();
                let title = fill(t.computer_n, &[&(index + 1)]);
                ui.label(RichText::new(title).strong());
                let id = if index == 0 { "engine1" } else { "engine2" };
                let mut computer = Computer::new(&mut draft.program, index, small, actions);
                computer.ui(t, engine, ui, id);
            }
            watch_speed_ui(t, draft, ui);
        }
        Mode::ComputerVsComputer => {
            // Their own engines: the human-vs-computer opponent stays as it was.
            let engines = draft
                .watch_engines
                .get_or_insert_with(|| draft.engines.clone());
            for (index, engine) in engines.iter_mut().enumerate() {
                ui.separator();
                let title = fill(t.computer_n, &[&(index + 1)]);
                ui.label(RichText::new(title).strong());
                let id = if index == 0 { "engine1" } else { "engine2" };
                let mut computer = Computer::new(&mut draft.program, index, None, actions);
                computer.ui(t, engine, ui, id);
            }
            watch_speed_ui(t, draft, ui);
        }
    }
}

fn watch_speed_ui(t: &Texts, draft: &mut GameSetup, ui: &mut egui::Ui) {
    ui.separator();
    setting_ui(ui, t.watch_speed, |ui| {
        for (delay, label) in SPEEDS_MS.into_iter().zip(t.speeds) {
            ui.selectable_value(&mut draft.watch_delay_ms, delay, label);
        }
    });
}

/// A table game's computer: the lectures' minimax or alpha-beta, a depth up to the
/// game's (`deepest`) and a time limit.
fn table_engine_ui(t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str, deepest: u32) {
    if !SMALL_ENGINES.contains(&engine.engine) {
        engine.engine = EngineKind::ALPHABETA;
    }
    setting_ui(ui, t.algorithm, |ui| {
        for choice in SMALL_ENGINES {
            ui.radio_value(&mut engine.engine, choice, t.engine_label(choice));
        }
    });
    limits_ui(t, engine, ui, id, deepest);
    ui.add(egui::Label::new(RichText::new(t.table.computer_note).weak()).wrap());
}

/// A computer's depth (up to `deepest`) and time limit: our engine's, or what an engine
/// program is asked (`go depth` and `movetime`).
fn limits_ui(t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str, deepest: u32) {
    engine.depth = engine.depth.clamp(1, deepest);
    setting_ui(ui, t.depth, |ui| {
        ui.push_id((id, "depth"), |ui| {
            fitted_slider(ui, egui::Slider::new(&mut engine.depth, 1..=deepest));
        });
    });
    let mut seconds = engine.time_ms as f64 / 1000.0;
    setting_ui(ui, t.time_limit, |ui| {
        ui.push_id((id, "time"), |ui| {
            fitted_slider(
                ui,
                egui::Slider::new(&mut seconds, 0.1..=60.0).logarithmic(true),
            );
        });
    });
    engine.time_ms = (seconds * 1000.0).round() as u64;
}

/// The deepest a queens computer may be set to search in the window.
const QUEENS_MAX_DEPTH: u32 = 30;

/// A computer seat of New game: played by our engine (its settings) or by an engine
/// program (its command, remembered for the next time, and a file to choose).
struct Computer<'a> {
    /// The command last typed or chosen ([`GameSetup::program`]).
    remembered: &'a mut String,
    /// P1 (0) or P2 (1), for the file dialog's answer.
    seat: usize,
    /// The table game's deepest search, or `None` for queens.
    table_depth: Option<u32>,
    actions: &'a mut Vec<Action>,
}

impl<'a> Computer<'a> {
    fn new(
        remembered: &'a mut String,
        seat: usize,
        table_depth: Option<u32>,
        actions: &'a mut Vec<Action>,
    ) -> Self {
        Computer {
            remembered,
            seat,
            table_depth,
            actions,
        }
    }

    fn ui(&mut self, t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str) {
        self.played_by_ui(t, engine, ui, id);
        if engine.program.is_some() {
            self.program_ui(t, engine, ui, id);
            return;
        }
        match self.table_depth {
            Some(deepest) => table_engine_ui(t, engine, ui, id, deepest),
            None => engine_ui(t, engine, ui, id),
        }
    }

    /// Built-in engine or an engine program; in a browser the program is offered
    /// greyed, and why is said.
    fn played_by_ui(&mut self, t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str) {
        let p = t.program;
        let desktop = !cfg!(target_arch = "wasm32");
        setting_ui(ui, p.played_by, |ui| {
            ui.push_id((id, "played_by"), |ui| {
                if ui.radio(engine.program.is_none(), p.our_engine).clicked() {
                    engine.program = None;
                }
                let program = egui::RadioButton::new(engine.program.is_some(), p.engine_program);
                let response = ui
                    .add_enabled(desktop, program)
                    .on_disabled_hover_text(p.browser_note);
                if response.clicked() && engine.program.is_none() {
                    engine.program = Some(self.remembered.clone());
                }
            });
        });
        if !desktop {
            ui.add(egui::Label::new(RichText::new(p.browser_note).weak()).wrap());
        }
    }

    /// The program's command (typed, or from Choose a file…), then what it is asked.
    fn program_ui(&mut self, t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str) {
        let p = t.program;
        let command = engine.program.get_or_insert_with(String::new);
        setting_ui(ui, p.command, |ui| {
            let field = egui::TextEdit::singleline(command)
                .hint_text(p.command_hint)
                .desired_width(ui.available_width().min(320.0));
            let response = ui.push_id((id, "command"), |ui| ui.add(field)).inner;
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, p.command));
            if response.changed() {
                self.remembered.clone_from(command);
            }
            if ui.button(p.choose_file).clicked() {
                self.actions.push(Action::ChooseProgram(self.seat));
            }
        });
        if command.trim().is_empty() {
            ui.label(RichText::new(p.no_command).color(ui.visuals().warn_fg_color));
        }
        limits_ui(
            t,
            engine,
            ui,
            id,
            self.table_depth.unwrap_or(QUEENS_MAX_DEPTH),
        );
        ui.add(egui::Label::new(RichText::new(p.note).weak()).wrap());
    }
}

/// A name field labelled `label`, showing `default` while empty. The name is cut to
/// [`MAX_NAME_CHARS`] as it is typed.
fn name_ui(ui: &mut egui::Ui, label: &str, default: &str, name: &mut String) {
    setting_ui(ui, label, |ui| {
        let response = ui.add(
            egui::TextEdit::singleline(name)
                .hint_text(default)
                .char_limit(MAX_NAME_CHARS)
                .desired_width(ui.available_width().min(200.0)),
        );
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
    });
}

fn engine_ui(t: &Texts, engine: &mut EngineSetup, ui: &mut egui::Ui, id: &str) {
    let preset = engine.preset();
    let preset_name = |p: Preset| t.presets[Preset::ALL.iter().position(|q| *q == p).unwrap_or(0)];
    setting_ui(ui, t.level, |ui| {
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
    // The engines of the registry, in its order, by their translated labels.
    setting_ui(ui, t.algorithm, |ui| {
        egui::ComboBox::from_id_salt((id, "engine"))
            .selected_text(t.engine_label(engine.engine))
            .show_ui(ui, |ui| {
                for kind in EngineKind::all() {
                    ui.selectable_value(&mut engine.engine, kind, t.engine_label(kind));
                }
            });
    });
    limits_ui(t, engine, ui, id, QUEENS_MAX_DEPTH);
}
