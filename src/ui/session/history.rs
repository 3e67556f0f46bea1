//! The History window's contents and the Excel export of the history, each loaded or
//! written on a background job so a large history, a slow disk or a FIFO never freezes
//! the window.

use super::messages::Message;
use super::saving::Files;
use crate::store::{
    ExportError, ExportOptions, HistoryEntry, LoadedGame, WorkbookWriter, load_history,
};
use crate::ui::i18n::FileProblem;
use crate::ui::jobs::job::{Job, Polled};
use eframe::egui;
use std::path::{Path, PathBuf};

/// What an export thread reports: the file and the game count, or the store's message.
pub(super) type ExportResult = Result<(PathBuf, usize), FileProblem>;

/// What a history-loading thread reports: the entries and the skipped files' messages.
type HistoryResult = (Vec<HistoryEntry>, Vec<FileProblem>);

/// The History window's contents, loaded on a background thread when it opens.
pub struct HistoryView {
    /// The load under way (the window shows "Loading…" until it answers).
    pub loading: Option<Job<(), HistoryResult>>,
    /// The finished games, oldest first.
    pub entries: Vec<HistoryEntry>,
    /// Files that could not be loaded, with the store's message.
    pub skipped: Vec<FileProblem>,
    /// Show only this board size.
    pub size: Option<u8>,
    /// Show only games where a player's description contains this.
    pub player: String,
}

/// What the window has measured that goes into an export beside the history.
#[derive(Clone, Debug, Default)]
pub struct ExtraSheets {
    /// The Table 2.4 window's last table ("Table 2.4" sheet).
    pub table24: Option<crate::analysis::Table24>,
    /// The analysis of the game on screen ("Analysis 1" sheet).
    pub analysis: Option<crate::analysis::Analysis>,
}

/// The history workbook (as [`crate::store::export_workbook`] writes it) plus a sheet
/// for each of `extra`.
fn write_workbook(
    entries: &[HistoryEntry],
    extra: &ExtraSheets,
    path: &Path,
) -> Result<(), ExportError> {
    let mut writer = WorkbookWriter::new(ExportOptions::default());
    for entry in entries {
        writer.add(entry)?;
    }
    if let Some(analysis) = &extra.analysis {
        writer.add_analysis(analysis)?;
    }
    if let Some(table) = &extra.table24 {
        writer.add_table24(table)?;
    }
    writer.finish(path).map(|_| ())
}

impl Files {
    /// The game of the History window at `index`, replayed, with its id.
    pub fn history_game(&self, index: usize) -> Option<Result<(LoadedGame, String), Message>> {
        let entry = self.history.as_ref()?.entries.get(index)?;
        let (id, saved) = (entry.id.clone(), entry.game.clone());
        Some(match saved.replay() {
            Ok(board) => Ok((LoadedGame { saved, board }, id)),
            Err(error) => Err(Message::OpenFailed(FileProblem::HistoryGame(
                id,
                crate::ui::i18n::with_causes(&error),
            ))),
        })
    }

    /// Opens the History window and loads the history of the saves folder on a
    /// background thread (a large history, a slow disk or a FIFO must not freeze the
    /// window); the filters typed before are kept.
    pub fn show_history(&mut self, ctx: &egui::Context) {
        let dir = self.dir.clone();
        let repaint = ctx.clone();
        let job = Job::spawn(
            "history",
            move || repaint.request_repaint(),
            move |_| {
                let (entries, bad) = load_history(&dir);
                let skipped = bad.into_iter().map(|(_, error)| error.into()).collect();
                (entries, skipped)
            },
        );
        let (size, player) = self
            .history
            .take()
            .map_or((None, String::new()), |old| (old.size, old.player));
        self.history = Some(HistoryView {
            loading: Some(job),
            entries: Vec::new(),
            skipped: Vec::new(),
            size,
            player,
        });
    }

    /// Takes the history when its loading thread answers.
    pub fn poll_history(&mut self) {
        let Some(view) = self.history.as_mut() else {
            return;
        };
        let Some(job) = &mut view.loading else {
            return;
        };
        match job.poll() {
            Polled::Running => {}
            Polled::Lost => view.loading = None,
            Polled::Done((entries, skipped)) => {
                view.entries = entries;
                view.skipped = skipped;
                view.loading = None;
            }
        }
    }

    /// Writes the history to the workbook `path` on a background thread (reading and
    /// replaying every history file can take a moment), with the window's measured
    /// results (`extra`) as sheets of their own.
    pub fn start_export(
        &mut self,
        ctx: &egui::Context,
        path: PathBuf,
        extra: ExtraSheets,
    ) -> Message {
        let dir = self.dir.clone();
        let repaint = ctx.clone();
        let job = Job::spawn(
            "export",
            move || repaint.request_repaint(),
            move |_| {
                let (entries, _skipped) = load_history(&dir);
                write_workbook(&entries, &extra, &path)
                    .map(|()| (path, entries.len()))
                    .map_err(FileProblem::from)
            },
        );
        self.export = Some(job);
        Message::Exporting
    }

    /// A finished export's result, once.
    pub fn poll_export(&mut self) -> Option<Message> {
        let job = self.export.as_mut()?;
        let result = match job.poll() {
            Polled::Running => return None,
            Polled::Lost => Err(FileProblem::ExportStopped),
            Polled::Done(result) => result,
        };
        self.export = None;
        Some(match result {
            Ok((path, count)) => Message::Exported(path, count),
            Err(error) => Message::ExportFailed(error),
        })
    }
}
