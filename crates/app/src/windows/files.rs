//! The windows of the file side: the "Continue" question, the "replace the unfinished
//! game?" question, our own path field (when no file dialog exists) and the History
//! window ([`history`]). Each takes the texts and the file state it draws, and returns [`Action`]s.

use crate::app::action::{Action, ReplaceChoice};
use crate::i18n::{Texts, fill};
use crate::jobs::dialogs::FileTask;
use crate::session::saving::Files;
use eframe::egui::{self, RichText};
use queens_store::{Loaded, format_utc};

/// At start, over the whole window: an unfinished autosaved game, with Continue and
/// Discard. It is modal, so no click on the board or the menus can start another game
/// (which would overwrite the autosave) before the player has chosen. Beside a link's
/// game it is a window that blocks nothing (the link's game plays on: nothing writes the
/// autosave until the player moves there), with "Stay on the link" in place of Discard.
pub(crate) fn continue_modal_ui(
    t: &Texts,
    files: &Files,
    ctx: &egui::Context,
    actions: &mut Vec<Action>,
) {
    let Some(offer) = files.offer() else {
        return;
    };
    let text = match offer {
        Loaded::Queens(offer) => fill(t.continue_offer, &[&offer.board.size(), &offer.board.ply()]),
        Loaded::Table(offer) => fill(
            t.table.continue_offer,
            &[
                &crate::i18n::grid::game_name(t.grid, offer.game.tag()),
                &offer.game.moves().len(),
            ],
        ),
    };
    let beside = files.offered_beside_link();
    let contents = |ui: &mut egui::Ui, actions: &mut Vec<Action>| {
        ui.set_max_width(420.0);
        if !beside {
            ui.heading(t.continue_title);
        }
        ui.add(egui::Label::new(text.as_str()).wrap());
        if beside {
            ui.add(egui::Label::new(t.link_keeps_game).wrap());
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button(RichText::new(t.continue_game).strong()).clicked() {
                actions.push(Action::ContinueAutosave);
            }
            let (label, action) = if beside {
                (t.stay_on_link, Action::StayOnLink)
            } else {
                (t.discard, Action::DiscardAutosave)
            };
            if ui.button(label).clicked() {
                actions.push(action);
            }
        });
    };
    if beside {
        egui::Window::new(t.continue_title)
            .id(egui::Id::unique("continue_beside_link"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -36.0))
            .show(ctx, |ui| contents(ui, actions));
    } else {
        egui::Modal::new(egui::Id::unique("continue_offer")).show(ctx, |ui| contents(ui, actions));
    }
}

/// Before a new, opened, pasted or history game replaces an unfinished one: Save it
/// first, Discard it, or Cancel. Modal, like the autosave offer.
/// `moves` is the unfinished game's move count; nothing is shown without a question.
pub(crate) fn replace_modal_ui(
    t: &Texts,
    moves: Option<usize>,
    ctx: &egui::Context,
    actions: &mut Vec<Action>,
) {
    let Some(moves) = moves else {
        return;
    };
    let response = egui::Modal::new(egui::Id::unique("replace_game")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(t.replace_title);
        let text = fill(t.replace_body, &[&moves]);
        ui.add(egui::Label::new(text).wrap());
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let choices = [
                (t.save_first, ReplaceChoice::SaveFirst),
                (t.discard_it, ReplaceChoice::Discard),
                (t.cancel, ReplaceChoice::Cancel),
            ];
            for (label, choice) in choices {
                if ui.button(label).clicked() {
                    actions.push(Action::ConfirmReplace(choice));
                }
            }
        });
    });
    // Escape or a click beside the question keeps the game, like Cancel.
    if response.should_close() && actions.is_empty() {
        actions.push(Action::ConfirmReplace(ReplaceChoice::Cancel));
    }
}

/// The path field shown when no native dialog could be shown.
pub(crate) fn prompt_window_ui(
    t: &Texts,
    files: &mut Files,
    ctx: &egui::Context,
    actions: &mut Vec<Action>,
) {
    let Some(prompt) = files.prompt.as_mut() else {
        return;
    };
    let title = match prompt.task {
        FileTask::SaveAs => t.prompt_save,
        FileTask::Open => t.prompt_open,
        FileTask::Export => t.prompt_export,
        FileTask::Program(_) => t.program.prompt_title,
    };
    let mut open = true;
    egui::Window::new(title)
        .id(egui::Id::unique("path_prompt"))
        .open(&mut open)
        .collapsible(false)
        .default_width(480.0)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            if let Some(path) = prompt.replacing.clone() {
                replace_file_ui(t, prompt, &path, ui, actions);
                return;
            }
            ui.label(RichText::new(t.no_dialog).weak());
            ui.horizontal(|ui| {
                ui.label(t.file_path);
                let response = ui.add(
                    egui::TextEdit::singleline(&mut prompt.text)
                        .desired_width(f32::INFINITY)
                        .font(egui::TextStyle::Monospace),
                );
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, "file path")
                });
                // Enter confirms (issue 32.11): the field has the keyboard whenever
                // nothing else does, so a path picked from the list is typed there too.
                let nothing_focused = ui.memory(|memory| memory.focused().is_none());
                let entered = ui.input(|input| input.key_pressed(egui::Key::Enter));
                if entered
                    && (response.lost_focus() || nothing_focused)
                    && let Some(path) = prompt.path()
                {
                    actions.push(Action::PathChosen(prompt.task, path));
                } else if nothing_focused {
                    response.request_focus();
                }
            });
            if prompt.task == FileTask::Open {
                saves_list_ui(files.dir.as_path(), prompt, t, ui, actions);
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(prompt.path().is_some(), egui::Button::new(t.ok))
                    .clicked()
                    && let Some(path) = prompt.path()
                {
                    actions.push(Action::PathChosen(prompt.task, path));
                }
                if ui.button(t.cancel).clicked() {
                    actions.push(Action::ClosePrompt);
                }
            });
        });
    if !open {
        actions.push(Action::ClosePrompt);
    }
}

/// "Replace the file?" in the path field, for a Save as or an Export onto a file that
/// exists: Replace writes it, Cancel goes back to the field with the path still typed.
fn replace_file_ui(
    t: &Texts,
    prompt: &mut crate::jobs::dialogs::PathPrompt,
    path: &std::path::Path,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    ui.heading(t.file_exists_title);
    ui.add(egui::Label::new(fill(t.file_exists_body, &[&path.display()])).wrap());
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        if ui.button(t.replace_file).clicked() {
            actions.push(Action::ReplaceFile(prompt.task, path.to_path_buf()));
        }
        if ui.button(t.cancel).clicked() {
            prompt.replacing = None;
        }
    });
}

/// The saves of the folder, newest first. A click selects one (its path goes in the
/// field, for OK); a double click opens it. One click never opens and closes the window
/// at once, so a second click aimed at OK cannot land on the board.
fn saves_list_ui(
    dir: &std::path::Path,
    prompt: &mut crate::jobs::dialogs::PathPrompt,
    t: &crate::i18n::Texts,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    ui.label(fill(t.saves_in_folder, &[&dir.display()]));
    if prompt.saves.is_empty() {
        ui.label(RichText::new(t.no_saves).weak());
        return;
    }
    let chosen = prompt.path();
    egui::ScrollArea::vertical()
        .id_salt("saves_list")
        .max_height(220.0)
        .show(ui, |ui| {
            for item in &prompt.saves {
                let path = &item.path;
                let name: String = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                ui.horizontal(|ui| {
                    let selected = chosen.as_deref() == Some(path.as_path());
                    let response = ui.selectable_label(selected, name);
                    if response.double_clicked() {
                        actions.push(Action::PathChosen(FileTask::Open, path.clone()));
                    } else if response.clicked() {
                        prompt.text = path.display().to_string();
                    }
                    if let Some(time) = item.modified {
                        ui.label(RichText::new(format_utc(time)).weak().small());
                    }
                });
            }
        });
}

mod history;
pub(crate) use history::history_window_ui;

#[cfg(test)]
mod tests;
