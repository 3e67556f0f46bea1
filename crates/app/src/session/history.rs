//! The History window's contents and the Excel export of the history, each loaded or
//! written on a background job so a large history, a slow disk or a FIFO never freezes
//! the window.

use super::messages::Message;
use crate::i18n::FileProblem;
use crate::jobs::job::{Job, Polled};
use eframe::egui;
use queens_store::{ExportError, ExportOptions, HistoryEntry, Loaded, WorkbookWriter};
use std::path::{Path, PathBuf};

/// What an export thread reports: the file and the game count, or the store's message.
type ExportResult = Result<(PathBuf, usize), FileProblem>;

/// What a history-loading thread reports: the entries, the skipped files' messages and
/// the players' records.
type HistoryResult = (
    Vec<HistoryEntry>,
    Vec<FileProblem>,
    (Vec<queens_store::PlayerRecord>, RecordSides),
);

/// The side and game behind each record label that is not a typed name ("human",
/// "alphabeta depth 9, 5000 ms (dodgem)"): the window words those its own way.
pub(crate) type RecordSides =
    std::collections::HashMap<String, (queens_store::Side, queens_store::GameKind)>;

/// The [`RecordSides`] of `entries`' players who gave no name.
pub(crate) fn record_sides(entries: &[HistoryEntry]) -> RecordSides {
    let mut sides = RecordSides::new();
    for entry in entries {
        for seat in [queens_board::Player::One, queens_board::Player::Two] {
            let side = &entry.game.settings.players[seat.index()];
            let label = queens_store::player_label(&entry.game, seat);
            // A small game's label carries the game's name (issue 32.12: a Dodgem
            // opponent was shown in English in the Vietnamese window).
            if label == entry.game.kind.qualify(side.to_string()) {
                sides
                    .entry(label)
                    .or_insert_with(|| (side.clone(), entry.game.kind));
            }
        }
    }
    sides
}

/// The History window's contents, loaded on a background thread when it opens.
pub(crate) struct HistoryView {
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
    /// Show only games of this game.
    pub game: Option<queens_store::GameKind>,
    /// Each player's record against each opponent, over every game loaded (the
    /// workbook's Players sheet has the same numbers: both come from
    /// [`queens_store::Records`]).
    pub records: Vec<queens_store::PlayerRecord>,
    /// The side behind each record's player that gave no name (the store names them
    /// "human", "alphabeta depth 4, 1000 ms"): the window words them its own way.
    pub record_sides: RecordSides,
}

/// What the window adds to an export of the history: what it has measured, and the
/// sheet names in its language.
#[derive(Clone, Debug, Default)]
pub(crate) struct ExtraSheets {
    /// The history sheets' names (Matches, Moves, Summary, Players in English).
    pub names: queens_store::SheetNames,
    /// The Table 2.4 window's last table ("Table 2.4" sheet).
    pub table24: Option<queens_engines::analysis::Table24>,
    /// The analysis of the game on screen ("Analysis 1" sheet).
    pub analysis: Option<queens_engines::analysis::Analysis>,
}

/// The history workbook (as [`queens_store::export_workbook`] writes it) plus a sheet
/// for each of `extra`.
fn write_workbook(
    entries: &[HistoryEntry],
    extra: &ExtraSheets,
    path: &Path,
) -> Result<(), ExportError> {
    let mut writer = WorkbookWriter::new(ExportOptions {
        sheet_names: extra.names,
        ..ExportOptions::default()
    });
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

impl HistoryView {
    /// Starts loading the history of the saves folder `dir` on a background job (a
    /// large history, a slow disk or a FIFO must not freeze the window), keeping the
    /// filters of `before` (the view it replaces, if any).
    pub(crate) fn load(
        dir: &Path,
        ctx: &egui::Context,
        before: Option<HistoryView>,
    ) -> HistoryView {
        let dir = dir.to_path_buf();
        let repaint = ctx.clone();
        let job = Job::spawn(
            "history",
            move || repaint.request_repaint(),
            move |_| {
                let (entries, bad) = read_history(&dir);
                let skipped = bad.into_iter().map(|(_, error)| error.into()).collect();
                let mut records = queens_store::Records::default();
                for entry in &entries {
                    records.add(&entry.game);
                }
                let sides = record_sides(&entries);
                (entries, skipped, (records.records(), sides))
            },
        );
        let (size, player, game) = before.map_or((None, String::new(), None), |old| {
            (old.size, old.player, old.game)
        });
        HistoryView {
            loading: Some(job),
            entries: Vec::new(),
            skipped: Vec::new(),
            size,
            game,
            player,
            records: Vec::new(),
            record_sides: RecordSides::new(),
        }
    }

    /// Takes the history when its loading job answers.
    pub(crate) fn poll(&mut self) {
        let Some(job) = &mut self.loading else {
            return;
        };
        match job.poll() {
            Polled::Running => {}
            Polled::Lost => self.loading = None,
            Polled::Done((entries, skipped, (records, sides))) => {
                self.entries = entries;
                self.skipped = skipped;
                self.records = records;
                self.record_sides = sides;
                self.loading = None;
            }
        }
    }

    /// The game at `index`, replayed, with its id.
    pub(crate) fn game(&self, index: usize) -> Option<Result<(Loaded, String), Message>> {
        let entry = self.entries.get(index)?;
        let (id, saved) = (entry.id.clone(), entry.game.clone());
        Some(match Loaded::replay(saved) {
            Ok(loaded) => Ok((loaded, id)),
            Err(error) => Err(Message::OpenFailed(FileProblem::HistoryGame(id, error))),
        })
    }
}

/// The history written to a workbook on a background job (reading and replaying every
/// history file can take a moment).
pub(crate) struct ExportJob(Job<(), ExportResult>);

impl ExportJob {
    /// Starts writing the history of `dir` to `path`, with the window's measured results
    /// (`extra`) as sheets of their own.
    pub(crate) fn start(
        ctx: &egui::Context,
        dir: &Path,
        path: PathBuf,
        extra: ExtraSheets,
    ) -> ExportJob {
        let dir = dir.to_path_buf();
        let repaint = ctx.clone();
        ExportJob(Job::spawn(
            "export",
            move || repaint.request_repaint(),
            move |_| {
                let (entries, _skipped) = read_history(&dir);
                write_workbook(&entries, &extra, &path)
                    .map(|()| (path, entries.len()))
                    .map_err(FileProblem::from)
            },
        ))
    }

    /// The status line once the export has finished (`None` while it runs).
    pub(crate) fn poll(&mut self) -> Option<Message> {
        let result = match self.0.poll() {
            Polled::Running => return None,
            Polled::Lost => Err(FileProblem::ExportStopped),
            Polled::Done(result) => result,
        };
        Some(match result {
            Ok((path, count)) => Message::Exported(path, count),
            Err(error) => Message::ExportFailed(error),
        })
    }
}

/// The history of the saves folder `dir` (in a browser: of the page's storage).
fn read_history(dir: &Path) -> (Vec<HistoryEntry>, Vec<(PathBuf, queens_store::StoreError)>) {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = dir;
        queens_store::browser::load_history()
    }
    #[cfg(not(target_arch = "wasm32"))]
    queens_store::load_history(dir)
}
