//! The application state and what the user's actions do to it. Panels only read this
//! state and return [`Action`]s; [`App::apply`] carries them out in one place.

use super::files::FileTask;
use super::game::{Game, Seat, board_from_setup, seats_from_setup};
use super::i18n::{Texts, texts};
use super::messages::Message;
use super::saving::{Files, SAVES_DIR_VAR, record_of, saves_dir_from};
use super::search::{Poll, Purpose, SearchJob, SearchTag};
use super::settings::{GameSetup, STORAGE_KEY, Settings, StoneMode};
use crate::ai::Limits;
use crate::board::{Board, Cell, Player};
use crate::store::{SavedGame, SearchInfo};
use eframe::egui;
use std::path::PathBuf;
use std::time::Duration;

/// Something the user asked for, collected from the panels during a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Show the new-game panel.
    OpenNewGame,
    /// Hide it without starting.
    CloseNewGame,
    /// Start a game from the new-game choices.
    StartGame,
    /// Take back a move (or a move pair against the computer).
    Undo,
    /// Replay what was undone.
    Redo,
    /// Ask the engine for a suggestion.
    Hint,
    /// Play the best move found so far.
    MoveNow,
    /// Stop the search and pause the computer.
    CancelSearch,
    /// Let a paused computer play again.
    Resume,
    /// Put the game string on the clipboard.
    CopyPosition,
    /// Load the game string typed in the paste box.
    PastePosition,
    /// Show the position after this many moves (read-only).
    Review(usize),
    /// Leave the review.
    BackToGame,
    /// A board cell was clicked.
    CellClicked(Cell),
    /// Save to the game's file, or ask for one.
    Save,
    /// Save to a new file.
    SaveAs,
    /// Load a game from a file.
    Open,
    /// Write the history to an Excel workbook.
    ExportHistory,
    /// The dialog or the path field gave a path for this task.
    PathChosen(FileTask, PathBuf),
    /// Close the path field without doing anything.
    ClosePrompt,
    /// Take up the autosaved unfinished game.
    ContinueAutosave,
    /// Decline it (the autosave is removed).
    DiscardAutosave,
    /// Show (or reload) the History window.
    ShowHistory,
    /// Close it.
    CloseHistory,
    /// Show this game of the History window (its index in the loaded list).
    OpenHistoryEntry(usize),
    /// Use the folder typed in the History window as the saves folder.
    SetSavesDir,
    /// Close the window.
    Quit,
    // Look (issue 8)
    /// Text pasted with Ctrl+V outside any text field (from the system clipboard): put
    /// it in the paste box and load it as a game string.
    PasteText(String),
}

/// The Queens & Stones window.
pub struct App {
    pub(super) settings: Settings,
    /// The new-game choices being edited (copied to the settings on Start).
    pub(super) draft: GameSetup,
    pub(super) game: Game,
    next_game_id: u64,
    pub(super) job: Option<SearchJob>,
    pub(super) paused: bool,
    pub(super) hint: Option<Cell>,
    pub(super) review: Option<usize>,
    pub(super) message: Message,
    pub(super) paste_text: String,
    pub(super) show_new_game: bool,
    pub(super) show_rules: bool,
    pub(super) show_about: bool,
    /// The egui time of the last move, for the claim animation and the watching pace.
    pub(super) last_move_time: f64,
    pub(super) now: f64,
    pub(super) hovered: Option<Cell>,
    /// Saves, autosave, history and export.
    pub(super) files: Files,
    fonts_installed: bool,
    applied_dark: Option<bool>,
}

impl App {
    /// The app for the real window: settings from eframe's storage, fonts and theme set.
    ///
    /// For screenshots and demos, `QUEENS_SETTINGS` (settings as JSON) replaces the stored
    /// settings and `QUEENS_POSITION` (a game string) is loaded as if pasted.
    /// `saves_dir`, when given (by `queens gui --saves-dir`), overrides the saves folder of
    /// the settings and of `QUEENS_SAVES_DIR`.
    pub fn new(cc: &eframe::CreationContext<'_>, saves_dir: Option<PathBuf>) -> App {
        let stored = cc
            .storage
            .and_then(|storage| storage.get_string(STORAGE_KEY));
        let text = std::env::var("QUEENS_SETTINGS").ok().or(stored);
        let settings = text
            .map(|text| Settings::from_json(&text))
            .unwrap_or_default();
        let env_dir = std::env::var(SAVES_DIR_VAR).ok();
        let dir =
            saves_dir.unwrap_or_else(|| saves_dir_from(&settings.saves_dir, env_dir.as_deref()));
        let mut app = App::with_settings_in(settings, dir);
        if let Ok(position) = std::env::var("QUEENS_POSITION") {
            app.paste_text = position;
            app.paste_position();
            app.paused = false;
        }
        app
    }

    /// The app with these settings and no storage (for tests); a game starts at once.
    /// The saves folder is the settings' (`saves/` if empty); an unfinished game
    /// autosaved there is offered for "Continue".
    pub fn with_settings(settings: Settings) -> App {
        let dir = saves_dir_from(&settings.saves_dir, None);
        App::with_settings_in(settings, dir)
    }

    fn with_settings_in(mut settings: Settings, dir: PathBuf) -> App {
        settings.setup.clamp();
        let draft = settings.setup.clone();
        let game = Game::new(1, board_from_setup(&draft), seats_from_setup(&draft));
        let mut files = Files::new(dir, &game, seed_of(&draft));
        // Look (issue 8)
        files.record.names = super::names::typed_names(&draft);
        let message = Message::Started {
            size: game.board.size(),
            stones: game.board.stones().count(),
        };
        let mut app = App {
            settings,
            draft,
            game,
            next_game_id: 2,
            job: None,
            paused: false,
            hint: None,
            review: None,
            message,
            paste_text: String::new(),
            show_new_game: false,
            show_rules: false,
            show_about: false,
            last_move_time: f64::NEG_INFINITY,
            now: 0.0,
            hovered: None,
            files,
            fonts_installed: false,
            applied_dark: None,
        };
        app.check_autosave();
        app
    }

    /// The game's current position (not the reviewed one).
    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// The current settings (language, theme, last new-game choices).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The status line as shown, in the current language.
    pub fn status_text(&self) -> String {
        self.message.text(self.texts(), &self.player_names())
    }

    /// Whether a search (a computer move or a hint) is running.
    pub fn is_thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the computer is paused after a cancelled search.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The id of the current game; it changes with every new game or pasted position.
    pub fn game_id(&self) -> u64 {
        self.game.id
    }

    /// The ply being reviewed, if an earlier position is shown.
    pub fn reviewing(&self) -> Option<usize> {
        self.review
    }

    /// The engine's suggestion shown on the board, if any.
    pub fn hint(&self) -> Option<Cell> {
        self.hint
    }

    /// Whether the new-game panel is open.
    pub fn new_game_open(&self) -> bool {
        self.show_new_game
    }

    /// Carries out `action`, as if the user had clicked it.
    pub fn apply(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::OpenNewGame => {
                self.draft = self.settings.setup.clone();
                self.show_new_game = true;
            }
            Action::CloseNewGame => self.show_new_game = false,
            Action::StartGame => self.start_game(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.start_hint(ctx),
            Action::MoveNow => {
                if let Some(job) = &self.job {
                    job.request_stop();
                }
            }
            Action::CancelSearch => self.cancel_search(),
            Action::Resume => self.paused = false,
            Action::CopyPosition => {
                ctx.copy_text(self.game.board.game_string());
                self.message = Message::Copied;
            }
            Action::PastePosition => self.paste_position(),
            Action::Review(ply) => {
                self.review = (ply < self.game.board.ply()).then_some(ply);
            }
            Action::BackToGame => self.review = None,
            Action::CellClicked(cell) => self.cell_clicked(cell),
            Action::Save => self.save(ctx),
            Action::SaveAs => self.ask_path(ctx, FileTask::SaveAs),
            Action::Open => self.ask_path(ctx, FileTask::Open),
            Action::ExportHistory => self.ask_path(ctx, FileTask::Export),
            Action::PathChosen(task, path) => self.path_chosen(ctx, task, path),
            Action::ClosePrompt => self.files.prompt = None,
            Action::ContinueAutosave => self.continue_autosave(),
            Action::DiscardAutosave => self.discard_autosave(),
            Action::ShowHistory => self.show_history(),
            Action::CloseHistory => self.files.history = None,
            Action::OpenHistoryEntry(index) => self.open_history_entry(index),
            Action::SetSavesDir => self.set_saves_dir(),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            // Look (issue 8)
            Action::PasteText(text) => {
                self.paste_text = text;
                self.apply(ctx, Action::PastePosition);
            }
        }
    }

    pub(super) fn texts(&self) -> &'static Texts {
        texts(self.settings.language)
    }

    /// The players' names (see [`super::names`]): typed ones, else "You" / "Player 1",
    /// and computers by level ("Computer (Medium)").
    pub(super) fn player_names(&self) -> [String; 2] {
        // Look (issue 8)
        super::names::seat_names(self.texts(), &self.game.seats, &self.files.record.names)
    }

    /// The board on show: the game's, or an earlier one under review.
    pub(super) fn shown_board(&self) -> Board {
        match self.review {
            Some(ply) => self.game.board.at_ply(ply),
            None => self.game.board.clone(),
        }
    }

    pub(super) fn new_game_id(&mut self) -> u64 {
        let id = self.next_game_id;
        self.next_game_id += 1;
        id
    }

    fn stop_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.request_stop();
        }
    }

    fn start_game(&mut self) {
        self.stop_search();
        self.draft.clamp();
        self.settings.setup = self.draft.clone();
        let id = self.new_game_id();
        self.replace_game(Game::new(
            id,
            board_from_setup(&self.draft),
            seats_from_setup(&self.draft),
        ));
        self.files.path = None;
        let mut record = record_of(&self.game, seed_of(&self.draft));
        // Look (issue 8)
        record.names = super::names::typed_names(&self.draft);
        self.adopt_record(record);
        self.message = Message::Started {
            size: self.game.board.size(),
            stones: self.game.board.stones().count(),
        };
    }

    /// Puts `game` on screen in place of the current one (its search stopped).
    pub(super) fn replace_game(&mut self, game: Game) {
        self.stop_search();
        self.game = game;
        self.reset_view();
        self.show_new_game = false;
    }

    fn reset_view(&mut self) {
        self.paused = false;
        self.hint = None;
        self.review = None;
        self.last_move_time = f64::NEG_INFINITY;
    }

    fn undo(&mut self) {
        self.stop_search();
        self.hint = None;
        self.review = None;
        let count = self.game.undo();
        self.message = match count {
            0 => Message::NothingToUndo,
            n => Message::Undone(n),
        };
        if count > 0 {
            self.after_change(None);
        }
        // After an undo the person wants to think; a computer-only game stays paused.
        self.paused = self.game.seats.iter().all(Seat::is_computer);
    }

    fn redo(&mut self) {
        self.stop_search();
        self.hint = None;
        self.review = None;
        let count = self.game.redo();
        self.message = match count {
            0 => Message::NothingToRedo,
            n => Message::Redone(n),
        };
        if count > 0 {
            self.after_change(None);
        }
    }

    fn cancel_search(&mut self) {
        if let Some(job) = self.job.take() {
            let purpose = job.purpose;
            job.request_stop();
            if purpose == Purpose::Move {
                self.paused = true;
                self.message = Message::Cancelled;
            }
        }
    }

    fn paste_position(&mut self) {
        let text = self.paste_text.trim().to_string();
        match Board::from_game_string(&text) {
            Ok(board) => {
                let id = self.new_game_id();
                let seats = self.game.seats.clone();
                self.replace_game(Game::new(id, board, seats));
                // A pasted position is studied first: the computer waits for Resume.
                self.paused = self.game.computer_to_move();
                self.files.path = None;
                let mut record = record_of(&self.game, None);
                // Look (issue 8): the same players, so the same names.
                record.names = self.files.record.names.clone();
                self.adopt_record(record);
                self.message = Message::Pasted;
            }
            Err(error) => self.message = Message::PasteError(error),
        }
    }

    fn cell_clicked(&mut self, cell: Cell) {
        if self.show_new_game {
            self.toggle_setup_stone(cell);
            return;
        }
        if self.review.is_some() {
            self.message = Message::ReviewReadOnly;
            return;
        }
        if self.game.computer_to_move() {
            self.message = Message::WaitForComputer;
            return;
        }
        self.play(cell, None);
    }

    /// Plays `cell` for the side to move; a refused move changes nothing and says why.
    /// `search` is the computer's search that chose it.
    fn play(&mut self, cell: Cell, search: Option<SearchInfo>) {
        let player = self.game.board.side_to_move();
        match self.game.play(cell) {
            Ok(claims) => {
                // A hint search for the old position is of no use any more.
                if self
                    .job
                    .as_ref()
                    .is_some_and(|job| job.purpose == Purpose::Hint)
                {
                    self.stop_search();
                }
                self.hint = None;
                self.last_move_time = self.now;
                self.message = Message::Played {
                    player,
                    cell,
                    gained: claims.count(),
                };
                self.after_change(search);
            }
            Err(error) => self.message = Message::Refused(error),
        }
    }

    fn toggle_setup_stone(&mut self, cell: Cell) {
        if self.draft.stone_mode == StoneMode::Random {
            // Editing starts from the stones on show.
            self.draft.hand_stones = board_from_setup(&self.draft)
                .stones()
                .into_iter()
                .map(|c| c.to_string())
                .collect();
            self.draft.stone_mode = StoneMode::ByHand;
        }
        let name = cell.to_string();
        if let Some(index) = self.draft.hand_stones.iter().position(|s| *s == name) {
            self.draft.hand_stones.remove(index);
        } else if self.draft.hand_stones.len() < Board::max_stones(self.draft.size) {
            self.draft.hand_stones.push(name);
        }
    }

    fn start_hint(&mut self, ctx: &egui::Context) {
        if self.job.is_some() || self.game.board.is_over() {
            return;
        }
        if self.game.seat_to_move().is_computer() {
            self.message = Message::HintOnlyHuman;
            return;
        }
        self.review = None;
        let engine = self.opponent_engine();
        self.launch(ctx, Purpose::Hint, &engine);
        self.message = Message::HintThinking;
    }

    /// The engine a hint uses: the computer opponent's, or the new-game default.
    fn opponent_engine(&self) -> super::settings::EngineSetup {
        self.game
            .seats
            .iter()
            .find_map(|seat| match seat {
                Seat::Computer(engine) => Some(engine.clone()),
                Seat::Human => None,
            })
            .unwrap_or_else(|| self.settings.setup.engines[1].clone())
    }

    fn launch(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        engine: &super::settings::EngineSetup,
    ) {
        let limits = Limits {
            depth: engine.depth.max(1),
            time: Some(Duration::from_millis(engine.time_ms.max(1))),
        };
        let repaint = ctx.clone();
        self.job = Some(SearchJob::start(
            SearchTag::of(self.game.id, &self.game.board),
            purpose,
            &self.game.board,
            engine.algorithm(),
            limits,
            move || repaint.request_repaint(),
        ));
    }

    /// Starts the computer's search when it is its turn (after the watching pause).
    pub(super) fn drive_computer(&mut self, ctx: &egui::Context) {
        // While the autosaved game is offered, a computer move would overwrite it.
        if self.job.is_some()
            || self.paused
            || self.show_new_game
            || self.files.offer.is_some()
            || !self.game.computer_to_move()
        {
            return;
        }
        let watching = self.game.seats.iter().all(Seat::is_computer);
        if watching {
            let wait = self.settings.setup.watch_delay_ms as f64 / 1000.0;
            let left = self.last_move_time + wait - self.now;
            if left > 0.0 {
                ctx.request_repaint_after(Duration::from_secs_f64(left));
                return;
            }
        }
        let Seat::Computer(engine) = self.game.seat_to_move().clone() else {
            return;
        };
        self.launch(ctx, Purpose::Move, &engine);
    }

    /// Takes a finished search's answer; an answer for another game or position is dropped.
    pub(super) fn poll_search(&mut self) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let outcome = match job.poll() {
            Poll::Running => return,
            Poll::Lost => {
                self.job = None;
                self.paused = true;
                return;
            }
            Poll::Done(outcome) => outcome,
        };
        let Some(job) = self.job.take() else {
            return;
        };
        if job.tag != SearchTag::of(self.game.id, &self.game.board) {
            return;
        }
        let Some(cell) = outcome.best_move else {
            return;
        };
        match job.purpose {
            Purpose::Move => self.play(cell, Some(SearchInfo::from_outcome(&outcome))),
            Purpose::Hint => {
                self.hint = Some(cell);
                self.message = Message::HintResult {
                    cell,
                    claims: self.game.board.claims_of(cell).count(),
                };
            }
        }
    }

    /// Fonts and theme, set on the first frame and whenever the theme changes.
    pub(super) fn prepare_frame(&mut self, ctx: &egui::Context) {
        if !self.fonts_installed {
            super::theme::install_fonts(ctx);
            self.fonts_installed = true;
        }
        if self.applied_dark != Some(self.settings.dark) {
            super::theme::apply_visuals(ctx, self.settings.dark);
            self.applied_dark = Some(self.settings.dark);
        }
        self.now = ctx.input(|input| input.time);
        // Look (issue 8)
        super::theme::fit_zoom_to_window(ctx);
    }

    /// Stops any search and waits for its thread: the window is closing.
    /// The autosave is written once more.
    pub(super) fn shut_down(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop_and_join();
        }
        self.sync_files();
    }

    /// The current game as its save file would hold it.
    pub fn record(&self) -> &SavedGame {
        &self.files.record
    }

    /// The seat of `player` as shown in the status panel.
    pub(super) fn seat(&self, player: Player) -> &Seat {
        &self.game.seats[player.index()]
    }
}

/// The random-stone seed of a setup, if its stones are drawn.
fn seed_of(setup: &GameSetup) -> Option<u64> {
    (setup.stone_mode == StoneMode::Random).then_some(setup.seed)
}
