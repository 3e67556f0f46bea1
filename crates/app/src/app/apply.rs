//! [`App::apply`]: every [`Action`] is carried out here, sorted by [`Action::group`]
//! into the shell's, the game's, the files' and the analysis's handling.

use super::action::{Group, ViewChoice, WindowChoice};
use super::{Action, App, ReviewStep};
use crate::jobs::dialogs::FileTask;
use crate::session::link::link_to;
use crate::session::messages::Message;
use crate::session::settings::StoneMode;
use eframe::egui;

impl App {
    /// Carries out `action`, as if the user had clicked it. While a question is open
    /// ([`App::asking`]) other actions (shortcuts, a click that got through) are refused,
    /// so nothing replaces or overwrites a game the player has not decided about; the
    /// shell's (`Action::is_shell`) replace nothing and are always carried out.
    pub fn apply(&mut self, ctx: &egui::Context, action: Action) {
        if self.asking() && !action.answers() && !action.is_shell() {
            if self.files.awaiting_choice() {
                self.message = Message::ChooseFirst;
            }
            return;
        }
        match action.group() {
            Group::Shell => self.apply_shell(ctx, action),
            Group::Play => self.apply_play(ctx, action),
            Group::Files => self.apply_files(ctx, action),
            Group::Analysis => self.apply_analysis(ctx, action),
        }
        // A game opened to be analysed is on screen now (or was refused, or is waiting
        // for the player's answer, which comes back here).
        if std::mem::take(&mut self.analysis.requested) {
            self.apply_analysis(ctx, Action::Analyse);
        }
    }

    /// The look, the windows, the mouse, quitting.
    fn apply_shell(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::SetView(choice) => self.set_view(choice),
            Action::ShowWindow(window) => {
                let windows = &mut self.windows;
                match window {
                    WindowChoice::Rules => windows.rules.open = true,
                    WindowChoice::Shortcuts => windows.shortcuts.open = true,
                    WindowChoice::About => windows.about.open = true,
                    WindowChoice::Table24 => windows.table24.open = !windows.table24.open,
                }
            }
            Action::Hovered(cell) => self.hovered = cell,
            Action::StopMoveValues => {
                if let Some(job) = &self.advice.values {
                    job.stop();
                }
            }
            Action::ToggleTreeLab => self.windows.tree_lab.open = !self.windows.tree_lab.open,
            Action::TogglePuzzles => self.windows.puzzles.open = !self.windows.puzzles.open,
            Action::PuzzleResult { puzzle, solved } => {
                let set = queens_engines::ai::puzzles::PuzzleSet::shipped();
                self.settings.puzzles.record(set, puzzle, solved);
            }
            Action::OpenInLab => self.open_in_lab(),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            _ => {}
        }
    }

    fn set_view(&mut self, choice: ViewChoice) {
        let settings = &mut self.settings;
        match choice {
            ViewChoice::Language(language) => settings.language = language,
            ViewChoice::Dark(dark) => settings.dark = dark,
            ViewChoice::Coordinates(on) => settings.show_coordinates = on,
            ViewChoice::Preview(on) => settings.show_preview = on,
            ViewChoice::HeatMap(on) => settings.heat_map = on,
        }
    }

    /// The game on screen: moves, the computer, review, resigning.
    fn apply_play(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.start_hint(ctx),
            Action::MoveNow => {
                if let Some(job) = &self.search.job {
                    job.request_stop();
                }
            }
            Action::CancelSearch => self.cancel_search(),
            Action::Resume => self.paused = false,
            Action::Review(ply) => self.review_at(ply),
            Action::BackToGame => self.review_at(self.current_ply()),
            Action::ReviewStep(step) => {
                let last = self.current_ply();
                let shown = self.review.unwrap_or(last);
                self.review_at(match step {
                    ReviewStep::First => 0,
                    ReviewStep::Back => shown.saturating_sub(1),
                    ReviewStep::Forward => shown + 1,
                    ReviewStep::Last => last,
                });
            }
            Action::Clicked(target) => self.clicked(target),
            Action::Resign => self.ask_resign(),
            Action::ConfirmResign(yes) => {
                self.asked.resign = false;
                if yes {
                    self.resign();
                }
            }
            Action::Pause => {
                self.stop_search();
                self.paused = true;
                self.message = Message::Paused;
            }
            Action::CloseSummary => self.summary_closed = Some(self.summary_key()),
            _ => {}
        }
    }

    /// Games coming and going: new, rematch, pasted, opened, saved, the history.
    fn apply_files(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::OpenNewGame => {
                self.new_game.draft = self.next_setup();
                self.new_game.open = true;
            }
            Action::CloseNewGame => self.new_game.open = false,
            Action::StartGame => self.start_game(),
            Action::Rematch => self.rematch(),
            Action::NewGameSameSettings => {
                let mut setup = self.next_setup();
                if setup.stone_mode == StoneMode::Random {
                    setup.seed = crate::session::settings::reroll(setup.seed);
                }
                self.start_from_setup(&setup);
            }
            Action::CopyPosition => {
                ctx.copy_text(self.game.game_string());
                self.message = Message::Copied;
            }
            Action::CopyLink => match self.link_page() {
                Some(page) => {
                    ctx.copy_text(link_to(&page, &self.game.game_string()));
                    self.message = Message::LinkCopied;
                }
                None => self.message = Message::NoWebPage,
            },
            Action::PastePosition if self.paste.text.trim().is_empty() => self.ask_clipboard(ctx),
            Action::PastePosition => self.paste_position(),
            Action::PasteText(text) => {
                self.paste.asked = None;
                self.paste.text = text;
                self.apply(ctx, Action::PastePosition);
            }
            Action::ConfirmReplace(choice) => self.confirm_replace(choice),
            Action::ContinueAutosave => self.continue_autosave(),
            Action::DiscardAutosave => self.discard_autosave(),
            Action::StayOnLink => self.stay_on_link(),
            Action::OpenHistoryEntry(index) => self.open_history_entry(index, false),
            Action::AnalyseHistoryEntry(index) => self.open_history_entry(index, true),
            other => self.apply_file_dialogs(ctx, other),
        }
    }

    /// Save, Open, Export, the History window and the saves folder.
    fn apply_file_dialogs(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Save => self.save(ctx),
            Action::SaveAs if self.refuse_unsavable() => {}
            Action::SaveAs => self.files.ask_path(ctx, FileTask::SaveAs),
            Action::Open => self.files.ask_path(ctx, FileTask::Open),
            Action::ExportHistory => self.files.ask_path(ctx, FileTask::Export),
            Action::ChooseProgram(seat) => self.files.ask_path(ctx, FileTask::Program(seat)),
            Action::PathChosen(task, path) => self.path_typed(ctx, task, path),
            Action::ReplaceFile(task, path) => self.path_chosen(ctx, task, path),
            Action::ClosePrompt => self.files.prompt = None,
            Action::ShowHistory => self.files.show_history(ctx),
            Action::CloseHistory => self.files.history = None,
            Action::SetSavesDir => self.set_saves_dir(ctx),
            _ => {}
        }
    }

    /// The analysis of the queens game on screen.
    fn apply_analysis(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Analyse | Action::ShowWorstMove(_) if !self.tools().analysis() => {
                // A game without the analysis (the History window does not offer it for
                // one; this is the guard behind that).
                self.message = Message::QueensOnly;
            }
            Action::Analyse => self.start_analysis(ctx),
            Action::CancelAnalysis => {
                if let Some(job) = &self.analysis.job {
                    job.cancel();
                }
            }
            Action::ShowWorstMove(ply) => {
                self.review_at(ply.saturating_sub(1));
                self.analysis.compared = Some(ply);
            }
            _ => {}
        }
    }
}
