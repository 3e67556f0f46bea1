//! The application: the shell (menus, windows, settings, files) around ONE game on
//! screen ([`Game`]: any game of the games table, queens included, behind the seam)
//! with ONE search slot (`crate::jobs::search::SearchJob`: the computer's move or
//! a hint, for every game).
//!
//! # Data flow
//!
//! One frame (`frame.rs`, eframe's `ui`) runs:
//!
//! 1. **poll**: the search, the analysis, the move values and the file jobs hand over
//!    what they finished (`poll_*`).
//! 2. **draw and collect**: the menus (`shell::menu`), the panels (`panels::*`), the
//!    board (`shell::frame`) and the windows (`windows::*`) read the app through its
//!    queries (`queries.rs` and the `pub fn`s beside it) and push [`Action`]s. They
//!    write nothing of the app; the few things edited in place (the New game choices,
//!    the paste box, a window's own state, the file prompts) are lent to them by the
//!    frame loop, here.
//! 3. **apply**: [`App::apply`] carries each action out in order, sorted by
//!    [`Action::group`] (shell, play, files, analysis). A click is one path for every
//!    game: `Action::Clicked(Target)` -> `App::clicked` (`play.rs`: the checks every
//!    game shares: a question open, review, the end, the computer's turn) ->
//!    `Game::click_target` (what the click means in this game: a move in its
//!    notation) -> `play_move` -> the record and the autosave follow (`after_change`).
//! 4. **drive**: `App::drive_computer` starts the computer's search of the game on
//!    screen when it is its turn; its answer comes back through step 1 as a move.
//! 5. **redraw**: egui draws the next frame from the changed state (a running job asks
//!    for it).
//!
//! # Adding a game
//!
//! Every game of the games table (`crates/engines/src/games/table.rs`) is played by one [`Game`]
//! through the seam (`AnyGame`) with no window code of its own; tic-tac-toe's `Rules`
//! impl is the example to follow. New game lists it once per board size its setup
//! accepts (`panels::new_game::table_choices`); `board::grid_view` draws its `GridView`
//! (the game says how its pieces look, where they leave the board, a won line); a click
//! plays the legal move that begins on the clicked square, or, for a move of two
//! squares (`a3-b3`), picks the piece up and a second click on a square or the exit
//! says where it goes (`session::game::Game::click`); a forced `pass` is a
//! button; the computer answers through `AnyGame::think_kept` (`computer.rs`, the
//! task `search` in the browser's worker), its engine kept between moves. Its name, rules, pieces and score line come
//! from the game (`Rules::words`, shown through `i18n/grid.rs`; the tag is its name
//! without them). The saves keep it through `store/table_game.rs`
//! (`Rules::score`, `Rules::record_game`); a position given without the moves that
//! reach it cannot be replayed, and `Files::unsavable` keeps the window from writing
//! it.
//!
//! Every game gets Hint, Table 2.4 and the Tree Lab through its engines; the proved
//! tools (move values, Analyse game) follow from its exact solver, read from its row of
//! the games table ([`App::tools`]: `Tools::analysis()` is `solver`), never from which
//! game it is, and each is one job for every game (`Rules::value_moves`,
//! `analysis::analyse`), its values margins from the first player's view. Queens' board
//! keeps a painter of its own (claims, the hover preview, the heat map), chosen through
//! the seam ([`App::grid_game`] is every other game), which asks for its board by name
//! (`Game::queens`); see docs/architecture.md.
//! A game that replaces the one on screen (new, rematch, opened, pasted, continued,
//! from the history) comes through one door, [`Replacement`] (`replace.rs`), which asks
//! first when unsaved moves would be lost.

pub(crate) mod action;
mod apply;
mod background;
mod computer;
mod files;
mod frame;
mod grid;
mod on_screen;
mod parts;
mod play;
mod queries;
mod replace;

pub(crate) use crate::session::game::Game;
pub use action::Action;
pub(crate) use action::{ReviewStep, Target, ViewChoice, WindowChoice};
pub(crate) use replace::Replacement;

use crate::i18n::{Texts, texts};
use crate::session::messages::Message;
use crate::session::saving::{Files, window_saves};
use crate::session::seats::{Seat, board_from_setup};
use crate::session::settings::{GameSetup, Settings};
use eframe::egui;
use queens_board::{Board, Cell, Player};
use queens_store::location::{SAVES_DIR_VAR, SavesLocation};
use std::borrow::Cow;
use std::path::PathBuf;

/// The Queens & Stones window: the shell (settings, files, windows, menus) around the
/// one game on screen, its parts grouped by what they serve (`app/parts.rs`).
pub struct App {
    settings: Settings,
    /// The New game panel and its choices.
    new_game: parts::NewGamePanel,
    /// The one game on screen: queens with its tools, or a game of the games table.
    game: Game,
    next_game_id: u64,
    /// The one search of the game on screen and the engines kept between searches.
    search: parts::SearchSlot,
    /// What the window knows and suggests about the position on screen.
    advice: parts::Advice,
    paused: bool,
    review: Option<usize>,
    message: Message,
    paste: parts::PasteBox,
    /// The offer to copy an older version's `saves/` from the current folder.
    old_saves: Option<crate::windows::about::OldSavesOffer>,
    clock: parts::Clock,
    hovered: Option<Cell>,
    /// Saves, autosave, history and export.
    files: Files,
    /// The questions waiting for an answer (replace, resign, save first).
    asked: parts::Questions,
    /// The game string of the finished game whose summary the player closed.
    summary_closed: Option<String>,
    look: parts::LookApplied,
    /// The windows with state of their own (Help, Table 2.4, the Tree Lab).
    windows: crate::windows::Windows,
    /// Analyse game.
    analysis: parts::AnalysisSlot,
    settings_store: parts::SettingsStore,
}

impl App {
    /// The app for the real window: settings from eframe's storage, fonts and theme set.
    ///
    /// For screenshots and demos, `QUEENS_SETTINGS` (settings as JSON) replaces the stored
    /// settings and `QUEENS_POSITION` (a game string) is loaded as if pasted.
    /// `saves_dir`, when given (by `queens gui --saves-dir`), overrides the saves folder of
    /// the settings and of `QUEENS_SAVES_DIR`.
    pub fn new(cc: &eframe::CreationContext<'_>, saves_dir: Option<PathBuf>) -> App {
        let file = settings_file();
        // The settings file is written as soon as anything changes; eframe's storage
        // only on exit (it holds an older version's settings, and the browser's).
        let settings = match std::env::var("QUEENS_SETTINGS") {
            Ok(text) => Settings::from_json(&text),
            Err(_) => file
                .as_deref()
                .and_then(Settings::from_file)
                .or_else(|| Settings::from_storage(cc.storage))
                .unwrap_or_else(|| Settings::first_run(system_dark(cc), &preferred_languages())),
        };
        let env_dir = std::env::var_os(SAVES_DIR_VAR);
        let location = window_saves(
            saves_dir.as_deref(),
            env_dir.as_deref(),
            &settings.saves_dir,
        );
        let mut app = App::with_settings_in(settings, location);
        app.settings_store.file = file;
        app.offer_old_saves();
        // In a browser, the position is the page address's fragment (a link to a game);
        // on the desktop, QUEENS_POSITION.
        #[cfg(target_arch = "wasm32")]
        let position = crate::web::link::position_in_address();
        #[cfg(not(target_arch = "wasm32"))]
        let position = std::env::var("QUEENS_POSITION").ok();
        if let Some(position) = position {
            app.open_link(&position);
        }
        app
    }

    /// Puts the position of a link (a game string) on screen at start, as Paste position
    /// would, with the computer free to move. Opening a link never costs a game: an
    /// unfinished game autosaved earlier is offered with "Stay on the link" beside
    /// Continue, and nothing writes over the autosave until the player moves in the
    /// link's game (`AutosaveSlot::Held` in `ui::session::saving`). An empty text
    /// (a script passing no position) is no position.
    pub fn open_link(&mut self, position: &str) {
        if position.trim().is_empty() {
            return;
        }
        self.files.given_at_start();
        self.paste.text = position.to_owned();
        self.paste_position();
    }

    /// Opens the save at `path` as Game > Open does (`queens gui FILE`, a save
    /// double-clicked in a file manager): read on a job, the status line saying
    /// "Opening ..." and then what was opened or why it could not be.
    pub fn open_file(&mut self, ctx: &eframe::egui::Context, path: &std::path::Path) {
        self.open(ctx, path);
    }

    /// The app with these settings and no storage (for tests); a game starts at once.
    /// The saves folder is the settings' (`saves` in the platform's data folder if
    /// empty); an unfinished game autosaved there is offered for "Continue".
    pub fn with_settings(settings: Settings) -> App {
        let location = window_saves(None, None, &settings.saves_dir);
        App::with_settings_in(settings, location)
    }

    fn with_settings_in(mut settings: Settings, location: SavesLocation) -> App {
        settings.setup.clamp();
        // Remembered choices that make no game (a settings file edited by hand) give way
        // to the defaults, and the status line says why.
        let (start, problem) = match Replacement::from_setup(&settings.setup) {
            Ok(start) => (start, None),
            Err(problem) => {
                settings.setup = GameSetup::default();
                let start = Replacement::from_setup(&settings.setup).unwrap_or_else(|message| {
                    unreachable!("the default choices make a game: {message:?}")
                });
                (start, Some(problem))
            }
        };
        let draft = settings.setup.clone();
        let mut game = start.game;
        game.id = 1;
        let mut files = Files::new(location, start.record);
        files.unsavable = game.unsavable();
        let message =
            problem.unwrap_or_else(|| replace::with_unsavable_note(start.message, files.unsavable));
        let mut app = App {
            settings,
            new_game: parts::NewGamePanel { draft, open: false },
            game,
            next_game_id: 2,
            search: parts::SearchSlot::default(),
            advice: parts::Advice::default(),
            paused: false,
            review: None,
            message,
            paste: parts::PasteBox::default(),
            old_saves: None,
            clock: parts::Clock::default(),
            hovered: None,
            files,
            asked: parts::Questions::default(),
            summary_closed: None,
            look: parts::LookApplied::default(),
            windows: crate::windows::Windows::default(),
            analysis: parts::AnalysisSlot::default(),
            settings_store: parts::SettingsStore::default(),
        };
        app.settings_store.written = app.settings.clone();
        // Two computers wait for Resume computer: a game is played in front of the
        // person who asked for it, never by a start of the program alone.
        app.paused = app.game.seats().iter().all(Seat::is_computer);
        app.check_autosave();
        app
    }

    pub(crate) fn texts(&self) -> &'static Texts {
        texts(self.settings.language)
    }

    /// The players' names (the i18n `names` module): typed ones, else "You" / "Player 1",
    /// and computers by level ("Computer (Medium)") or engine ("Computer (Alpha-beta)").
    pub fn player_names(&self) -> [String; 2] {
        let typed = &self.files.record.names;
        crate::i18n::names::seat_names(self.texts(), self.game.seats(), typed)
    }

    /// The board on show: the game's (borrowed: a board with its search tables is too
    /// big to copy every frame), or an earlier one rebuilt while reviewing.
    /// Another game on screen: an empty queens board (nothing draws it).
    pub(crate) fn shown_board(&self) -> Cow<'_, Board> {
        shown_board(&self.game, self.review)
    }

    /// Fonts and theme, set on the first frame and whenever the theme changes.
    pub(crate) fn prepare_frame(&mut self, ctx: &egui::Context) {
        if !self.look.fonts_installed {
            crate::shell::theme::install_fonts(ctx);
            self.look.fonts_installed = true;
        }
        if self.look.applied_dark != Some(self.settings.dark) {
            crate::shell::theme::apply_visuals(ctx, self.settings.dark);
            self.look.applied_dark = Some(self.settings.dark);
        }
        self.clock.now = ctx.input(|input| input.time);
        // Look (issue 8)
        crate::shell::theme::fit_zoom_to_window(ctx);
        // Touch-sized controls on a touch screen (a phone on its side too) and wherever
        // the panel goes below the board.
        let below = matches!(
            crate::shell::place::panel_place(ctx.content_rect().size()),
            crate::shell::place::PanelPlace::Below(_)
        );
        crate::shell::theme::fit_touch_targets(ctx, below || coarse_pointer());
    }

    /// Stops any search and waits for its thread: the window is closing (eframe's
    /// `on_exit` calls this). The autosave is written once more, and every write asked
    /// for (a save still in flight included) is finished before this returns.
    pub fn shut_down(&mut self) {
        for window in self.windows.each() {
            window.shut_down();
        }
        if let Some(job) = self.search.job.take() {
            job.stop_and_join();
        }
        self.sync_files();
        self.write_changed_settings();
        self.finish_writes();
    }

    /// The seat of `player` as shown in the status panel.
    pub(crate) fn seat(&self, player: Player) -> &Seat {
        &self.game.seats()[player.index()]
    }
}

#[cfg(test)]
mod tests;

/// The queens board of `game` on show while `review` (a ply) is looked at, or its
/// current one; an empty board (nothing draws it) while another game is on screen.
pub(crate) fn shown_board(game: &Game, review: Option<usize>) -> Cow<'_, Board> {
    match (game.queens(), review) {
        (Some(board), Some(ply)) => Cow::Owned(board.at_ply(ply)),
        (Some(board), None) => Cow::Borrowed(board),
        (None, _) => Cow::Borrowed(no_board()),
    }
}

/// Where the window writes its settings:
/// [`SETTINGS_FILE`](crate::session::settings::SETTINGS_FILE) in the platform's data
/// folder (none without one: eframe's storage then keeps them, on exit); in a browser,
/// the page's storage (the path only names it).
fn settings_file() -> Option<PathBuf> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(queens_store::browser::label(
            crate::session::settings::STORAGE_KEY,
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    queens_store::location::data_dir().map(|dir| dir.join(crate::session::settings::SETTINGS_FILE))
}

/// Whether the system asks for a dark theme: the browser's `prefers-color-scheme`, the
/// desktop's theme as eframe knows it at start (light when it does not know).
fn system_dark(cc: &eframe::CreationContext<'_>) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = cc;
        web_sys::window()
            .and_then(|window| window.match_media("(prefers-color-scheme: dark)").ok())
            .flatten()
            .is_some_and(|query| query.matches())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        cc.egui_ctx.system_theme() == Some(eframe::egui::Theme::Dark)
    }
}

/// Whether the screen is worked by a finger rather than a mouse (the browser's
/// `pointer: coarse`); the desktop build answers no.
fn coarse_pointer() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|window| window.match_media("(pointer: coarse)").ok())
            .flatten()
            .is_some_and(|query| query.matches())
    }
    #[cfg(not(target_arch = "wasm32"))]
    false
}

/// The languages the person prefers, most wanted first: the browser's
/// `navigator.languages`, or the desktop's `LANGUAGE` (a colon-separated list),
/// `LC_ALL`, `LC_MESSAGES` and `LANG`.
fn preferred_languages() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .map(|window| {
                window
                    .navigator()
                    .languages()
                    .iter()
                    .filter_map(|tag| tag.as_string())
                    .collect()
            })
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .flat_map(|value| value.split(':').map(str::to_owned).collect::<Vec<_>>())
            .filter(|tag| !tag.is_empty())
            .collect()
    }
}

/// The empty board [`App::board`] answers while another game than queens is on screen.
pub(crate) fn no_board() -> &'static Board {
    static NO_BOARD: std::sync::LazyLock<Board> = std::sync::LazyLock::new(default_board);
    &NO_BOARD
}

/// The board of the default new-game choices.
fn default_board() -> Board {
    board_from_setup(&GameSetup::default())
        .unwrap_or_else(|error| unreachable!("the default choices make a board: {error}"))
}
