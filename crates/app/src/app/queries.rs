//! What the panels, the windows and the tests may ask the app, read-only.

use super::{App, Game};
use crate::session::settings::Settings;
use queens_board::{Board, Cell};

impl App {
    /// The game's current position (not the reviewed one).
    /// An empty board while another game is on screen.
    pub fn board(&self) -> &Board {
        self.game.queens().unwrap_or_else(|| super::no_board())
    }

    /// The click on the square named `name` (`c3`) of the game's board, for a painter
    /// that knows its squares by name (queens'); `None` for a name the board has not.
    pub(crate) fn square_target(&self, name: &str) -> Option<super::Target> {
        let view = self.game.game.grid()?;
        let index = view.names.iter().position(|square| square == name)?;
        Some(super::Target::Grid(
            crate::session::game::GridTarget::Square(index),
        ))
    }

    /// The game on screen, for the panels to read.
    pub(crate) fn on_screen(&self) -> &Game {
        &self.game
    }

    /// What the game on screen offers beyond playing (its row of the games table).
    pub fn tools(&self) -> queens_engines::games::seam::Tools {
        self.game.tools()
    }

    /// The Tree Lab's state (open or not, its tree, trace and cursor).
    pub fn tree_lab(&self) -> &crate::windows::tree_lab::TreeLab {
        &self.windows.tree_lab
    }

    /// The Table 2.4 window's state (its choices, rows and last table).
    pub fn table24(&self) -> &crate::jobs::table24::Table24Panel {
        &self.windows.table24
    }

    /// The puzzle on show in Learn > Puzzles (of whichever game), if the window has one.
    pub fn puzzle_session(&self) -> Option<&crate::windows::puzzles::PuzzleSession> {
        self.windows.puzzles.session()
    }

    /// Whether Learn > Puzzles is open.
    pub fn puzzles_open(&self) -> bool {
        self.windows.puzzles.open
    }

    /// The page Copy link points at (`None`: no page serving the browser build is known,
    /// and Copy link is offered greyed, saying why).
    pub fn link_page(&self) -> Option<String> {
        crate::session::link::link_page(&self.settings.web_page)
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
        self.game.can_undo()
    }

    /// Whether Redo would replay a move.
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Whether Hint would start a search: nothing is thinking, the game goes on and a
    /// person is to move. The panel's button and the Game menu's item both ask this.
    pub fn can_hint(&self) -> bool {
        // Every game has an engine, so every game has hints.
        self.search.job.is_none()
            && !self.game_ended()
            && !self.seat(self.game.side_to_move()).is_computer()
    }

    /// Whether a search (a computer move or a hint) is running.
    pub fn is_thinking(&self) -> bool {
        self.search.job.is_some()
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

    /// The engine's suggestion shown on the queens board, if any (every game keeps its
    /// hint with the game, `Game::hint`).
    pub fn hint(&self) -> Option<Cell> {
        self.game.hint.as_deref().and_then(Cell::parse)
    }

    /// Whether the new-game panel is open.
    pub fn new_game_open(&self) -> bool {
        self.new_game.open
    }

    /// Whether a question blocks the window (the autosave offer, "replace the
    /// unfinished game?" or "resign this game?"): then only its answers, and quitting,
    /// are carried out.
    pub fn asking(&self) -> bool {
        self.files.awaiting_choice() || self.asked.pending.is_some() || self.asked.resign
    }

    /// Whether "resign this game?" is on screen.
    pub(crate) fn resign_asked(&self) -> bool {
        self.asked.resign
    }

    /// Whether a game-replacing question is open.
    pub fn replace_asked(&self) -> bool {
        self.asked.pending.is_some()
    }
}

impl App {
    /// Whether Game > Analyse may start: the game on screen has the analysis, has moves,
    /// and none is running.
    pub fn can_analyse(&self) -> bool {
        !self.is_analysing() && self.tools().analysis() && self.game.ply() > 0
    }

    /// Whether a file is being read or written (Save, Open and Export wait).
    pub(crate) fn files_busy(&self) -> bool {
        self.files.busy()
    }

    /// Whether Paste position asked for the system clipboard and its text has not come.
    pub(crate) fn paste_waiting(&self) -> bool {
        self.paste.asked.is_some()
    }
}

impl App {
    /// The queens search running, if one is (the side panel shows its progress).
    pub(crate) fn search_job(&self) -> Option<&crate::jobs::search::SearchJob> {
        self.search.job.as_ref()
    }
}

impl App {
    /// Whether the status line reports something refused (shown in the error colour).
    pub fn message_is_error(&self) -> bool {
        self.message.is_error()
    }

    /// The board cell under the mouse in the last frame.
    pub(crate) fn hovered(&self) -> Option<Cell> {
        self.hovered
    }

    /// Why the game's engine program lost by forfeit, when it did.
    pub(crate) fn forfeit_reason(&self) -> Option<&str> {
        self.game.forfeit.as_deref()
    }

    /// The New game choices being edited (tests read them).
    pub fn new_game_draft(&self) -> &crate::session::settings::GameSetup {
        &self.new_game.draft
    }

    /// The New game choices being edited.
    pub(crate) fn draft(&self) -> &crate::session::settings::GameSetup {
        &self.new_game.draft
    }

    /// Seconds since the last move (the claim animation's clock).
    pub(crate) fn since_last_move(&self) -> f64 {
        self.clock.now - self.clock.last_move
    }

    /// The analysis running, if one is.
    pub(crate) fn analysis_job(&self) -> Option<&crate::jobs::analysis::AnalysisJob> {
        self.analysis.job.as_ref()
    }
}
