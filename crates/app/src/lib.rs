//! The window (the thesis's Form1): an egui app that reads the board and turns clicks into
//! calls on it. Legality, claims, the end and the winner (a resignation too) are the
//! board's ([`queens_board::winner`]), random stones the board's
//! ([`queens_board::random_stones`]), whether a value is exact the search's; the window
//! only tidies the stones typed by hand (off-board and repeated names dropped, cut at
//! [`queens_board::Board::max_stones`]). The computer thinks, and files are written, on
//! background jobs.
//!
//! Rooms (docs/architecture.md's layout table lists them): [`App`] with its actions and one file
//! per job (`app/`), what is held between frames (`session/`), background work through
//! one job type (`jobs/`), the panels beside the board (`panels/`), the windows over it
//! (`windows/`), the board painter (`board/`), the frame, menus and look (`shell/`) and
//! the translations (`i18n/`).

mod app;
mod board;
mod i18n;
mod jobs;
mod panels;
mod session;
mod shell;
#[cfg(target_arch = "wasm32")]
pub mod web;
mod windows;

pub use app::{Action, App};
pub use jobs::dialogs::FileTask;
pub use jobs::table24::group_digits;
pub use session::settings::{EngineSetup, Language, Mode, Preset, Settings, StoneMode};
pub use session::writes::{DiskStore, WindowStore};
pub use windows::puzzles::{Phase as PuzzlePhase, PuzzleSession};
pub use windows::table24::CHART_LABEL as TABLE24_CHART_LABEL;
pub use windows::tree_lab;

#[cfg(not(target_arch = "wasm32"))]
use eframe::egui;

/// The label the window shows for `engine` in `language` (the New game panel's engine
/// list, the players' summaries).
pub fn engine_label(language: Language, engine: queens_engines::ai::EngineKind) -> &'static str {
    i18n::texts(language).engine_label(engine)
}

#[cfg(not(target_arch = "wasm32"))]
/// The renderer: glow (OpenGL 2+), or wgpu when built with the `wgpu` feature and
/// `QUEENS_RENDERER=wgpu` asks for it (measured against glow in BENCHMARKS.md).
fn renderer() -> eframe::Renderer {
    let wanted = std::env::var("QUEENS_RENDERER").unwrap_or_default();
    #[cfg(feature = "wgpu")]
    if wanted.eq_ignore_ascii_case("wgpu") {
        return eframe::Renderer::Wgpu;
    }
    if !wanted.is_empty() && !wanted.eq_ignore_ascii_case("glow") {
        eprintln!("queens: QUEENS_RENDERER={wanted} is not built in; using glow (OpenGL)");
    }
    eframe::Renderer::Glow
}

/// Opens the game window and runs until it is closed.
///
/// The environment variable `QUEENS_WINDOW_SIZE=WxH` sets the first window size (for
/// screenshots).
///
/// `saves_dir` (from `queens gui --saves-dir`) overrides the saves folder of the settings
/// and of `QUEENS_SAVES_DIR`; `file` (from `queens gui FILE`) is opened as Game > Open
/// opens a save.
///
/// # Errors
/// If no window can be created (no display, no OpenGL).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(
    saves_dir: Option<std::path::PathBuf>,
    file: Option<std::path::PathBuf>,
) -> eframe::Result<()> {
    let size = std::env::var("QUEENS_WINDOW_SIZE")
        .ok()
        .and_then(|text| {
            let (w, h) = text.split_once('x')?;
            Some([w.trim().parse().ok()?, h.trim().parse().ok()?])
        })
        .unwrap_or([1100.0, 760.0]);
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Queens & Stones")
        .with_app_id("queens")
        .with_inner_size(size)
        .with_min_inner_size([640.0, 480.0]);
    if let Some(icon) = shell::theme::icon() {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        renderer: renderer(),
        ..Default::default()
    };
    eframe::run_native(
        "Queens & Stones",
        options,
        Box::new(move |cc| {
            let mut app = App::new(cc, saves_dir);
            if let Some(file) = file {
                app.open_file(&cc.egui_ctx, &file);
            }
            Ok(Box::new(app))
        }),
    )
}

/// [`run`] in the shape the command line opens a window with (`queens_cli::OpenWindow`):
/// the error as its chain of causes, each after a ": ", for the command line to tidy
/// into one line.
///
/// # Errors
/// If no window can be created (no display, no OpenGL).
#[cfg(not(target_arch = "wasm32"))]
pub fn open_window(
    saves_dir: Option<std::path::PathBuf>,
    file: Option<std::path::PathBuf>,
) -> Result<(), String> {
    run(saves_dir, file).map_err(|err| {
        let mut chain = err.to_string();
        let mut cause = std::error::Error::source(&err);
        while let Some(inner) = cause {
            chain.push_str(": ");
            chain.push_str(&inner.to_string());
            cause = inner.source();
        }
        chain
    })
}

/// Shows `message` in the system's message box on Windows and macOS; elsewhere nothing
/// (the message is printed on stderr as always, and a Linux message box would need
/// zenity and a display, the very thing that may be missing).
#[cfg(not(target_arch = "wasm32"))]
pub fn show_error_box(message: &str) {
    if cfg!(any(windows, target_os = "macos")) {
        rfd::MessageDialog::new()
            .set_level(rfd::MessageLevel::Error)
            .set_title("Queens & Stones")
            .set_description(message)
            .set_buttons(rfd::MessageButtons::Ok)
            .show();
    }
}
