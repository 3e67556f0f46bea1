//! Where the window's files are: the About window's "where your files are" with an
//! "Open saves folder" button, and the one-time offer to copy the `saves/` folder an
//! older version left in the current folder into the data folder used now.

use crate::i18n::{Texts, fill};
use crate::jobs::job::{Job, Polled};
use eframe::egui;
#[cfg(not(target_arch = "wasm32"))]
use queens_store::location::{APP_ID, ignored_variables};
use queens_store::location::{ImportReport, SavesSource, import_saves};
use std::path::{Path, PathBuf};

/// The offer to copy an older version's saves, from its question to its answer.
#[derive(Debug)]
pub(crate) struct OldSavesOffer {
    /// The older version's folder (`saves` in the current folder).
    pub from: PathBuf,
    /// What the copy is doing.
    pub state: OfferState,
}

/// Where an [`OldSavesOffer`] is.
#[derive(Debug)]
pub(crate) enum OfferState {
    /// Asked, not answered.
    Asking,
    /// Copying on a background thread (a history can hold thousands of games).
    Copying(Job<(), Result<ImportReport, String>>),
    /// Done: what was copied, or why nothing could be.
    Done(Result<ImportReport, String>),
}

/// What the user answered this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OfferAnswer {
    /// Nothing yet.
    None,
    /// Copy the files (the offer is not made again for this folder).
    Copy,
    /// Do not copy (the offer is not made again for this folder).
    Decline,
    /// The result was read and the window closed.
    Closed,
}

impl OldSavesOffer {
    /// An offer for the folder `from`.
    pub(crate) fn new(from: PathBuf) -> OldSavesOffer {
        OldSavesOffer {
            from,
            state: OfferState::Asking,
        }
    }

    /// The key the settings remember the offer by: the folder's full path.
    pub(crate) fn key(&self) -> String {
        self.from
            .canonicalize()
            .unwrap_or_else(|_| self.from.clone())
            .display()
            .to_string()
    }

    /// Starts copying into `to` on a background thread.
    pub(crate) fn start_copy(&mut self, to: &Path, ctx: &egui::Context) {
        let (from, to, ctx) = (self.from.clone(), to.to_path_buf(), ctx.clone());
        let job = Job::spawn(
            "copy-saves",
            move || ctx.request_repaint(),
            move |_| import_saves(&from, &to).map_err(|err| crate::i18n::with_causes(&err)),
        );
        self.state = OfferState::Copying(job);
    }

    /// Takes a finished copy's report.
    pub(crate) fn poll(&mut self) {
        if let OfferState::Copying(job) = &mut self.state {
            match job.poll() {
                Polled::Done(result) => self.state = OfferState::Done(result),
                Polled::Running => {}
                Polled::Lost => {
                    self.state = OfferState::Done(Err("the copy stopped unexpectedly".into()));
                }
            }
        }
    }
}

/// Shows the offer; returns what the user answered this frame.
pub(crate) fn old_saves_ui(
    offer: &OldSavesOffer,
    saves_dir: &Path,
    t: &Texts,
    ctx: &egui::Context,
) -> OfferAnswer {
    let mut answer = OfferAnswer::None;
    egui::Window::new(t.old_saves_title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .default_width(420.0)
        .show(ctx, |ui| match &offer.state {
            OfferState::Asking => {
                ui.label(fill(
                    t.old_saves_text,
                    &[&offer.from.display(), &saves_dir.display()],
                ));
                ui.horizontal(|ui| {
                    if ui.button(t.old_saves_copy).clicked() {
                        answer = OfferAnswer::Copy;
                    }
                    if ui.button(t.old_saves_skip).clicked() {
                        answer = OfferAnswer::Decline;
                    }
                });
            }
            OfferState::Copying(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t.old_saves_copying);
                });
            }
            OfferState::Done(result) => {
                match result {
                    Ok(report) => {
                        ui.label(fill(
                            t.old_saves_done,
                            &[&report.copied, &saves_dir.display(), &report.already_there],
                        ));
                        for (file, reason) in &report.failed {
                            let line = format!("{}: {reason}", file.display());
                            ui.colored_label(
                                ui.visuals().error_fg_color,
                                fill(t.old_saves_failed, &[&line]),
                            );
                        }
                    }
                    Err(reason) => {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            fill(t.old_saves_failed, &[reason]),
                        );
                    }
                }
                if ui.button(t.close).clicked() {
                    answer = OfferAnswer::Closed;
                }
            }
        });
    answer
}

/// The About window's "where your files are": the saves folder and why it is that one,
/// the settings folder, and a button that opens the saves folder in the system's file
/// manager. Returns the error message of a failed open, if any.
pub(crate) fn files_section_ui(
    ui: &mut egui::Ui,
    t: &Texts,
    saves_dir: &Path,
    source: SavesSource,
) -> Option<String> {
    ui.strong(t.files_where);
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (saves_dir, source);
        ui.label(t.files_in_browser);
        None
    }
    #[cfg(not(target_arch = "wasm32"))]
    files_on_disk_ui(ui, t, saves_dir, source)
}

/// The saves and settings folders, and the button that opens the saves folder.
#[cfg(not(target_arch = "wasm32"))]
fn files_on_disk_ui(
    ui: &mut egui::Ui,
    t: &Texts,
    saves_dir: &Path,
    source: SavesSource,
) -> Option<String> {
    let from = match source {
        SavesSource::Option => t.files_from_option,
        SavesSource::Environment => t.files_from_env,
        SavesSource::Setting => t.files_from_setting,
        SavesSource::DataFolder => t.files_from_data,
        SavesSource::CurrentFolder => t.files_from_current,
    };
    let shown = absolute(saves_dir);
    ui.label(format!(
        "{} {from}",
        fill(t.files_saves, &[&shown.display()])
    ));
    if matches!(source, SavesSource::DataFolder | SavesSource::CurrentFolder) {
        for variable in ignored_variables() {
            ui.label(fill(t.files_ignored_variable, &[&variable]));
        }
    }
    match eframe::storage_dir(APP_ID) {
        Some(dir) => ui.label(fill(t.files_settings, &[&dir.display()])),
        None => ui.label(t.files_no_settings),
    };
    let mut failure = None;
    if ui.button(t.open_saves_folder).clicked()
        && let Err(err) = open_folder(&shown)
    {
        failure = Some(fill(t.open_folder_failed, &[&shown.display(), &err]));
    }
    failure
}

#[cfg(not(target_arch = "wasm32"))]
/// `dir` as a full path (relative paths are resolved against the current folder), so the
/// About window never shows a bare "saves".
fn absolute(dir: &Path) -> PathBuf {
    std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())
}

#[cfg(not(target_arch = "wasm32"))]
/// Opens `dir` in the system's file manager (created first if missing, so the button
/// works before the first save): Explorer on Windows, the Finder on macOS, `xdg-open`
/// elsewhere.
///
/// # Errors
/// The folder could not be created or the file manager not started.
pub(crate) fn open_folder(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let opener = if cfg!(windows) {
        "explorer"
    } else if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let mut child = std::process::Command::new(opener)
        .arg(dir)
        .spawn()
        .map_err(|err| std::io::Error::new(err.kind(), format!("cannot start {opener}: {err}")))?;
    // Reaped off the UI thread (xdg-open returns at once; Explorer may linger).
    std::thread::spawn(move || child.wait());
    Ok(())
}
