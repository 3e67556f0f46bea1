//! What the user can ask of the window: the panels collect [`Action`]s during a frame
//! and `App::apply` carries them out in one place.

use crate::jobs::dialogs::FileTask;
use queens_board::Cell;
use std::path::PathBuf;

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
    /// Put a link to the game on the clipboard (the browser build's address form).
    CopyLink,
    /// Load the game string typed in the paste box.
    PastePosition,
    /// Show the position after this many moves (read-only).
    Review(usize),
    /// Leave the review.
    BackToGame,
    /// Step through the game: first position, a move back, a move on, the current one.
    ReviewStep(ReviewStep),
    /// The board was clicked here (any game's board, and the New game panel's stones).
    Clicked(Target),
    /// Open the Tree Lab on the table game's tree from the position on screen.
    OpenInLab,
    /// Save to the game's file, or ask for one.
    Save,
    /// Save to a new file.
    SaveAs,
    /// Load a game from a file.
    Open,
    /// Write the history to an Excel workbook.
    ExportHistory,
    /// Choose the engine program of New game's computer in seat P1 (0) or P2 (1) with
    /// a file dialog.
    ChooseProgram(usize),
    /// The dialog or the path field gave a path for this task.
    PathChosen(FileTask, PathBuf),
    /// Close the path field without doing anything.
    ClosePrompt,
    /// The path field's "Replace" for a file that exists: write this task's file there.
    ReplaceFile(FileTask, PathBuf),
    /// Take up the autosaved unfinished game.
    ContinueAutosave,
    /// Decline it (the autosave is removed).
    DiscardAutosave,
    /// Keep the link's game on screen; the offered autosave stays until a move here.
    StayOnLink,
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
    /// Ask whether the human (or, between two people, the side to move) gives up the
    /// game: a resignation cannot be taken back, so one click only asks.
    Resign,
    /// The answer to "resign this game?": `true` resigns, `false` keeps playing.
    ConfirmResign(bool),
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
    /// A View menu choice: the language, the theme, what the board shows.
    SetView(ViewChoice),
    /// Open a window of the Help menu, or open / close Table 2.4 (Learn menu).
    ShowWindow(WindowChoice),
    /// The board cell under the mouse this frame (the status line previews its claims).
    Hovered(Option<Cell>),
    /// Stop the move values' work on the position on screen (its values so far stay).
    StopMoveValues,
    // Look (issue 8)
    /// Text pasted with Ctrl+V outside any text field (from the system clipboard): put
    /// it in the paste box and load it as a game string.
    PasteText(String),
    // Tree Lab (issue 12)
    /// Open the Tree Lab window, or close it (Learn menu, Ctrl+T).
    ToggleTreeLab,

    // Puzzles (issue 22.2)
    /// Open the puzzle window, or close it (Learn menu).
    TogglePuzzles,
    /// The first try at puzzle `puzzle` (its number in the shipped set) was right or
    /// not: the player's and the puzzle's ratings move, the streak and history are kept.
    PuzzleResult {
        /// The puzzle's number in the set, from 0.
        puzzle: usize,
        /// Whether the move tried gave nothing away.
        solved: bool,
    },
}

/// Which part of the app carries an action out ([`Action::group`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    /// The look, the windows over the board, the mouse, quitting.
    Shell,
    /// The game on screen: moves, undo, the computer, review, resigning.
    Play,
    /// Starting, opening, pasting, saving games; the history and the answers about them.
    Files,
    /// The queens game's analysis.
    Analysis,
}

impl Action {
    /// Which part of the app carries this action out. Every action names its group
    /// here, so a new action is sorted where it is added.
    pub(crate) fn group(&self) -> Group {
        match self {
            Action::SetView(_)
            | Action::ShowWindow(_)
            | Action::Hovered(_)
            | Action::StopMoveValues
            | Action::ToggleTreeLab
            | Action::TogglePuzzles
            | Action::PuzzleResult { .. }
            | Action::OpenInLab
            | Action::Quit => Group::Shell,
            Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::MoveNow
            | Action::CancelSearch
            | Action::Resume
            | Action::Review(_)
            | Action::BackToGame
            | Action::ReviewStep(_)
            | Action::Clicked(_)
            | Action::Resign
            | Action::ConfirmResign(_)
            | Action::Pause
            | Action::CloseSummary => Group::Play,
            Action::OpenNewGame
            | Action::CloseNewGame
            | Action::StartGame
            | Action::Rematch
            | Action::NewGameSameSettings
            | Action::CopyPosition
            | Action::CopyLink
            | Action::PastePosition
            | Action::PasteText(_)
            | Action::Save
            | Action::SaveAs
            | Action::Open
            | Action::ExportHistory
            | Action::ChooseProgram(_)
            | Action::PathChosen(..)
            | Action::ClosePrompt
            | Action::ReplaceFile(..)
            | Action::ContinueAutosave
            | Action::DiscardAutosave
            | Action::StayOnLink
            | Action::ShowHistory
            | Action::CloseHistory
            | Action::OpenHistoryEntry(_)
            | Action::AnalyseHistoryEntry(_)
            | Action::SetSavesDir
            | Action::ConfirmReplace(_) => Group::Files,
            Action::Analyse | Action::CancelAnalysis | Action::ShowWorstMove(_) => Group::Analysis,
        }
    }

    /// Whether the action answers an open question (or quits): it is carried out
    /// while the question is open.
    pub fn answers(&self) -> bool {
        matches!(
            self,
            Action::ContinueAutosave
                | Action::DiscardAutosave
                | Action::StayOnLink
                | Action::ConfirmReplace(_)
                | Action::ConfirmResign(_)
                | Action::Quit
        )
    }

    /// Whether the action changes only the shell around the game (the look, a window,
    /// the mouse position): it is carried out while a question is open, as it replaces
    /// and overwrites nothing.
    pub(crate) fn is_shell(&self) -> bool {
        matches!(
            self,
            Action::SetView(_)
                | Action::ShowWindow(_)
                | Action::Hovered(_)
                // The puzzle window replaces nothing: it works beside any question.
                | Action::TogglePuzzles
                | Action::PuzzleResult { .. }
        )
    }
}

/// A choice of the View menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewChoice {
    /// The window's language.
    Language(crate::session::settings::Language),
    /// Dark (`true`) or light theme.
    Dark(bool),
    /// Coordinates around the board.
    Coordinates(bool),
    /// The claims a hovered cell would take.
    Preview(bool),
    /// The move values as a heat map.
    HeatMap(bool),
}

/// A window the menus open (the Tree Lab and the puzzles have actions of their own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowChoice {
    /// Help > Rules.
    Rules,
    /// Help > Keyboard shortcuts.
    Shortcuts,
    /// Help > About.
    About,
    /// Learn > Table 2.4, opened or closed.
    Table24,
}

/// Where a click on the board landed, in the terms of the game on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A square of the game's grid (its index in the game's grid view), its Pass, or
    /// its exit: a click on the game's board, whichever game and painter.
    Grid(crate::session::game::GridTarget),
    /// A cell of the New game panel's queens board, where stones are placed by hand
    /// (not the game's board).
    SetupStone(Cell),
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
