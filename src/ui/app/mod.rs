//! The application state and what the user's actions do to it. Panels only read this
//! state and return [`Action`]s; [`App::apply`] carries them out in one place.

use crate::board::{Board, Cell, Player};
use crate::store::location::{SAVES_DIR_VAR, SavesLocation, SavesSource, legacy_saves_in};
use crate::store::{LoadedGame, SavedGame, SearchInfo};
use crate::ui::i18n::{Texts, texts};
use crate::ui::jobs::dialogs::FileTask;
use crate::ui::jobs::search::{EngineSlots, Poll, Purpose, SearchJob, SearchTag, Slot};
use crate::ui::session::game::{Game, Seat, board_from_setup, seat_from_side, seats_from_setup};
use crate::ui::session::known::KnownResult;
use crate::ui::session::messages::Message;
use crate::ui::session::saving::{CheckEnded, Files, load_save, record_of, window_saves};
use crate::ui::session::settings::{GameSetup, Settings, StoneMode};
use eframe::egui;
use std::path::{Path, PathBuf};
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
    /// Step through the game: first position, a move back, a move on, the current one.
    ReviewStep(ReviewStep),
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
    /// Analyse the game on screen in the background.
    Analyse,
    /// Stop the analysis (what it finished is kept).
    CancelAnalysis,
    /// Show the position before this move (1-based) of the analysed game, with the move
    /// played and a better one marked (the worst-moves list).
    ShowWorstMove(usize),
    /// Open this game of the History window and analyse it.
    AnalyseHistoryEntry(usize),
    /// Show (or reload) the History window.
    ShowHistory,
    /// Close it.
    CloseHistory,
    /// Show this game of the History window (its index in the loaded list).
    OpenHistoryEntry(usize),
    /// Use the folder typed in the History window as the saves folder.
    SetSavesDir,
    /// The human (or, between two people, the side to move) gives up the game.
    Resign,
    /// Stop the computers (computer against computer) until Resume.
    Pause,
    /// The same starting board again, the seats (and so the colours) swapped.
    Rematch,
    /// A new game with the remembered new-game choices (random stones re-drawn).
    NewGameSameSettings,
    /// Close the game-over summary (the board stays as it ended).
    CloseSummary,
    /// Answer the question asked before an unfinished game is replaced.
    ConfirmReplace(ReplaceChoice),
    /// Close the window.
    Quit,
    // Look (issue 8)
    /// Text pasted with Ctrl+V outside any text field (from the system clipboard): put
    /// it in the paste box and load it as a game string.
    PasteText(String),
    // Tree Lab (issue 12)
    /// Open the Tree Lab window, or close it (View menu, Ctrl+T).
    ToggleTreeLab,
}

/// A step through the game's positions (the |< < > >| buttons and Home, Left, Right,
/// End).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    /// The starting position.
    First,
    /// One move back.
    Back,
    /// One move on.
    Forward,
    /// The current position (the review ends).
    Last,
}

/// The player's answer when a new, opened or pasted game would replace an unfinished one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplaceChoice {
    /// Save the unfinished game (to its file, else a fresh one in the saves folder),
    /// then replace it.
    SaveFirst,
    /// Replace it; its moves are lost (the player chose so).
    Discard,
    /// Keep it; the other game is dropped.
    Cancel,
}

/// A game about to take the place of the one on screen: everything the switch needs, so
/// that new, opened, pasted, continued and history games all go through one door
/// ([`App::offer_replacement`]), which asks first when moves would be lost.
pub(in crate::ui) struct Replacement {
    /// The game (its id is given when it goes on screen).
    game: Game,
    /// Its save record.
    record: SavedGame,
    /// The file it came from, if any.
    path: Option<PathBuf>,
    /// Whether it equals `path`'s content (an opened file), so replacing it loses nothing.
    pub(in crate::ui) saved: bool,
    /// The status line once it is on screen.
    message: Message,
    /// The computer waits for Resume (a pasted position is studied first).
    paused: bool,
    /// Analyse the game once it is on screen.
    analyse: bool,
    /// New-game choices to remember (a game started from the new-game panel).
    setup: Option<GameSetup>,
}

impl Replacement {
    /// A game loaded from a file, the autosave or the history, with the seats it names.
    ///
    /// A seat naming an engine this version does not know is played by the default
    /// engine, but not silently: the status line says so and the computer waits for
    /// Resume.
    pub(in crate::ui) fn loaded(
        loaded: LoadedGame,
        path: Option<PathBuf>,
        message: Message,
    ) -> Self {
        let [(one, unknown_one), (two, unknown_two)] = loaded
            .saved
            .settings
            .players
            .clone()
            .map(|s| seat_from_side(&s));
        let unknown = unknown_one.or(unknown_two);
        let paused = unknown.is_some();
        let message = match unknown {
            Some(unknown) => Message::Both(
                Box::new(message),
                Box::new(Message::UnknownEngine {
                    name: unknown.name,
                    known: unknown.known,
                }),
            ),
            None => message,
        };
        Replacement {
            game: Game::new(0, loaded.board, [one, two]),
            record: loaded.saved,
            path,
            saved: false,
            message,
            paused,
            setup: None,
            analyse: false,
        }
    }

    /// A game at its start, not from a file: its status line says it started.
    fn starting(game: Game, record: SavedGame, setup: Option<GameSetup>) -> Self {
        Replacement {
            message: started(&game.board),
            game,
            record,
            path: None,
            saved: false,
            paused: false,
            setup,
            analyse: false,
        }
    }

    /// A fresh game from new-game choices.
    fn from_setup(setup: &GameSetup) -> Self {
        let game = Game::new(0, board_from_setup(setup), seats_from_setup(setup));
        let mut record = record_of(&game, seed_of(setup));
        record.names = crate::ui::i18n::names::typed_names(setup);
        Replacement::starting(game, record, Some(setup.clone()))
    }
}

/// The status line of a game that just started.
fn started(board: &Board) -> Message {
    Message::Started {
        size: board.size(),
        stones: board.stones().count(),
    }
}

/// The Queens & Stones window.
pub struct App {
    pub(in crate::ui) settings: Settings,
    /// The new-game choices being edited (copied to the settings on Start).
    pub(in crate::ui) draft: GameSetup,
    pub(in crate::ui) game: Game,
    next_game_id: u64,
    pub(in crate::ui) job: Option<SearchJob>,
    /// The engines kept between searches (moved into `job` while it runs).
    engines: EngineSlots,
    /// The last result a search proved, for the position it holds for.
    known: Option<KnownResult>,
    pub(in crate::ui) paused: bool,
    pub(in crate::ui) hint: Option<Cell>,
    pub(in crate::ui) review: Option<usize>,
    pub(in crate::ui) message: Message,
    pub(in crate::ui) paste_text: String,
    pub(in crate::ui) show_new_game: bool,
    pub(in crate::ui) show_rules: bool,
    pub(in crate::ui) show_about: bool,
    /// Why Help > About's "Open saves folder" failed, shown there.
    pub(in crate::ui) about_problem: Option<String>,
    /// The offer to copy an older version's `saves/` from the current folder.
    pub(in crate::ui) old_saves: Option<crate::ui::windows::about::OldSavesOffer>,
    /// The egui time of the last move, for the claim animation and the watching pace.
    pub(in crate::ui) last_move_time: f64,
    pub(in crate::ui) now: f64,
    pub(in crate::ui) hovered: Option<Cell>,
    /// Saves, autosave, history and export.
    pub(in crate::ui) files: Files,
    /// A game waiting for the player's answer before it replaces an unfinished one.
    pub(in crate::ui) pending: Option<Replacement>,
    /// The side that resigned the game on screen.
    resigned: Option<Player>,
    /// The game string of the finished game whose summary the player closed.
    summary_closed: Option<String>,
    fonts_installed: bool,
    applied_dark: Option<bool>,
    /// The Tree Lab window (issue 12).
    pub(in crate::ui) tree_lab: crate::ui::windows::tree_lab::TreeLab,
    /// The game analysis running in the background, if any.
    pub(in crate::ui) analysis_job: Option<crate::ui::jobs::analysis::AnalysisJob>,
    /// The last finished analysis (shown while its game string is the one on screen).
    pub(in crate::ui) analysis: Option<crate::analysis::Analysis>,
    /// The thesis's table 2.4 measured on the position on screen.
    pub(in crate::ui) table24: crate::ui::jobs::table24::Table24Panel,
    /// The move (1-based) of the worst-moves list on show, beside the better move.
    compared: Option<usize>,
    /// A game just put on screen is to be analysed (History's "Analyse").
    analyse_requested: bool,
    /// The move values of the position on screen, while View > move values is on.
    pub(in crate::ui) live: Option<crate::ui::jobs::live::LiveJob>,
}

impl App {
    /// The app for the real window: settings from eframe's storage, fonts and theme set.
    ///
    /// For screenshots and demos, `QUEENS_SETTINGS` (settings as JSON) replaces the stored
    /// settings and `QUEENS_POSITION` (a game string) is loaded as if pasted.
    /// `saves_dir`, when given (by `queens gui --saves-dir`), overrides the saves folder of
    /// the settings and of `QUEENS_SAVES_DIR`.
    pub fn new(cc: &eframe::CreationContext<'_>, saves_dir: Option<PathBuf>) -> App {
        let settings = match std::env::var("QUEENS_SETTINGS") {
            Ok(text) => Settings::from_json(&text),
            Err(_) => Settings::from_storage(cc.storage),
        };
        let env_dir = std::env::var_os(SAVES_DIR_VAR);
        let location = window_saves(
            saves_dir.as_deref(),
            env_dir.as_deref(),
            &settings.saves_dir,
        );
        let mut app = App::with_settings_in(settings, location);
        app.offer_old_saves();
        if let Ok(position) = std::env::var("QUEENS_POSITION") {
            app.paste_text = position;
            app.paste_position();
            app.paused = false;
        }
        app
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
        let draft = settings.setup.clone();
        let game = Game::new(1, board_from_setup(&draft), seats_from_setup(&draft));
        let mut files = Files::new(location, &game, seed_of(&draft));
        files.record.names = crate::ui::i18n::names::typed_names(&draft);
        let message = started(&game.board);
        let mut app = App {
            settings,
            draft,
            game,
            next_game_id: 2,
            job: None,
            engines: EngineSlots::default(),
            known: None,
            analysis_job: None,
            analysis: None,
            compared: None,
            analyse_requested: false,
            live: None,
            paused: false,
            hint: None,
            review: None,
            message,
            paste_text: String::new(),
            show_new_game: false,
            show_rules: false,
            show_about: false,
            about_problem: None,
            old_saves: None,
            last_move_time: f64::NEG_INFINITY,
            now: 0.0,
            hovered: None,
            files,
            pending: None,
            resigned: None,
            summary_closed: None,
            fonts_installed: false,
            applied_dark: None,
            tree_lab: crate::ui::windows::tree_lab::TreeLab::default(),
            table24: crate::ui::jobs::table24::Table24Panel::default(),
        };
        app.check_autosave();
        app
    }

    /// The game's current position (not the reviewed one).
    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// The Tree Lab's state (open or not, its tree, trace and cursor).
    pub fn tree_lab(&self) -> &crate::ui::windows::tree_lab::TreeLab {
        &self.tree_lab
    }

    /// The Table 2.4 window's state (its choices, rows and last table).
    pub fn table24(&self) -> &crate::ui::jobs::table24::Table24Panel {
        &self.table24
    }

    /// The current settings (language, theme, last new-game choices).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The status line as shown, in the current language.
    pub fn status_text(&self) -> String {
        self.message.text(self.texts(), &self.player_names())
    }

    /// Whether Undo would take a move back (not when only the computer has moved).
    pub fn can_undo(&self) -> bool {
        self.resigned.is_none() && self.game.can_undo()
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

    /// Whether a question blocks the window (the autosave offer, or "replace the
    /// unfinished game?"): then only its answers, and quitting, are carried out.
    pub fn asking(&self) -> bool {
        self.files.awaiting_choice() || self.pending.is_some()
    }

    /// Whether a game-replacing question is open.
    pub fn replace_asked(&self) -> bool {
        self.pending.is_some()
    }

    /// Carries out `action`, as if the user had clicked it. While a question is open
    /// ([`App::asking`]) other actions (shortcuts, a click that got through) are refused,
    /// so nothing replaces or overwrites a game the player has not decided about.
    pub fn apply(&mut self, ctx: &egui::Context, action: Action) {
        let answer = matches!(
            action,
            Action::ContinueAutosave
                | Action::DiscardAutosave
                | Action::ConfirmReplace(_)
                | Action::Quit
        );
        if self.asking() && !answer {
            if self.files.awaiting_choice() {
                self.message = Message::ChooseFirst;
            }
            return;
        }
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
            Action::Review(ply) => self.review_at(ply),
            Action::BackToGame => self.review_at(self.game.board.ply()),
            Action::ReviewStep(step) => {
                let last = self.game.board.ply();
                let shown = self.review.unwrap_or(last);
                self.review_at(match step {
                    ReviewStep::First => 0,
                    ReviewStep::Back => shown.saturating_sub(1),
                    ReviewStep::Forward => shown + 1,
                    ReviewStep::Last => last,
                });
            }
            Action::CellClicked(cell) => self.cell_clicked(cell),
            Action::Save => self.save(ctx),
            Action::SaveAs => self.files.ask_path(ctx, FileTask::SaveAs),
            Action::Open => self.files.ask_path(ctx, FileTask::Open),
            Action::ExportHistory => self.files.ask_path(ctx, FileTask::Export),
            Action::PathChosen(task, path) => self.path_chosen(ctx, task, path),
            Action::ClosePrompt => self.files.prompt = None,
            Action::ContinueAutosave => self.continue_autosave(),
            Action::DiscardAutosave => self.discard_autosave(),
            Action::Analyse => self.start_analysis(ctx),
            Action::CancelAnalysis => {
                if let Some(job) = &self.analysis_job {
                    job.cancel();
                }
            }
            Action::ShowHistory => self.files.show_history(ctx),
            Action::ToggleTreeLab => self.tree_lab.open = !self.tree_lab.open,
            Action::CloseHistory => self.files.history = None,
            Action::OpenHistoryEntry(index) => self.open_history_entry(index, false),
            Action::AnalyseHistoryEntry(index) => self.open_history_entry(index, true),
            Action::ShowWorstMove(ply) => {
                self.review_at(ply.saturating_sub(1));
                self.compared = Some(ply);
            }
            Action::SetSavesDir => self.set_saves_dir(ctx),
            Action::ConfirmReplace(choice) => self.confirm_replace(choice),
            Action::Resign => self.resign(),
            Action::Pause => {
                self.stop_search();
                self.paused = true;
                self.message = Message::Paused;
            }
            Action::Rematch => self.rematch(),
            Action::NewGameSameSettings => {
                let mut setup = self.settings.setup.clone();
                if setup.stone_mode == StoneMode::Random {
                    setup.seed = crate::ui::panels::new_game::reroll(setup.seed);
                }
                self.offer_replacement(Replacement::from_setup(&setup));
            }
            Action::CloseSummary => {
                self.summary_closed = Some(self.game.board.game_string());
            }
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            // Look (issue 8)
            Action::PasteText(text) => {
                self.paste_text = text;
                self.apply(ctx, Action::PastePosition);
            }
        }
        // A game opened to be analysed is on screen now (or was refused, or is waiting
        // for the player's answer, which comes back here).
        if std::mem::take(&mut self.analyse_requested) {
            self.start_analysis(ctx);
        }
    }

    pub(in crate::ui) fn texts(&self) -> &'static Texts {
        texts(self.settings.language)
    }

    /// The players' names (see [`crate::ui::i18n::names`]): typed ones, else "You" / "Player 1",
    /// and computers by level ("Computer (Medium)").
    pub(in crate::ui) fn player_names(&self) -> [String; 2] {
        // Look (issue 8)
        crate::ui::i18n::names::seat_names(self.texts(), &self.game.seats, &self.files.record.names)
    }

    /// The board on show: the game's, or an earlier one under review.
    pub(in crate::ui) fn shown_board(&self) -> Board {
        match self.review {
            Some(ply) => self.game.board.at_ply(ply),
            None => self.game.board.clone(),
        }
    }

    /// Whether the game on screen has ended: no free cell left, or a side resigned.
    pub fn game_ended(&self) -> bool {
        self.game.board.is_over() || self.resigned.is_some()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// The winner of an ended game (`None`: a draw, or not ended).
    pub fn winner(&self) -> Option<Player> {
        match self.resigned {
            Some(loser) => Some(loser.opponent()),
            None => self.game.board.outcome().flatten(),
        }
    }

    /// Whether the game-over summary is on screen: the game ended, no earlier position
    /// is reviewed, and the player has not closed it.
    pub fn summary_shown(&self) -> bool {
        self.game_ended()
            && self.review.is_none()
            && !self.show_new_game
            && self.summary_closed.as_deref() != Some(self.game.board.game_string().as_str())
    }

    /// Who resigns now: the human against the computer, the side to move between two
    /// people; nobody between two computers or in an ended game.
    pub fn resigning_side(&self) -> Option<Player> {
        if self.game_ended() {
            return None;
        }
        let humans: Vec<Player> = [Player::One, Player::Two]
            .into_iter()
            .filter(|p| !self.game.seats[p.index()].is_computer())
            .collect();
        match humans.as_slice() {
            [one] => Some(*one),
            [_, _] => Some(self.game.board.side_to_move()),
            _ => None,
        }
    }

    /// Ends the game by resignation. The save format has no resigned result, so the
    /// game is not added to the history (the summary says so); its autosave is removed,
    /// as for any game the player ended.
    fn resign(&mut self) {
        let Some(loser) = self.resigning_side() else {
            return;
        };
        self.stop_search();
        self.hint = None;
        self.review = None;
        self.resigned = Some(loser);
        self.message = Message::Resigned(loser);
        self.sync_files();
    }

    /// The same starting board with the seats swapped, so each side plays the other
    /// colour (and, against the computer, the other side moves first).
    fn rematch(&mut self) {
        let board = self.game.board.at_ply(0);
        let [one, two] = self.game.seats.clone();
        let game = Game::new(0, board, [two, one]);
        let mut record = record_of(&game, self.files.record.settings.seed);
        // The players change seats, and their names with them.
        let [one, two] = self.files.record.names.clone();
        record.names = [two, one];
        self.offer_replacement(Replacement::starting(game, record, None));
    }

    /// Shows the position after `ply` moves; the current one (or beyond) ends the review.
    fn review_at(&mut self, ply: usize) {
        self.compared = None;
        let last = self.game.board.ply();
        let was_reviewing = self.review.is_some();
        self.review = (ply < last).then_some(ply);
        match self.review {
            Some(ply) => self.message = Message::Reviewing(ply),
            None if was_reviewing => self.message = Message::BackToGame,
            None => {}
        }
    }

    pub(in crate::ui) fn new_game_id(&mut self) -> u64 {
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
        self.draft.clamp();
        let replacement = Replacement::from_setup(&self.draft);
        self.offer_replacement(replacement);
    }

    /// The status line of the game on screen at its start.
    pub(in crate::ui) fn started_message(&self) -> Message {
        started(&self.game.board)
    }

    /// Puts `replacement` on screen, or first asks the player when the game on screen
    /// has moves that would be lost.
    pub(in crate::ui) fn offer_replacement(&mut self, replacement: Replacement) {
        if self.unsaved_progress() {
            self.pending = Some(replacement);
        } else {
            self.replace_with(replacement);
        }
    }

    /// Carries out the player's answer to "replace the unfinished game?".
    fn confirm_replace(&mut self, choice: ReplaceChoice) {
        let Some(replacement) = self.pending.take() else {
            return;
        };
        match choice {
            ReplaceChoice::Cancel => {}
            ReplaceChoice::Discard => self.replace_with(replacement),
            ReplaceChoice::SaveFirst => match self.files.save_without_asking() {
                Ok(path) => {
                    self.replace_with(replacement);
                    let then = std::mem::replace(&mut self.message, Message::NothingToUndo);
                    self.message = Message::Both(Box::new(Message::Saved(path)), Box::new(then));
                }
                // Not saved: the game stays, and the status line says why.
                Err(message) => self.message = message,
            },
        }
    }

    /// Puts `replacement` on screen now (any question has been answered).
    pub(in crate::ui) fn replace_with(&mut self, replacement: Replacement) {
        let Replacement {
            mut game,
            record,
            path,
            saved,
            message,
            paused,
            setup,
            analyse,
        } = replacement;
        self.analyse_requested = analyse;
        if let Some(setup) = setup {
            self.settings.setup = setup;
        }
        game.id = self.new_game_id();
        self.replace_game(game);
        self.paused = paused;
        self.files.path = path;
        self.adopt_record(record);
        if saved {
            self.files.mark_saved();
        }
        self.message = message;
    }

    /// Puts `game` on screen in place of the current one (its search stopped).
    pub(in crate::ui) fn replace_game(&mut self, game: Game) {
        self.stop_search();
        self.game = game;
        self.reset_view();
        self.show_new_game = false;
    }

    fn reset_view(&mut self) {
        self.resigned = None;
        self.summary_closed = None;
        self.paused = false;
        self.hint = None;
        self.review = None;
        self.last_move_time = f64::NEG_INFINITY;
    }

    fn undo(&mut self) {
        // A resigned game is over for good: its autosave is gone.
        if self.resigned.is_some() {
            return;
        }
        self.move_through_history(Game::undo, Message::NothingToUndo, Message::Undone);
        // After an undo the person wants to think; a computer-only game stays paused.
        self.paused = self.game.seats.iter().all(Seat::is_computer);
    }

    fn redo(&mut self) {
        if self.resigned.is_some() {
            return;
        }
        self.move_through_history(Game::redo, Message::NothingToRedo, Message::Redone);
    }

    /// Undo and redo alike: stop any search, leave review and hint, take `step`, say how
    /// many moves it took (`none` for zero) and follow the change in the files.
    fn move_through_history(
        &mut self,
        step: fn(&mut Game) -> usize,
        none: Message,
        done: fn(usize) -> Message,
    ) {
        self.stop_search();
        self.hint = None;
        self.review = None;
        let count = step(&mut self.game);
        if count == 0 {
            self.message = none;
        } else {
            self.message = done(count);
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
                let game = Game::new(0, board, self.game.seats.clone());
                let mut record = record_of(&game, None);
                // The same players, so the same names.
                record.names = self.files.record.names.clone();
                // A pasted position is studied first: the computer waits for Resume.
                let paused = game.computer_to_move();
                self.offer_replacement(Replacement {
                    game,
                    record,
                    path: None,
                    saved: false,
                    message: Message::Pasted,
                    paused,
                    setup: None,
                    analyse: false,
                });
            }
            Err(error) => self.message = Message::PasteError(error),
        }
    }

    fn cell_clicked(&mut self, cell: Cell) {
        if self.asking() {
            return;
        }
        if self.resigned.is_some() && !self.show_new_game {
            self.message = Message::Resigned(self.resigned.unwrap_or(Player::One));
            return;
        }
        if self.show_new_game {
            self.toggle_setup_stone(cell);
            return;
        }
        if self.review.is_some() {
            self.message = Message::ReviewReadOnly;
            return;
        }
        if self.game.computer_to_move() {
            // Paused, nothing is thinking: say how to let the computer move.
            self.message = if self.paused && self.job.is_none() {
                Message::ComputerPaused
            } else {
                Message::WaitForComputer
            };
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
        if self.job.is_some() || self.game_ended() {
            return;
        }
        if self.game.seat_to_move().is_computer() {
            self.message = Message::HintOnlyHuman;
            return;
        }
        self.review = None;
        let engine = hint_engine(self.opponent_engine());
        self.launch(ctx, Purpose::Hint, &engine);
        self.message = Message::HintThinking;
    }

    /// The engine a hint uses: the computer opponent's, or the new-game default.
    fn opponent_engine(&self) -> crate::ui::session::settings::EngineSetup {
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
        engine: &crate::ui::session::settings::EngineSetup,
    ) {
        let config = engine.config();
        let slot = match purpose {
            Purpose::Move => Slot::Seat(self.game.board.side_to_move().index()),
            Purpose::Hint => Slot::Hint,
        };
        let kept = self.engines.take(slot, config);
        let repaint = ctx.clone();
        self.job = Some(SearchJob::start(
            SearchTag::of(self.game.id, &self.game.board),
            purpose,
            slot,
            &self.game.board,
            kept,
            config.limits(),
            move || repaint.request_repaint(),
        ));
    }

    /// Starts analysing the game on screen (its moves so far), unless one is running.
    fn start_analysis(&mut self, ctx: &egui::Context) {
        if self.analysis_job.is_some() {
            return;
        }
        let repaint = ctx.clone();
        self.analysis = None;
        self.analysis_job = Some(crate::ui::jobs::analysis::AnalysisJob::start(
            &self.game.board,
            move || repaint.request_repaint(),
        ));
    }

    /// Takes a finished analysis.
    pub(in crate::ui) fn poll_analysis(&mut self) {
        let Some(job) = self.analysis_job.as_mut() else {
            return;
        };
        if let Some(result) = job.finished() {
            self.analysis = result;
            self.analysis_job = None;
        }
    }

    /// Whether an analysis is running.
    pub fn is_analysing(&self) -> bool {
        self.analysis_job.is_some()
    }

    /// The analysis of the game on screen, once finished (none after a move changed
    /// the game).
    pub fn analysis(&self) -> Option<&crate::analysis::Analysis> {
        self.analysis
            .as_ref()
            .filter(|analysis| analysis.game == self.game.board.game_string())
    }

    /// The analysed move (1-based) on show beside its better move, with the position
    /// before it: the played and the better cell and who moved.
    pub fn compared_move(&self) -> Option<crate::ui::board::view::Compare> {
        let ply = self.compared?;
        if self.review != Some(ply - 1) {
            return None;
        }
        let judged = self.analysis()?.moves.iter().find(|m| m.ply == ply)?;
        Some(crate::ui::board::view::Compare {
            played: judged.played,
            better: judged.best?,
            mover: Player::at_ply(ply - 1),
        })
    }

    /// Keeps the move values' thread on the position on screen: started when they are
    /// wanted and missing, replaced when the position changed, dropped (stopped) when
    /// no longer wanted.
    pub(in crate::ui) fn poll_live(&mut self, ctx: &egui::Context) {
        let Some(board) = self.live_board() else {
            self.live = None;
            return;
        };
        if self.live.as_ref().is_some_and(|job| job.is_for(&board)) {
            return;
        }
        let repaint = ctx.clone();
        self.live = Some(crate::ui::jobs::live::LiveJob::start(&board, move || {
            repaint.request_repaint()
        }));
    }

    /// The position whose moves are valued now: the one on screen, while the move values
    /// are on, a move is to be chosen there, and the computer is not thinking about it
    /// (the two would share the machine, and the computer's time-limited search would
    /// play weaker).
    fn live_board(&self) -> Option<Board> {
        if !self.settings.heat_map || self.show_new_game || self.asking() {
            return None;
        }
        let board = self.shown_board();
        let computer_thinking = self.review.is_none() && self.game.computer_to_move();
        (!board.is_over() && !computer_thinking && self.resigned.is_none()).then_some(board)
    }

    /// The move values of the position on screen (the best answer so far), while the
    /// move values are on.
    pub fn live_values(&self) -> Option<crate::analysis::MoveValues> {
        let board = self.live_board()?;
        let job = self.live.as_ref().filter(|job| job.is_for(&board))?;
        job.values()
    }

    /// Whether the move values of the position on screen are still being improved.
    pub fn live_running(&self) -> bool {
        self.live
            .as_ref()
            .is_some_and(crate::ui::jobs::live::LiveJob::running)
    }

    /// P1's final margin with best play from the position on screen, when a search has
    /// proven it.
    pub fn known_margin(&self) -> Option<i32> {
        self.known
            .as_ref()
            .and_then(|known| known.margin_for(&self.game.board))
    }

    /// How many engines the window has built (one per computer seat unless its engine
    /// changes; for tests).
    pub fn engines_built(&self) -> u64 {
        self.engines.built()
    }

    /// Starts the computer's search when it is its turn (after the watching pause).
    pub(in crate::ui) fn drive_computer(&mut self, ctx: &egui::Context) {
        // While the autosaved game is offered, a computer move would overwrite it.
        if self.job.is_some()
            || self.paused
            || self.show_new_game
            || self.resigned.is_some()
            || self.asking()
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
    pub(in crate::ui) fn poll_search(&mut self) {
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
            Poll::Done(outcome, engine) => {
                self.engines.give_back(job.slot, engine);
                outcome
            }
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
        let before = self.game.board.clone();
        match job.purpose {
            Purpose::Move => {
                self.play(cell, Some(SearchInfo::from_outcome(&outcome)));
                // Best play from the searched position goes through the move just played,
                // so what the search proved holds for the position after it.
                if let Some(known) = KnownResult::proven(&before, &outcome, &self.game.board) {
                    self.known = Some(known);
                }
            }
            Purpose::Hint => {
                if let Some(known) = KnownResult::proven(&before, &outcome, &before) {
                    self.known = Some(known);
                }
                self.hint = Some(cell);
                self.message = Message::HintResult {
                    cell,
                    claims: self.game.board.claims_of(cell).count(),
                };
            }
        }
    }

    /// Fonts and theme, set on the first frame and whenever the theme changes.
    pub(in crate::ui) fn prepare_frame(&mut self, ctx: &egui::Context) {
        if !self.fonts_installed {
            crate::ui::shell::theme::install_fonts(ctx);
            self.fonts_installed = true;
        }
        if self.applied_dark != Some(self.settings.dark) {
            crate::ui::shell::theme::apply_visuals(ctx, self.settings.dark);
            self.applied_dark = Some(self.settings.dark);
        }
        self.now = ctx.input(|input| input.time);
        // Look (issue 8)
        crate::ui::shell::theme::fit_zoom_to_window(ctx);
    }

    /// Stops any search and waits for its thread: the window is closing.
    /// The autosave is written once more.
    pub(in crate::ui) fn shut_down(&mut self) {
        self.table24.stop();
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
    pub(in crate::ui) fn seat(&self, player: Player) -> &Seat {
        &self.game.seats[player.index()]
    }
}

/// The file side of the app: thin calls on [`Files`], which does the work and returns
/// what the status line says.
impl App {
    /// The saves folder in use.
    pub fn saves_dir(&self) -> &Path {
        &self.files.dir
    }

    /// The file the game was last saved to or opened from.
    pub fn save_path(&self) -> Option<&Path> {
        self.files.path.as_deref()
    }

    /// Whether an unfinished autosaved game is offered for "Continue".
    pub fn continue_offered(&self) -> bool {
        self.files.offer().is_some()
    }

    /// Whether the look for an autosave at start is still under way.
    pub fn checking_autosave(&self) -> bool {
        self.files.checking()
    }

    /// Whether the History window is still loading.
    pub fn history_loading(&self) -> bool {
        self.files.history_loading()
    }

    /// Whether the Excel export is still running.
    pub fn is_exporting(&self) -> bool {
        self.files.exporting()
    }

    /// Native file dialogs on (the default) or off. Off, Save/Open/Export go straight to
    /// the window's own path field, as on a system without any dialog: tests use this so
    /// that they never wait on a dialog.
    pub fn set_native_dialogs(&mut self, on: bool) {
        self.files.set_native_dialogs(on);
    }

    /// Shows `message` in the status line, if there is one.
    fn report(&mut self, message: Option<Message>) {
        if let Some(message) = message {
            self.message = message;
        }
    }

    fn check_autosave(&mut self) {
        self.files.start_autosave_check();
        self.message = Message::CheckingAutosave;
    }

    /// Brings the files up to the board after a move, an undo or a redo.
    fn after_change(&mut self, search: Option<SearchInfo>) {
        let ended = self.resigned.is_some();
        let failure = self.files.update(&self.game.board, search, ended);
        self.report(failure);
    }

    /// Makes `record` the record of the game now on screen.
    fn adopt_record(&mut self, record: SavedGame) {
        let failure = self.files.adopt(record, self.resigned.is_some());
        self.report(failure);
    }

    /// The autosave and the history follow the game ([`Files::sync`]).
    fn sync_files(&mut self) {
        let failure = self.files.sync(self.resigned.is_some());
        self.report(failure);
    }

    /// Ctrl+S: to the game's file if it has one, else like Save as.
    fn save(&mut self, ctx: &egui::Context) {
        match self.files.path.clone() {
            Some(path) => self.save_to(path),
            None => self.files.ask_path(ctx, FileTask::SaveAs),
        }
    }

    /// Carries out `task` on the path the dialog or the path field gave.
    fn path_chosen(&mut self, ctx: &egui::Context, task: FileTask, path: PathBuf) {
        self.files.prompt = None;
        match task {
            FileTask::SaveAs => self.save_to(path),
            FileTask::Open => self.open(&path),
            FileTask::Export => {
                let extra = crate::ui::session::saving::ExtraSheets {
                    table24: self.table24.table.clone(),
                    analysis: self.analysis().cloned(),
                };
                self.message = self.files.start_export(ctx, path, extra);
            }
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        self.message = match self.files.write_save(path) {
            Ok(path) => Message::Saved(path),
            Err(message) => message,
        };
    }

    /// Whether replacing the game on screen would lose moves the player has not saved:
    /// it is unfinished, has moves, and differs from its file.
    fn unsaved_progress(&self) -> bool {
        let board = &self.game.board;
        !self.game_ended() && board.ply() > 0 && self.files.record_unsaved()
    }

    /// Loads a save; a bad file leaves the game on screen untouched and says why.
    fn open(&mut self, path: &Path) {
        match load_save(path) {
            Ok(loaded) => {
                let message = Message::Opened(path.to_path_buf(), loaded.board.ply());
                let mut replacement =
                    Replacement::loaded(loaded, Some(path.to_path_buf()), message);
                replacement.saved = true;
                self.offer_replacement(replacement);
            }
            Err(message) => self.message = message,
        }
    }

    /// Takes up the autosaved game offered at start.
    fn continue_autosave(&mut self) {
        if let Some(loaded) = self.files.take_offer() {
            let message = Message::Continued(loaded.board.ply());
            self.replace_with(Replacement::loaded(loaded, None, message));
        }
    }

    /// Declines the offered autosave, which is then removed: the player chose so.
    fn discard_autosave(&mut self) {
        let failure = self.files.discard_offer(self.resigned.is_some());
        self.report(failure);
    }

    /// Shows a game of the history (finished: read-only until an undo).
    fn open_history_entry(&mut self, index: usize, analyse: bool) {
        match self.files.history_game(index) {
            Some(Ok((loaded, id))) => {
                let mut replacement = Replacement::loaded(loaded, None, Message::HistoryOpened(id));
                replacement.analyse = analyse;
                self.offer_replacement(replacement);
            }
            Some(Err(message)) => self.message = message,
            None => {}
        }
    }

    /// Offers, once per folder, to copy the `saves/` an older version left in the current
    /// folder, when the saves now live in the data folder.
    fn offer_old_saves(&mut self) {
        if self.files.source != SavesSource::DataFolder {
            return;
        }
        if let Ok(current) = std::env::current_dir() {
            self.offer_old_saves_in(&current);
        }
    }

    /// Offers to copy the games of `current`'s `saves/` into the saves folder in use, if
    /// it has any and was not offered before; returns whether the offer is now shown.
    /// (The real window calls it with the folder it started in; tests with their own.)
    pub fn offer_old_saves_in(&mut self, current: &Path) -> bool {
        if let Some(old) = legacy_saves_in(current, &self.files.dir) {
            let offer = crate::ui::windows::about::OldSavesOffer::new(old);
            if !self.settings.old_saves_offered.contains(&offer.key()) {
                self.old_saves = Some(offer);
            }
        }
        self.old_saves.is_some()
    }

    /// Whether the offer to copy an older version's saves is on screen.
    pub fn offering_old_saves(&self) -> bool {
        self.old_saves.is_some()
    }

    /// Shows the old-saves offer, if any, and acts on the answer.
    pub(in crate::ui) fn old_saves_ui(&mut self, ctx: &egui::Context) {
        use crate::ui::windows::about::{OfferAnswer, old_saves_ui};
        let Some(offer) = &mut self.old_saves else {
            return;
        };
        offer.poll();
        match old_saves_ui(offer, &self.files.dir, texts(self.settings.language), ctx) {
            OfferAnswer::None => {}
            OfferAnswer::Copy => {
                self.settings.old_saves_offered.push(offer.key());
                offer.start_copy(&self.files.dir, ctx);
            }
            OfferAnswer::Decline => {
                self.settings.old_saves_offered.push(offer.key());
                self.old_saves = None;
            }
            OfferAnswer::Closed => self.old_saves = None,
        }
    }

    /// Uses the folder typed in the History window from now on.
    fn set_saves_dir(&mut self, ctx: &egui::Context) {
        self.settings.saves_dir = self.files.use_typed_folder(ctx);
        self.message = Message::FolderSet(self.files.dir.clone());
    }

    /// Takes the autosave check's answer, a closed dialog's path, the history and a
    /// finished export's result (once per frame).
    pub(in crate::ui) fn poll_files(&mut self, ctx: &egui::Context) {
        if let Some(ended) = self.files.poll_autosave_check(ctx) {
            if self.message == Message::CheckingAutosave {
                self.message = self.started_message();
            }
            if let CheckEnded::WithReport(report) = ended {
                self.message = report;
            }
            // A game given at start (a position) is autosaved now.
            self.sync_files();
        }
        self.files.poll_history();
        if let Some((task, path)) = self.files.poll_dialog() {
            self.path_chosen(ctx, task, path);
        }
        let exported = self.files.poll_export();
        self.report(exported);
    }
}

/// The longest a hint thinks: a player asking for one waits for it, so it gets its own
/// short budget rather than the opponent's (up to 60 s).
pub const HINT_TIME_MS: u64 = 1_000;

/// The engine of a hint: the strong engine (`pvs`, which solves exactly when the end is
/// within reach), as deep as the window allows, thinking no longer than the opponent's
/// time and never more than [`HINT_TIME_MS`].
fn hint_engine(
    opponent: crate::ui::session::settings::EngineSetup,
) -> crate::ui::session::settings::EngineSetup {
    crate::ui::session::settings::EngineSetup {
        engine: crate::ai::EngineKind::PVS,
        depth: crate::ui::session::settings::WINDOW_LIMITS.depth.1,
        time_ms: opponent.time_ms.min(HINT_TIME_MS),
    }
}

/// The random-stone seed of a setup, if its stones are drawn.
fn seed_of(setup: &GameSetup) -> Option<u64> {
    (setup.stone_mode == StoneMode::Random).then_some(setup.seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Limits;
    use crate::ui::jobs::search::KeptEngine;
    use crate::ui::session::settings::Preset;

    #[test]
    fn an_answer_for_another_game_is_dropped() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mut settings = Settings::default();
        settings.setup.mode = crate::ui::Mode::HumanVsHuman;
        settings.saves_dir = dir.path().display().to_string();
        let mut app = App::with_settings(settings);
        let board = app.game.board.clone();
        // A move search tagged with another game's id, as if it outlived its game.
        let stale = SearchTag::of(app.game.id + 100, &board);
        let limits = Limits {
            depth: 1,
            time: None,
        };
        let engine = KeptEngine::build(Preset::Easy.engine().config());
        app.job = Some(SearchJob::start(
            stale,
            Purpose::Move,
            Slot::Seat(0),
            &board,
            engine,
            limits,
            || {},
        ));
        for _ in 0..2_000 {
            if app.job.is_none() {
                break;
            }
            app.poll_search();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(app.job.is_none(), "the search did not answer");
        assert_eq!(app.game.board.ply(), 0);
    }

    #[test]
    fn a_game_naming_an_unknown_engine_opens_paused_with_a_warning() {
        use crate::store::{EngineSettings, SavedGame, Side};
        let board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
        let newer = Side::Computer(EngineSettings {
            algorithm: "pvs-2030".into(),
            depth: 7,
            time_ms: Some(3_000),
        });
        let saved = SavedGame::new(&board, [newer, Side::Human], None);
        let loaded = LoadedGame { saved, board };
        let opened = Message::Opened(PathBuf::from("new.ron"), 0);
        let replacement = Replacement::loaded(loaded, None, opened.clone());
        assert!(replacement.paused, "the stand-in would move without a word");
        let Message::Both(first, second) = &replacement.message else {
            panic!("no warning: {:?}", replacement.message)
        };
        assert_eq!(**first, opened);
        assert!(matches!(&**second, Message::UnknownEngine { name, .. } if name == "pvs-2030"));
        let names = [String::new(), String::new()];
        for language in crate::ui::Language::ALL {
            let text = second.text(crate::ui::i18n::texts(language), &names);
            assert!(
                text.contains("pvs-2030") && text.contains("minimax, alphabeta"),
                "{text}"
            );
        }
        // The record keeps the name it was saved with.
        assert_eq!(
            replacement.record.settings.players[0]
                .engine()
                .map(|e| e.algorithm.as_str()),
            Some("pvs-2030")
        );
    }

    #[test]
    fn a_hint_asks_the_strong_engine_for_at_most_a_second_and_never_longer_than_the_opponent() {
        let expert = hint_engine(Preset::Expert.engine());
        assert_eq!(expert.time_ms, HINT_TIME_MS);
        assert_eq!(expert.engine, crate::ai::EngineKind::PVS);
        assert_eq!(
            expert.depth,
            crate::ui::session::settings::WINDOW_LIMITS.depth.1
        );
        let mut quick = Preset::Easy.engine();
        quick.time_ms = 300;
        assert_eq!(hint_engine(quick).time_ms, 300);
    }
}
