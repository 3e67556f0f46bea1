//! Every string the window shows, one file per language ([`en`], [`vi`]). Strings with
//! `{0}`, `{1}`.. are templates filled by [`fill`]. The board's errors are translated
//! from their variants ([`errors`]), so a pasted bad position is explained in the user's
//! language; large counts are grouped as each language writes them ([`numbers`]).

mod en;
mod errors;
mod fill;
pub(crate) mod grid;
pub(crate) mod names;
mod numbers;
mod problems;
pub(crate) mod program;
pub(crate) mod table;
mod table_checks;
pub(crate) mod texts_list;
mod vi;

pub(crate) use fill::fill;
pub(crate) use numbers::group_digits_with;
pub(super) use problems::with_causes;
pub(crate) use problems::{CheckTexts, CorruptTexts, FileProblem};

use crate::session::settings::Language;
use queens_engines::ai::EngineKind;

/// The strings of one language. Field names say where a string is used.
// The browser has no folders and no Quit: their texts are the desktop's alone.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) struct Texts {
    pub app_title: &'static str,
    /// What separates groups of three digits in a large count: "1,503,407,535" in
    /// English, "1.503.407.535" in Vietnamese.
    pub digit_separator: char,
    /// The table games' strings (every game of the games table drawn on its grid).
    pub table: &'static table::TableTexts,
    /// The strings of the games played through the seam.
    pub grid: &'static grid::GridTexts,
    /// The strings of an engine program as a player.
    pub program: &'static program::ProgramTexts,
    // Menus.
    pub menu_game: &'static str,
    pub new_game: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub hint: &'static str,
    pub save_game: &'static str,
    pub open_game: &'static str,
    pub export_excel: &'static str,
    pub save_as: &'static str,
    pub history_menu: &'static str,
    pub quit: &'static str,
    pub menu_view: &'static str,
    pub language: &'static str,
    pub dark_theme: &'static str,
    pub light_theme: &'static str,
    pub show_coordinates: &'static str,
    pub zoom_in: &'static str,
    pub zoom_out: &'static str,
    pub claim_preview: &'static str,
    pub menu_help: &'static str,
    pub rules: &'static str,
    pub about: &'static str,
    pub close: &'static str,
    // Players and status.
    pub you: &'static str,
    pub computer: &'static str,
    pub player_n: &'static str,
    pub computer_n: &'static str,
    pub human: &'static str,
    pub engine_summary: &'static str,
    pub engine_no_limit: &'static str,
    pub score: &'static str,
    pub to_move: &'static str,
    pub your_move: &'static str,
    pub moves: &'static str,
    pub col_number: &'static str,
    pub col_player: &'static str,
    pub col_cell: &'static str,
    pub col_gained: &'static str,
    pub no_moves_yet: &'static str,
    pub position: &'static str,
    pub copy_position: &'static str,
    pub copy_link: &'static str,
    pub link_copied: &'static str,
    /// Copy link with no page to link to: why, and what works instead.
    pub no_web_page: &'static str,
    /// A link whose position is not valid percent-encoding: {0} the escape as
    /// written, {1} its place (characters from 1).
    pub link_bad_escape: &'static str,
    /// A link whose escapes are not UTF-8 text.
    pub link_not_utf8: &'static str,
    pub not_in_window: &'static str,
    pub paste_position: &'static str,
    pub paste_here: &'static str,
    pub copied: &'static str,
    pub pasted: &'static str,
    pub paste_error: &'static str,
    pub bad_setup: &'static str,
    // Thinking.
    pub thinking: &'static str,
    pub live_progress: &'static str,
    pub no_depth_yet: &'static str,
    pub move_now: &'static str,
    pub cancel: &'static str,
    pub paused: &'static str,
    pub resume: &'static str,
    pub cancelled: &'static str,
    pub hint_thinking: &'static str,
    pub hint_result: &'static str,
    pub hint_only_human: &'static str,
    // Results and messages.
    pub game_over: &'static str,
    pub wins: &'static str,
    pub you_win: &'static str,
    pub draw: &'static str,
    pub played: &'static str,
    pub move_refused: &'static str,
    pub occupant_off: &'static str,
    pub occupant_stone: &'static str,
    pub occupant_queen: &'static str,
    pub occupant_claimed: &'static str,
    pub game_is_over: &'static str,
    pub wait_for_computer: &'static str,
    pub review_read_only: &'static str,
    pub preview: &'static str,
    pub reviewing: &'static str,
    pub back_to_game: &'static str,
    pub undone: &'static str,
    pub redone: &'static str,
    pub nothing_to_undo: &'static str,
    pub nothing_to_redo: &'static str,
    pub started: &'static str,
    // New game.
    pub board_size: &'static str,
    pub stones: &'static str,
    pub random_stones: &'static str,
    pub stones_by_hand: &'static str,
    pub stone_count: &'static str,
    pub seed: &'static str,
    pub reroll: &'static str,
    pub hand_help: &'static str,
    pub clear_stones: &'static str,
    pub mode: &'static str,
    pub mode_hvc: &'static str,
    pub mode_hvh: &'static str,
    pub mode_cvc: &'static str,
    pub first_player: &'static str,
    pub algorithm: &'static str,
    /// Each engine's label by its canonical name ([`EngineKind::name`]): the engine
    /// table carries no window text, the window maps engines to labels here. Read
    /// through [`Texts::engine_label`].
    pub engine_labels: &'static [(&'static str, &'static str)],
    /// A loaded game names an engine this version does not know: the name, the known
    /// names, and the engine playing in its place.
    pub unknown_engine: &'static str,
    /// A proven result: the name of who finishes ahead, and by how many cells.
    pub exact_win: &'static str,
    /// A proven draw.
    pub exact_draw: &'static str,
    pub level: &'static str,
    pub custom: &'static str,
    pub presets: [&'static str; 5],
    pub depth: &'static str,
    pub time_limit: &'static str,
    pub watch_speed: &'static str,
    pub speeds: [&'static str; 4],
    pub start: &'static str,
    pub setup_preview: &'static str,
    // Files, autosave and history.
    pub saved: &'static str,
    pub save_failed: &'static str,
    pub opened: &'static str,
    pub open_failed: &'static str,
    pub continued: &'static str,
    /// The finished game left on screen last time, shown again at start: `{0}` its moves.
    pub shown_again: &'static str,
    /// A start with two computers waits for Resume computer.
    pub watch_paused: &'static str,
    /// The Continue question over a game opened from a link: the button that keeps the
    /// link's game on screen (and the unfinished game saved).
    pub stay_on_link: &'static str,
    /// The Continue question over a link's game: what staying does.
    pub link_keeps_game: &'static str,
    /// Our own path field: the file named exists.
    pub file_exists_title: &'static str,
    /// `{0}` the file that would be replaced.
    pub file_exists_body: &'static str,
    pub replace_file: &'static str,
    /// A history game started from a pasted or linked position: `{0}` the moves played
    /// in the window.
    pub from_position: &'static str,
    /// The History's score of a game that keeps none (tic-tac-toe).
    pub no_score: &'static str,
    /// A browser that keeps no site data: what is lost, and what the person can do.
    pub storage_blocked: &'static str,
    pub autosave_failed: &'static str,
    /// The settings could not be written: `{0}` why.
    pub settings_failed: &'static str,
    pub history_failed: &'static str,
    pub exporting: &'static str,
    /// A save to a file is being written: `{0}` the file.
    pub saving: &'static str,
    /// A save is being opened: `{0}` the file.
    pub opening: &'static str,
    /// The saves folder is a file: `{0}` its path.
    pub saves_not_a_folder: &'static str,
    pub exported: &'static str,
    pub export_failed: &'static str,
    pub history_opened: &'static str,
    pub folder_set: &'static str,
    pub continue_offer: &'static str,
    pub continue_game: &'static str,
    pub discard: &'static str,
    pub prompt_save: &'static str,
    pub prompt_open: &'static str,
    pub prompt_export: &'static str,
    pub no_dialog: &'static str,
    pub file_path: &'static str,
    pub saves_in_folder: &'static str,
    pub no_saves: &'static str,
    pub ok: &'static str,
    pub history_title: &'static str,
    pub saves_folder: &'static str,
    pub use_folder: &'static str,
    pub any_size: &'static str,
    pub filter_player: &'static str,
    pub col_date: &'static str,
    pub col_winner: &'static str,
    pub draw_short: &'static str,
    pub open_entry: &'static str,
    pub refresh: &'static str,
    pub games_shown: &'static str,
    pub skipped: &'static str,
    pub no_history: &'static str,
    // Help.
    pub diagram_caption: &'static str,
    pub about_text: &'static str,
    // Errors of a game string.
    pub err_empty: &'static str,
    pub err_not_key_value: &'static str,
    pub err_unknown_key: &'static str,
    pub err_duplicate_key: &'static str,
    pub err_missing_size: &'static str,
    pub err_bad_size: &'static str,
    pub err_bad_cell: &'static str,
    pub err_empty_entry: &'static str,
    pub err_off_board: &'static str,
    pub err_duplicate_stone: &'static str,
    pub err_too_many_stones: &'static str,
    pub err_move: &'static str,
    pub err_after_end: &'static str,
    // Game flow (issue 8)
    pub replace_title: &'static str,
    pub replace_body: &'static str,
    pub save_first: &'static str,
    pub discard_it: &'static str,
    pub continue_title: &'static str,
    pub checking_autosave: &'static str,
    pub choose_first: &'static str,
    pub autosave_moved: &'static str,
    pub autosave_kept: &'static str,
    pub not_regular_file: &'static str,
    pub history_loading: &'static str,
    pub computer_paused_click: &'static str,
    pub reviewing_start: &'static str,
    pub review_turn: &'static str,
    pub review_over: &'static str,
    pub review_first: &'static str,
    pub review_back: &'static str,
    pub review_forward: &'static str,
    pub review_last: &'static str,
    pub resign: &'static str,
    pub resigned: &'static str,
    pub resigned_note: &'static str,
    pub by_resignation: &'static str,
    pub shortcuts_title: &'static str,
    /// Help > Keyboard shortcuts' rows for the board: go to it, Tab, the arrows, play.
    pub shortcut_board: [&'static str; 4],
    pub paste_on_board: &'static str,
    pub pause: &'static str,
    pub rematch: &'static str,
    pub new_game_same: &'static str,
    pub final_cells: &'static str,
    pub stop: &'static str,
    // Look (issue 8)
    // File problems (see `problems`): a sentence for a person, the detail second.
    pub fp_not_found: &'static str,
    pub fp_read: &'static str,
    pub fp_write: &'static str,
    pub fp_empty: &'static str,
    pub fp_too_large: &'static str,
    pub fp_not_text: &'static str,
    pub fp_truncated: &'static str,
    pub fp_corrupt: &'static str,
    pub fp_name_not_text: &'static str,
    /// What is wrong inside a damaged save ([`queens_store::CorruptReason`]).
    pub corrupt: CorruptTexts,
    /// How a save disagrees with its replay ([`queens_store::CheckError`]).
    pub check: CheckTexts,
    pub fp_text_too_long: &'static str,
    /// The history workbook's sheet names in this language.
    pub sheet_names: queens_store::SheetNames,
    // Why a path cannot take an output file ([`queens_store::OutputPathError`]).
    pub out_empty: &'static str,
    pub out_folder: &'static str,
    pub out_not_regular: &'static str,
    pub out_extension: &'static str,
    pub out_is_input: &'static str,
    pub out_trailing_separator: &'static str,
    pub out_name_too_long: &'static str,
    pub out_no_folder: &'static str,
    pub out_not_a_folder: &'static str,
    pub fp_newer: &'static str,
    pub fp_invalid: &'static str,
    pub fp_not_finished: &'static str,
    pub fp_encode: &'static str,
    pub fp_workbook: &'static str,
    pub fp_workbook_write: &'static str,
    pub fp_history_game: &'static str,
    pub fp_not_a_save: &'static str,
    pub fp_export_stopped: &'static str,
    pub io_not_found: &'static str,
    pub io_permission: &'static str,
    pub io_is_folder: &'static str,
    pub io_read_only: &'static str,
    pub io_disk_full: &'static str,
    /// A folder on the way to the file is a file (the system's "not a directory").
    pub io_not_a_folder: &'static str,
    // A computer named by its level; with a number when two computers play.
    pub computer_level: &'static str,
    pub computer_n_level: &'static str,
    // The thinking line's value in words: for "you" (the person watching) or by name.
    pub value_you_ahead: &'static str,
    pub value_you_behind: &'static str,
    pub value_even: &'static str,
    pub value_ahead: &'static str,
    pub value_behind: &'static str,
    // New game: how many stones are placed by hand, of how many allowed.
    pub hand_count: &'static str,
    // New game: the players' names.
    pub your_name: &'static str,
    pub player_name_n: &'static str,
    // Game analysis: the menu items, the progress line, the loss column and each
    // player's totals ({0} player, {1} cells lost, {2} accuracy in percent).
    pub analyse_game: &'static str,
    /// The game-over window's button that analyses the game just finished.
    pub analyse_this: &'static str,
    pub cancel_analysis: &'static str,
    pub analysing: &'static str,
    /// The analysis's second look at the positions its first pass left unproved: {0}
    /// done of {1}.
    pub second_look: &'static str,
    pub col_loss: &'static str,
    pub analysis_totals: &'static str,
    pub analysis_partial: &'static str,
    pub margin_chart: &'static str,
    // Table 2.4 (the thesis's node counts, measured): the menu item, the window, its
    // table's columns ({0} an algorithm), the chart and the export.
    pub table24_menu: &'static str,
    pub table24_title: &'static str,
    pub table24_depth: &'static str,
    pub table24_run: &'static str,
    pub table24_stop: &'static str,
    pub table24_running: &'static str,
    pub table24_position: &'static str,
    pub table24_col_depth: &'static str,
    pub table24_col_nodes: &'static str,
    pub table24_col_time: &'static str,
    pub table24_col_ratio: &'static str,
    pub table24_col_thesis: &'static str,
    pub table24_skipped: &'static str,
    pub table24_stopped: &'static str,
    pub table24_chart: &'static str,
    pub table24_thesis_minimax: &'static str,
    pub table24_thesis_alphabeta: &'static str,
    pub table24_export: &'static str,
    /// In a browser, where a workbook goes: {0} its file name.
    pub downloads_as: &'static str,
    /// In a browser, a workbook downloaded: {0} its file name.
    pub downloaded: &'static str,
    /// In a browser, the History window's word on where the games are kept (in place
    /// of the saves folder).
    pub browser_keeps_games: &'static str,
    pub table24_export_path: &'static str,
    pub table24_exported: &'static str,
    pub table24_note: &'static str,
    pub table24_none: &'static str,
    pub table24_predict: &'static str,
    pub table24_predict_right: &'static str,
    pub table24_predict_wrong: &'static str,
    pub table24_predict_score: &'static str,
    pub table24_predict_bad: &'static str,
    /// The position line of a game the thesis's b = 40 does not describe.
    pub table24_position_any: &'static str,
    /// The column saying whether minimax and alpha-beta found the same value.
    pub table24_col_same: &'static str,
    /// That column's answers: the same value, a different one.
    pub table24_same: [&'static str; 2],
    /// An engine the game on screen has not (`pvs` plays queens only).
    pub table24_not_played: &'static str,
    /// The chart's caption without the thesis's lines (a game other than queens).
    pub table24_chart_any: &'static str,
    pub worst_moves: &'static str,
    pub worst_move: &'static str,
    pub worst_move_none: &'static str,
    pub analyse_entry: &'static str,
    pub heat_map: &'static str,
    pub live_thinking: &'static str,
    // Issue 19: proved losses and bounds in the analysis; estimates labelled as such.
    pub loss_proved: &'static str,
    pub loss_between: &'static str,
    pub loss_at_least: &'static str,
    pub loss_at_most: &'static str,
    pub loss_unknown: &'static str,
    pub worst_move_alone: &'static str,
    pub worst_move_at_least: &'static str,
    pub worst_move_at_least_alone: &'static str,
    pub analysis_unproved: &'static str,
    pub margin_chart_legend: &'static str,
    pub chart_proved: &'static str,
    pub chart_estimate: &'static str,
    /// The chart's hover: move, margin, and proved or estimate.
    pub chart_hover: &'static str,
    pub live_estimate: &'static str,
    /// What the numbers on the heat map's cells mean.
    pub values_legend: &'static str,
    /// Issue 33.2: the move values' progress: proved, bounded and estimated moves.
    pub values_progress: &'static str,
    /// The button that stops the move values' work (the values so far stay).
    pub live_stop: &'static str,
    /// One move's value in words (the hovered cell in the side panel, each cell's
    /// accessible label), one sentence per kind of value.
    pub value_best: &'static str,
    pub value_exact: &'static str,
    pub value_bound: &'static str,
    pub value_estimate: &'static str,
    // Help > About: where the files are; the offer to copy an older version's saves.
    pub files_where: &'static str,
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // The browser's About.
    pub files_in_browser: &'static str,
    pub files_saves: &'static str,
    pub files_from_option: &'static str,
    pub files_from_env: &'static str,
    pub files_from_setting: &'static str,
    pub files_from_data: &'static str,
    pub files_from_current: &'static str,
    pub files_ignored_variable: &'static str,
    pub files_settings: &'static str,
    pub files_no_settings: &'static str,
    pub open_saves_folder: &'static str,
    pub open_folder_failed: &'static str,
    pub old_saves_title: &'static str,
    pub old_saves_text: &'static str,
    pub old_saves_copy: &'static str,
    pub old_saves_skip: &'static str,
    pub old_saves_copying: &'static str,
    pub old_saves_done: &'static str,
    pub old_saves_failed: &'static str,
    // Actions (issue 19)
    pub resign_title: &'static str,
    pub resign_body: &'static str,
    pub resign_confirm: &'static str,
    pub keep_playing: &'static str,
    pub clipboard_empty: &'static str,
    pub alternate_starts: &'static str,
    pub alternate_note: &'static str,
    pub board_favours: &'static str,
    pub board_even: &'static str,
    pub board_favours_second: &'static str,
    // Keyboard play (issue 19.17): what a board cell holds, read after its name.
    pub cell_empty: &'static str,
    pub cell_stone: &'static str,
    pub cell_queen: &'static str,
    pub cell_claimed: &'static str,
    // Player records in the History window (issue 19.16).
    pub records_title: &'static str,
    pub records_columns: [&'static str; 7],
    pub record_line: &'static str,
}

/// The strings of `language`.
pub(crate) fn texts(language: Language) -> &'static Texts {
    match language {
        Language::English => &en::TEXTS,
        Language::Vietnamese => &vi::TEXTS,
    }
}

impl Texts {
    /// The label of `engine` in this language; its name where the language has none.
    pub(crate) fn engine_label(&self, engine: EngineKind) -> &'static str {
        let key = engine.name();
        self.engine_labels
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(engine.name(), |(_, label)| label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_has_a_label_in_every_language() {
        for language in Language::ALL {
            let t = texts(language);
            for engine in EngineKind::all() {
                let key = engine.name();
                assert!(
                    t.engine_labels
                        .iter()
                        .any(|(k, label)| *k == key && !label.is_empty()),
                    "{language:?} has no label for {key}"
                );
            }
        }
        let (en, vi) = (texts(Language::English), texts(Language::Vietnamese));
        assert_eq!(en.engine_label(EngineKind::ALPHABETA), "Alpha-beta");
        assert_ne!(vi.engine_label(EngineKind::ALPHABETA), "Alpha-beta");
    }

    #[test]
    fn templates_are_filled_in_order() {
        assert_eq!(fill("{1} then {0}, {1}", &[&"a", &2]), "2 then a, 2");
    }

    #[test]
    fn the_languages_differ_and_fill_their_placeholders() {
        let (en, vi) = (texts(Language::English), texts(Language::Vietnamese));
        assert_ne!(en.new_game, vi.new_game);
        assert_eq!(en.presets.len(), vi.presets.len());
        for text in [en.wins, vi.wins, en.played, vi.played] {
            assert!(text.contains("{0}"), "{text}");
        }
    }

    /// Issue 32.12: "You loses the game". Every English text that puts a player's name
    /// in a sentence reads right for every name, "You" (the default) among them: no
    /// name is the subject of a verb that agrees with it.
    #[test]
    fn every_name_reads_right_in_english_sentences() {
        let t = texts(Language::English);
        let s = t.table;
        let named = [
            (t.thinking, 1),
            (t.wins, 3),
            (t.resigned, 2),
            (t.resign_body, 1),
            (t.value_ahead, 4),
            (t.value_behind, 4),
            (s.wins, 1),
            (s.resigned_win, 2),
            // Issue 39: "You has no legal move and must pass." escaped this list.
            (t.grid.must_pass, 1),
            (t.grid.passed, 1),
            (t.grid.played, 2),
            (t.grid.to_move, 2),
        ];
        let third_person = [
            " is ", " is…", " has ", " wins", " loses", " resigns", " plays", " leads",
        ];
        for (template, count) in named {
            for name in ["You", "Ann", "Computer (Hard)"] {
                let args: Vec<&dyn std::fmt::Display> = (0..count).map(|_| &name as _).collect();
                let text = fill(template, &args);
                for verb in third_person {
                    assert!(
                        !text.contains(&format!("You{verb}")),
                        "{text:?} does not agree with \"You\""
                    );
                }
            }
        }
    }
}
