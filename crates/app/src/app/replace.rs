//! One door for every game that takes the place of the one on screen (new, rematch,
//! opened, pasted, continued, from the history): [`Replacement`] carries what the
//! switch needs, and the player is asked first when unsaved moves would be lost.

use super::App;
use super::action::ReplaceChoice;
use crate::session::game::{Game, setup_seats};
use crate::session::grid_note::GridNote;
use crate::session::messages::Message;
use crate::session::saving::record_of;
use crate::session::seats::{Seat, board_from_setup, seat_from_side};
use crate::session::settings::{GameSetup, StoneMode};
use queens_board::Board;
use queens_engines::games::seam::AnyGame;
use queens_store::{Loaded, SavedGame};
use std::path::{Path, PathBuf};

/// A game about to take the place of the one on screen: everything the switch needs, so
/// that new, opened, pasted, continued and history games all go through one door
/// ([`App::offer_replacement`]), which asks first when moves would be lost.
pub(crate) struct Replacement {
    /// The game (its id is given when it goes on screen).
    pub(super) game: Game,
    /// Its save record.
    pub(super) record: SavedGame,
    /// The file it came from, if any.
    pub(super) path: Option<PathBuf>,
    /// Whether it equals `path`'s content (an opened file), so replacing it loses nothing.
    pub(crate) saved: bool,
    /// The status line once it is on screen.
    pub(super) message: Message,
    /// The computer waits for Resume (a save whose computer was paused, or whose
    /// engine stands in for an unknown one). A position given by Paste position or a
    /// link is never paused: the computer to move there plays, on the desktop as in
    /// the browser (issue 39).
    pub(super) paused: bool,
    /// Analyse the game once it is on screen.
    pub(super) analyse: bool,
    /// New-game choices to remember (a game started from the new-game panel).
    pub(super) setup: Option<GameSetup>,
}

impl Replacement {
    /// A game loaded from a file, the autosave or the history, with the seats it names.
    ///
    /// A seat naming an engine this version does not know is played by the default
    /// engine, but not silently: the status line says so and the computer waits for
    /// Resume.
    pub(crate) fn loaded(loaded: Loaded, path: Option<PathBuf>, message: Message) -> Self {
        let [(one, unknown_one), (two, unknown_two)] = loaded
            .saved()
            .settings
            .players
            .clone()
            .map(|s| seat_from_side(&s));
        let unknown = unknown_one.or(unknown_two);
        // A computer paused when the game was written stays paused.
        let paused = unknown.is_some() || loaded.saved().computer_paused;
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
        let resigned = loaded.saved().resigned();
        let (game, record) = loaded.into_parts();
        let mut game = Game::new(0, game, [one, two]).with_redo(&record.redo);
        if let Some(loser) = resigned {
            game.resign(loser);
        }
        Replacement {
            game,
            record,
            path,
            saved: false,
            message,
            paused,
            setup: None,
            analyse: false,
        }
    }

    /// A game of the table at `game`, with these seats and typed names: a new game, a
    /// pasted position or a rematch (`seed`: the seed of queens' random stones, kept in
    /// its record). Its record is the store's ([`crate::session::saving::record_of`]).
    pub(super) fn of_game(
        game: Box<dyn AnyGame>,
        seats: [Seat; 2],
        names: [String; 2],
        message: Message,
        seed: Option<u64>,
    ) -> Self {
        let game = Game::new(0, game, seats);
        let mut record = record_of(&game, seed);
        record.names = names;
        Replacement {
            game,
            record,
            path: None,
            saved: false,
            message,
            paused: false,
            analyse: false,
            setup: None,
        }
    }

    /// The same replacement, remembering `setup` as the new-game choices.
    fn with_setup(mut self, setup: &GameSetup) -> Self {
        self.setup = Some(setup.clone());
        self
    }

    /// A fresh game from new-game choices.
    ///
    /// # Errors
    /// The status line's message when the choices make no board.
    pub(super) fn from_setup(setup: &GameSetup) -> Result<Self, Message> {
        let game: Box<dyn AnyGame> = match setup.table.table_setup() {
            Some(text) => {
                queens_engines::games::game_string::read(text).map_err(Message::PasteGameError)?
            }
            None => {
                Box::new(board_from_setup(setup).map_err(|error| Message::BadSetup(error.into()))?)
            }
        };
        let names = crate::i18n::names::typed_names(setup);
        let message = started_of(game.as_ref());
        let seats = setup_seats(game.tag(), setup);
        let no_command = |seat: &Seat| match seat {
            Seat::Computer(engine) => engine.program.as_ref().is_some_and(|c| c.trim().is_empty()),
            Seat::Human => false,
        };
        if seats.iter().any(no_command) {
            return Err(Message::NoProgramCommand);
        }
        Ok(Replacement::of_game(game, seats, names, message, seed_of(setup)).with_setup(setup))
    }
}

/// `message`, followed for a game the saves cannot hold by the note saying nothing of
/// it will be written (so the person knows before playing, not only on Save).
pub(super) fn with_unsavable_note(message: Message, unsavable: Option<&'static str>) -> Message {
    match unsavable {
        Some(tag) => Message::Both(
            Box::new(message),
            Box::new(Message::Grid(GridNote::CannotSave(tag))),
        ),
        None => message,
    }
}

/// What a record of a game pasted after `moves` moves keeps of them
/// ([`queens_store::SavedGame::from_position`]): a position with no move played is the
/// start of a whole game.
fn pasted_moves(moves: usize) -> Option<u32> {
    (moves > 0).then(|| u32::try_from(moves).unwrap_or(u32::MAX))
}

/// Whether `text` is a game string naming a game other than queens (`game=dodgem ...`).
fn names_another_game(text: &str) -> bool {
    text.split_whitespace().any(|word| {
        let lower = word.to_ascii_lowercase();
        lower.starts_with("game=") && lower != "game=queens"
    })
}

/// The status line of `game` at its start: queens names its board, every other game
/// its name.
pub(super) fn started_of(game: &dyn AnyGame) -> Message {
    match game.as_any().downcast_ref::<Board>() {
        Some(board) => started(board),
        None => Message::Grid(GridNote::Started(game.tag())),
    }
}

/// The status line of a queens game that just started.
fn started(board: &Board) -> Message {
    Message::Started {
        size: board.size(),
        stones: board.stones().count(),
    }
}

/// The random-stone seed of a setup, if its stones are drawn.
pub(super) fn seed_of(setup: &GameSetup) -> Option<u64> {
    (setup.stone_mode == StoneMode::Random).then_some(setup.seed)
}

impl App {
    pub(super) fn start_game(&mut self) {
        self.new_game.draft.clamp();
        self.start_from_setup(&self.new_game.draft.clone());
    }

    /// Starts a game from `setup` (asking first if moves would be lost), or says why the
    /// choices make no board and starts nothing.
    pub(super) fn start_from_setup(&mut self, setup: &GameSetup) {
        match Replacement::from_setup(setup) {
            Ok(replacement) => self.offer_replacement(replacement),
            Err(message) => self.message = message,
        }
    }

    /// The choices for the next game: the remembered ones, with the sides swapped when
    /// "alternate who starts" is on and the game on screen, played by those sides, has
    /// ended (so a series alternates, and reopening the panel mid-game swaps nothing).
    pub(super) fn next_setup(&self) -> GameSetup {
        let setup = &self.settings.setup;
        let seats = setup_seats(self.game.tag(), setup);
        if setup.alternate_starts && self.game_ended() && *self.game.seats() == seats {
            setup.swapped()
        } else {
            setup.clone()
        }
    }

    /// The same start with the seats swapped, so each side plays the other colour
    /// (and, against the computer, the other side moves first). The players' names
    /// change seats with them.
    pub(super) fn rematch(&mut self) {
        let [one, two] = self.game.seats().clone();
        let [name_one, name_two] = self.files.record.names.clone();
        let names = [name_two, name_one];
        let start = self.game.start();
        let message = started_of(start.as_ref());
        let seed = self.files.record.settings.seed;
        let replacement = Replacement::of_game(start, [two, one], names, message, seed);
        self.offer_replacement(replacement);
    }

    pub(crate) fn new_game_id(&mut self) -> u64 {
        let id = self.next_game_id;
        self.next_game_id += 1;
        id
    }

    /// The status line of the game on screen at its start.
    /// Two computers waiting for Resume computer at the start say so.
    pub(crate) fn started_message(&self) -> Message {
        let started = self.game.started_message();
        let waiting = self.paused
            && self.current_ply() == 0
            && self.game.seats().iter().all(Seat::is_computer);
        if waiting {
            Message::Both(Box::new(started), Box::new(Message::WatchPaused))
        } else {
            started
        }
    }

    /// Puts `replacement` on screen, or first asks the player when the game on screen
    /// has moves that would be lost.
    pub(crate) fn offer_replacement(&mut self, replacement: Replacement) {
        if self.unsaved_progress() {
            self.asked.pending = Some(replacement);
        } else {
            self.replace_with(replacement);
        }
    }

    /// Carries out the player's answer to "replace the unfinished game?".
    pub(super) fn confirm_replace(&mut self, choice: ReplaceChoice) {
        let Some(replacement) = self.asked.pending.take() else {
            return;
        };
        match choice {
            ReplaceChoice::Cancel => {}
            ReplaceChoice::Discard => self.replace_with(replacement),
            // The save runs in the background; the replacement waits for it
            // (App::take_writes), and the status line says "saving…" meanwhile.
            // A game the saves cannot hold stays on screen, and the status line says so.
            ReplaceChoice::SaveFirst if self.refuse_unsavable() => {}
            ReplaceChoice::SaveFirst => {
                let path = self.files.save_without_asking();
                self.message = Message::Saving(path.clone());
                self.asked.save_first = Some((path, replacement));
            }
        }
    }

    /// Puts `replacement` on screen now (any question has been answered).
    pub(crate) fn replace_with(&mut self, replacement: Replacement) {
        let Replacement {
            game,
            record,
            path,
            saved,
            message,
            paused,
            setup,
            analyse,
        } = replacement;
        self.analysis.requested = analyse;
        if let Some(setup) = setup {
            self.settings.setup = setup;
        }
        let mut game = game;
        game.id = self.new_game_id();
        self.replace_game(game);
        self.paused = paused;
        self.files.path = path;
        self.files.unsavable = self.game.unsavable();
        self.adopt_record(record);
        if saved {
            self.files.mark_saved();
        }
        self.message = with_unsavable_note(message, self.files.unsavable);
    }

    /// Puts `game` on screen in place of the current one (its search stopped).
    pub(crate) fn replace_game(&mut self, game: Game) {
        self.stop_search();
        self.game = game;
        self.reset_view();
        self.new_game.open = false;
    }

    pub(super) fn reset_view(&mut self) {
        self.summary_closed = None;
        self.paused = false;
        self.review = None;
        self.clock.last_move = f64::NEG_INFINITY;
    }

    /// Paste position with an empty box reads the system clipboard: eframe answers the
    /// request with a paste event in the next frame, which [`crate::shell::menu`]
    /// turns into [`super::Action::PasteText`]; no answer there means the clipboard
    /// holds no text ([`App::follow_paste`]).
    pub(super) fn ask_clipboard(&mut self, ctx: &eframe::egui::Context) {
        ctx.send_viewport_cmd(eframe::egui::ViewportCommand::RequestPaste);
        ctx.request_repaint();
        self.paste.asked = Some(ctx.cumulative_pass_nr());
    }

    /// Says so when the clipboard was asked for in an earlier frame and gave no text.
    pub(crate) fn follow_paste(&mut self, ctx: &eframe::egui::Context) {
        if self
            .paste
            .asked
            .is_some_and(|asked| ctx.cumulative_pass_nr() > asked)
        {
            self.paste.asked = None;
            self.message = Message::ClipboardEmpty;
        }
    }

    /// Loads the game string in the paste box. A string that loads leaves the box empty,
    /// so the next Paste position reads the clipboard again; a refused one stays there
    /// to be corrected.
    pub(super) fn paste_position(&mut self) {
        // A link to a position (the browser build's address) gives its game string.
        let text = match crate::session::link::game_string_in(self.paste.text.trim()) {
            Ok(text) => text.trim().to_string(),
            Err(malformed) => {
                self.message = Message::MalformedLink(malformed);
                return;
            }
        };
        let game: Box<dyn AnyGame> = if names_another_game(&text) {
            match queens_engines::games::game_string::read(&text) {
                Ok(game) => game,
                Err(error) => {
                    self.message = Message::PasteGameError(error);
                    return;
                }
            }
        } else {
            match Board::from_game_string(&text) {
                Ok(board) => Box::new(board),
                Err(error) => {
                    self.message = Message::PasteError(error);
                    return;
                }
            }
        };
        if game.grid().is_none() {
            self.message = Message::NotInWindow(game.tag());
            return;
        }
        self.paste.text.clear();
        // The same players (and names) as the game on screen when it is the same
        // game, else the remembered ones for the pasted game.
        let (seats, names) = if game.tag() == self.game.tag() {
            (self.game.seats.clone(), self.files.record.names.clone())
        } else {
            let setup = &self.settings.setup;
            (
                setup_seats(game.tag(), setup),
                crate::i18n::names::typed_names(setup),
            )
        };
        let before = pasted_moves(game.moves().len());
        let mut replacement = Replacement::of_game(game, seats, names, Message::Pasted, None);
        replacement.record.from_position = before;
        self.offer_replacement(replacement);
    }

    /// Whether replacing the game on screen would lose moves the player has not saved:
    /// it is unfinished, has moves, and differs from its file.
    pub(super) fn unsaved_progress(&self) -> bool {
        !self.game_ended() && self.current_ply() > 0 && self.files.record_unsaved()
    }

    /// Loads a save; a bad file leaves the game on screen untouched and says why.
    /// Starts opening the save at `path` in the background; the status line says
    /// "opening…" until [`App::opened`] takes the answer.
    pub(super) fn open(&mut self, ctx: &eframe::egui::Context, path: &Path) {
        let repaint = ctx.clone();
        self.files
            .start_open(path.to_path_buf(), move || repaint.request_repaint());
        self.message = Message::Opening(path.to_path_buf());
    }

    /// Puts an opened save on screen (asking first if the game would be lost), or says
    /// why it could not be opened.
    pub(super) fn opened(&mut self, path: &Path, loaded: Result<Loaded, Message>) {
        match loaded {
            Ok(loaded) => {
                let message = Message::Opened(path.to_path_buf(), loaded.ply());
                let mut replacement =
                    Replacement::loaded(loaded, Some(path.to_path_buf()), message);
                replacement.saved = true;
                self.offer_replacement(replacement);
            }
            Err(message) => self.message = message,
        }
    }

    /// Takes up the autosaved game offered at start.
    pub(super) fn continue_autosave(&mut self) {
        if let Some(loaded) = self.files.take_offer() {
            let message = Message::Continued(loaded.ply());
            self.replace_with(Replacement::loaded(loaded, None, message));
        }
    }

    /// Shows a game of the history (finished: read-only until an undo).
    pub(super) fn open_history_entry(&mut self, index: usize, analyse: bool) {
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
}
