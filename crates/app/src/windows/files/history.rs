//! The History window: the saves folder, the filters, the finished games (newest first,
//! each with its players, result and settings) and the files that could not be read.

use crate::app::action::Action;
use crate::i18n::names::seat_names;
use crate::i18n::names::seat_summary;
use crate::i18n::{Texts, fill};
use crate::session::saving::Files;
use crate::session::seats::seat_from_side;
use eframe::egui::{self, RichText};
use queens_board::{MAX_SIZE, MIN_SIZE};
use queens_store::{GameKind, HistoryEntry, HistoryFilter, Side, Winner, format_utc};

/// The History window: the saves folder, filters, the games and the skipped files.
pub(crate) fn history_window_ui(
    t: &Texts,
    files: &mut Files,
    ctx: &egui::Context,
    actions: &mut Vec<Action>,
) {
    if files.history.is_none() {
        return;
    }
    let mut open = true;
    // Never wider or taller than the window (640x480 included); the list scrolls.
    let room = super::super::room(ctx);
    let window = egui::Window::new(t.history_title)
        .id(egui::Id::unique("history_window"))
        .open(&mut open)
        .collapsible(false);
    // Wide enough for every column of two computers' games (their names and settings)
    // where the screen has room: 720 hid the Winner column at 1920x1080 (issue 19.13),
    // and so did a size remembered from a small screen (32.13); a smaller screen
    // scrolls the list sideways.
    super::super::fitted(window, ctx, egui::vec2(1100.0, 600.0_f32.min(room.y))).show(ctx, |ui| {
        folder_ui(t, &mut files.folder_text, ui, actions);
        let Some(view) = files.history.as_mut() else {
            return;
        };
        filters_ui(view, t, ui);
        ui.separator();
        if view.loading.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t.history_loading);
            });
            return;
        }
        let shown: Vec<(usize, &HistoryEntry)> = view
            .entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| view.game.is_none_or(|kind| entry.game.kind == kind))
            .filter(|(_, entry)| shown_in_history(entry, view.size, &view.player, t))
            .collect();
        ui.label(fill(t.games_shown, &[&shown.len(), &view.entries.len()]));
        if view.entries.is_empty() {
            ui.label(RichText::new(t.no_history).weak());
        } else {
            entries_ui(&shown, t, ui, actions);
            records_ui(view, t, ui);
        }
        if !view.skipped.is_empty() {
            ui.separator();
            let colour = ui.visuals().error_fg_color;
            ui.label(RichText::new(fill(t.skipped, &[&view.skipped.len()])).color(colour));
            for problem in view.skipped.iter().take(5) {
                let message = t.file_problem(problem);
                ui.add(egui::Label::new(RichText::new(message).small().color(colour)).wrap());
            }
        }
    });
    if !open {
        actions.push(Action::CloseHistory);
    }
}

/// Where the history is read from: the saves folder, its field, Use this folder and
/// Refresh; in a browser, that the site's storage keeps the games.
fn folder_ui(t: &Texts, folder_text: &mut String, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        // A browser keeps the games in the site's storage: no folder to name.
        if super::super::DOWNLOADS {
            ui.label(t.browser_keeps_games);
            if ui.button(t.refresh).clicked() {
                actions.push(Action::ShowHistory);
            }
            return;
        }
        ui.label(t.saves_folder);
        let response = ui.add(
            egui::TextEdit::singleline(folder_text)
                .desired_width(320.0_f32.min(ui.available_width() - 100.0).max(120.0))
                .font(egui::TextStyle::Monospace),
        );
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "saves folder"));
        if ui.button(t.use_folder).clicked() {
            actions.push(Action::SetSavesDir);
        }
        if ui.button(t.refresh).clicked() {
            actions.push(Action::ShowHistory);
        }
    });
}

fn filters_ui(
    view: &mut crate::session::history::HistoryView,
    t: &crate::i18n::Texts,
    ui: &mut egui::Ui,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(t.table.game);
        let selected = view.game.map_or(t.any_size, |kind| {
            crate::i18n::grid::kind_name(t.grid, kind)
        });
        egui::ComboBox::from_id_salt("history_game")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.game, None, t.any_size);
                for kind in GameKind::all() {
                    ui.selectable_value(
                        &mut view.game,
                        Some(kind),
                        crate::i18n::grid::kind_name(t.grid, kind),
                    );
                }
            });
        ui.label(t.board_size);
        let selected = view
            .size
            .map_or_else(|| t.any_size.to_string(), |n| format!("{n}x{n}"));
        egui::ComboBox::from_id_salt("history_size")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.size, None, t.any_size);
                for n in MIN_SIZE..=MAX_SIZE {
                    ui.selectable_value(&mut view.size, Some(n), format!("{n}x{n}"));
                }
            });
        ui.label(t.filter_player);
        let response = ui.add(egui::TextEdit::singleline(&mut view.player).desired_width(160.0));
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::TextInput, true, "player filter")
        });
    });
}

fn entries_ui(
    shown: &[(usize, &HistoryEntry)],
    t: &crate::i18n::Texts,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    // Both ways: in a small window the columns scroll sideways, the Open buttons first so
    // they are always in view.
    // Room is left under the list for the players' records.
    egui::ScrollArea::both()
        .id_salt("history_list")
        .max_height((ui.available_height() * 0.55).clamp(100.0, 320.0))
        .show(ui, |ui| {
            // One line per cell: the list scrolls sideways rather than wrapping names.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            egui::Grid::new("history_grid")
                .num_columns(7)
                .striped(true)
                .show(ui, |ui| {
                    for header in [
                        "",
                        t.col_date,
                        t.table.game,
                        &fill(t.player_n, &[&1]),
                        &fill(t.player_n, &[&2]),
                        t.score,
                        t.col_winner,
                    ] {
                        ui.label(RichText::new(header).strong().small());
                    }
                    ui.end_row();
                    // Newest first.
                    for (index, entry) in shown.iter().rev() {
                        entry_row_ui(*index, entry, t, ui, actions);
                        ui.end_row();
                    }
                });
        });
}

/// One game's row of the History list: Open and Analyse, the date, the game, the two
/// players (a computer's settings in small print), the score and the winner.
fn entry_row_ui(
    index: usize,
    entry: &HistoryEntry,
    t: &crate::i18n::Texts,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    let game = &entry.game;
    ui.horizontal(|ui| {
        if ui.button(t.open_entry).clicked() {
            actions.push(Action::OpenHistoryEntry(index));
        }
        // Every game with the analysis (an exact solver), from its
        // row of the games table.
        let analysable = queens_engines::games::table::by_tag(entry.game.kind.name())
            .is_some_and(|row| row.tools.analysis());
        if ui
            .add_enabled(analysable, egui::Button::new(t.analyse_entry))
            .clicked()
        {
            actions.push(Action::AnalyseHistoryEntry(index));
        }
    });
    ui.label(format_utc(game.sort_time()));
    // A queens game by its board, a small one by its name; a game
    // from a pasted or linked position says how much was played here.
    ui.vertical(|ui| {
        ui.label(match game.kind {
            GameKind::Queens => format!("{0}x{0}", game.settings.size),
            kind => crate::i18n::grid::kind_name(t.grid, kind).to_string(),
        });
        if let Some(here) = game.moves_played_here() {
            ui.label(
                RichText::new(fill(t.from_position, &[&here]))
                    .small()
                    .weak(),
            );
        }
    });
    // Look (issue 8): names ("You", "Computer (Medium)", or typed),
    // a computer's settings second in small print.
    let names = history_names(t, entry);
    for (side, name) in game.settings.players.iter().zip(&names) {
        ui.vertical(|ui| {
            ui.label(name);
            if side.engine().is_some() {
                ui.label(RichText::new(side_summary(t, side)).small().weak());
            }
        });
    }
    ui.label(history_score(t, game));
    let winner = match game.result.map(|r| r.winner) {
        Some(Winner::P1) => names[0].clone(),
        Some(Winner::P2) => names[1].clone(),
        _ => t.draw_short.to_string(),
    };
    ui.label(match game.resigned() {
        Some(_) => format!("{winner} {}", t.by_resignation),
        None => winner,
    });
}

/// A history game's score, P1 first; a game that keeps none (tic-tac-toe: its
/// `GameWords::score` is `None`) says so rather than "0 : 0".
fn history_score(t: &Texts, game: &queens_store::SavedGame) -> String {
    let keeps_score = match game.kind {
        GameKind::Queens => true,
        kind => crate::i18n::grid::words(t.grid, kind.name())
            .score
            .is_some(),
    };
    if keeps_score {
        format!("{} : {}", game.score[0], game.score[1])
    } else {
        t.no_score.to_string()
    }
}

/// Each player's wins, draws, losses and average margin against each opponent, folded
/// under a heading (issue 19.16); each row's accessible name says it all in one line.
fn records_ui(view: &crate::session::history::HistoryView, t: &Texts, ui: &mut egui::Ui) {
    egui::CollapsingHeader::new(t.records_title)
        .default_open(true)
        .show(ui, |ui| {
            egui::ScrollArea::both()
                .id_salt("history_records")
                .max_height(200.0_f32.min(ui.available_height()).max(80.0))
                .show(ui, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    egui::Grid::new("history_records_grid")
                        .striped(true)
                        .show(ui, |ui| {
                            for header in t.records_columns {
                                ui.label(RichText::new(header).strong().small());
                            }
                            ui.end_row();
                            for record in &view.records {
                                let named =
                                    |label: &str| record_label(t, label, &view.record_sides);
                                let names = [named(&record.player), named(&record.opponent)];
                                record_row_ui(record, &names, t, ui);
                            }
                        });
                });
        });
}

/// A record's player as the window names it: a typed name as written, else its side in
/// the window's words, followed by the name of its game (if not queens) in this
/// language.
pub(crate) fn record_label(
    t: &Texts,
    label: &str,
    sides: &crate::session::history::RecordSides,
) -> String {
    match sides.get(label) {
        Some((side, queens_store::GameKind::Queens)) => record_name(t, side),
        Some((side, kind)) => format!(
            "{} ({})",
            record_name(t, side),
            crate::i18n::grid::kind_name(t.grid, *kind)
        ),
        None => label.to_string(),
    }
}

/// A record's player who gave no name, in the window's words: "You" for a person (as
/// the games above say), a computer by its settings (the same in both seats).
fn record_name(t: &Texts, side: &Side) -> String {
    match side {
        Side::Human => t.you.to_string(),
        _ => side_summary(t, side),
    }
}

/// One record's row; `names` are its player's and opponent's as shown.
fn record_row_ui(
    record: &queens_store::PlayerRecord,
    names: &[String; 2],
    t: &Texts,
    ui: &mut egui::Ui,
) {
    let margin = format!("{:+.1}", record.average_margin());
    let cells = [
        names[0].clone(),
        names[1].clone(),
        record.games().to_string(),
        record.wins.to_string(),
        record.draws.to_string(),
        record.losses.to_string(),
        margin.clone(),
    ];
    let mut rect: Option<egui::Rect> = None;
    for text in cells {
        let cell = ui.label(text).rect;
        rect = Some(rect.map_or(cell, |r| r.union(cell)));
    }
    if let Some(rect) = rect {
        let summary = fill(
            t.record_line,
            &[
                &names[0],
                &names[1],
                &record.wins,
                &record.draws,
                &record.losses,
                &margin,
            ],
        );
        let id = ui
            .scope_id()
            .with(("record", &record.player, &record.opponent));
        ui.interact(rect, id, egui::Sense::hover())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Row, true, &summary));
    }
    ui.end_row();
}

/// A side as the History window shows it: like the status panel, but a computer saved
/// without a time limit (by the CLI) says so.
pub(super) fn side_summary(t: &Texts, side: &Side) -> String {
    match side.engine() {
        Some(engine) if engine.time_ms.is_none() => {
            // A name this version does not know is shown as written.
            let algorithm = engine
                .engine()
                .map_or(engine.algorithm.as_str(), |kind| t.engine_label(kind));
            fill(t.engine_no_limit, &[&algorithm, &engine.depth])
        }
        // A finished game is only shown: an unknown engine's stand-in needs no warning.
        _ => seat_summary(t, &seat_from_side(side).0),
    }
}

/// The names of a history game's players as the window shows them.
pub(super) fn history_names(t: &Texts, entry: &HistoryEntry) -> [String; 2] {
    let seats = entry
        .game
        .settings
        .players
        .clone()
        .map(|side| seat_from_side(&side).0);
    seat_names(t, &seats, &entry.game.names)
}

/// Whether an entry passes the History window's filters: the board size, and a player
/// text found in a side's description as shown or as the store writes it
/// (`alphabeta depth 4`), ignoring case.
pub(super) fn shown_in_history(
    entry: &HistoryEntry,
    size: Option<u8>,
    player: &str,
    t: &Texts,
) -> bool {
    let by_size = HistoryFilter {
        size,
        ..HistoryFilter::default()
    };
    let needle = player.trim().to_lowercase();
    by_size.matches(entry)
        && (needle.is_empty()
            || entry.game.settings.players.iter().any(|side| {
                side.to_string().to_lowercase().contains(&needle)
                    || side_summary(t, side).to_lowercase().contains(&needle)
            })
            || history_names(t, entry)
                .iter()
                .any(|name| name.to_lowercase().contains(&needle)))
}
