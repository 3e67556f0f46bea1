//! `queens gui` (and no subcommand): the window, told where the saves folder is. The
//! window is the program's to give ([`OpenWindow`]); a program built without it has no
//! window to open, and saying so is an error with its own exit code rather than a silent
//! success.

use super::error::CliError;
use std::path::{Path, PathBuf};

/// How a program that has the window opens it: with its saves in the folder given (when
/// one is), and the saved game file in it (when one is); it returns when the window
/// closes. `Err` is the reason it could not open, each cause after a ": ", as the
/// system gave them. The command line does not depend on the window: the `queens` and
/// `queens-gui` programs pass `queens_app`'s opener to [`run`](crate::run), a build
/// without the window passes none.
pub type OpenWindow = fn(Option<PathBuf>, Option<PathBuf>) -> Result<(), String>;

/// Opens the window through `window`, with its saves in `saves_dir` when one is given
/// (otherwise `QUEENS_SAVES_DIR`, the window's own setting, or `saves` in the platform's
/// data folder), and the saved game `file` in it when one is given.
///
/// When the window cannot open (no display, no OpenGL 2: a Windows remote desktop or a
/// virtual machine without a 3D driver), the program should also show
/// [`window_failure_text`] in a message box on Windows and macOS, where a program started
/// by a double-click has no terminal to print to.
///
/// # Errors
/// [`CliError::NoWindow`] when the program has no window to open,
/// [`CliError::NoDisplay`] when no display is named (Linux, the BSDs),
/// [`CliError::Target`] for a named saves folder that does not exist, [`CliError::Gui`]
/// if the window cannot open otherwise.
pub(crate) fn gui(
    window: Option<OpenWindow>,
    saves_dir: Option<&Path>,
    file: Option<&Path>,
) -> Result<(), CliError> {
    let Some(open) = window else {
        return Err(CliError::NoWindow);
    };
    if !display_named(|name| std::env::var_os(name)) {
        return Err(CliError::NoDisplay);
    }
    // A folder named on the command line or in QUEENS_SAVES_DIR must exist, as for every
    // command (`super::files::saves_folder`); with none named (or no home folder, where
    // the window falls back on its own) there is nothing to check here.
    if let Ok(location) = queens_store::location::saves_location(saves_dir, "") {
        super::files::require_named_folder(&location)?;
    }
    open(
        saves_dir.map(Path::to_path_buf),
        file.map(Path::to_path_buf),
    )
    .map_err(|chain| CliError::Gui {
        detail: super::error::gui_detail(&without_dumps(&chain)),
    })
}

/// The message box's text when the window cannot open: one plain sentence, what to do,
/// and the system's own words below them (issue 30.13: the box showed eframe's raw
/// "glutin error: \[0\] Success" or a `ConfigTemplate { ... }` dump and nothing else).
pub fn window_failure_text(detail: &str) -> String {
    let lower = detail.to_lowercase();
    let graphics = ["gl", "wgl", "egl", "glx", "opengl", "glutin", "glow"]
        .iter()
        .any(|word| {
            lower
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|token| token == *word)
        });
    let sentence = if graphics {
        "The game window cannot open: this computer's graphics driver offers no OpenGL 2.0, which the window needs to draw."
    } else {
        "The game window cannot open."
    };
    let advice = if cfg!(windows) {
        "Install or update the graphics driver. On Remote Desktop or in a virtual machine without 3D support, put Mesa's software OpenGL (opengl32.dll from the mesa-dist-win project) beside queens-gui.exe. The command line, queens.exe, works without a window."
    } else {
        "Install or update the graphics driver, or start the game on the computer's own screen rather than through remote access. The command line works without a window."
    };
    format!("{sentence}\n\n{advice}\n\nDetail: {detail}")
}

/// `chain` without the `Name { field: value, ... }` dumps of Rust values that eframe puts
/// in its errors (a `ConfigTemplate { .. }` of a dozen fields): they tell a user nothing.
fn without_dumps(chain: &str) -> String {
    let mut out = String::with_capacity(chain.len());
    let mut rest = chain;
    while let Some(open) = rest.find(" { ") {
        // The dump starts at the type name before the brace.
        let name_start = rest[..open]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |at| at + 1);
        let mut depth = 0usize;
        let mut close = None;
        for (at, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        close = Some(open + at + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { break };
        out.push_str(rest[..name_start].trim_end());
        rest = &rest[close..];
    }
    out.push_str(rest);
    // "matching the template: <dump>. Error" reads "matching the template. Error".
    out.replace(":.", ".")
}

/// Whether a display can be looked for: always on Windows and macOS (the system has
/// one), elsewhere when `DISPLAY`, `WAYLAND_DISPLAY` or `WAYLAND_SOCKET` is set and not
/// empty. Without one, winit would fail with an internal error naming its own source
/// file; this lets the window say "no display found" in one plain line instead.
fn display_named(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> bool {
    cfg!(any(
        windows,
        target_os = "macos",
        target_os = "ios",
        target_os = "android"
    )) || ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .any(|name| var(name).is_some_and(|value| !value.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30.13: eframe's error when no OpenGL configuration fits.
    #[test]
    fn a_config_dump_leaves_the_detail() {
        let chain = "Found no glutin configs matching the template: ConfigTemplate { color_buffer_type: Rgb { r_size: 8, g_size: 8, b_size: 8 }, alpha_size: 8, depth_size: 0, api: Some(Api(OPENGL)) }. Error: no suitable pixel format";
        let detail = without_dumps(chain);
        assert_eq!(
            detail,
            "Found no glutin configs matching the template. Error: no suitable pixel format"
        );
        assert!(!detail.contains('{'), "{detail}");
        assert_eq!(without_dumps("no braces here"), "no braces here");
        assert_eq!(without_dumps("open { never closed"), "open { never closed");
    }

    #[test]
    fn the_box_says_one_plain_sentence_then_what_to_do_then_the_detail() {
        let text = window_failure_text("glutin error: [0] Success");
        let parts: Vec<&str> = text.split("\n\n").collect();
        assert_eq!(parts.len(), 3, "{text}");
        assert!(
            parts[0].starts_with("The game window cannot open") && parts[0].contains("OpenGL 2.0"),
            "{text}"
        );
        assert_eq!(parts[0].matches(". ").count(), 0, "one sentence: {text}");
        assert!(parts[1].contains("graphics driver"), "{text}");
        assert_eq!(parts[2], "Detail: glutin error: [0] Success");
        // A failure that names no graphics is not blamed on OpenGL.
        let other = window_failure_text("the event loop could not be created");
        assert!(
            !other.split("\n\n").next().unwrap_or("").contains("OpenGL"),
            "{other}"
        );
    }
}
