//! The Excel export (the thesis's Form1 wrote its games to Excel too): Matches sheets (one
//! row per game), Moves sheets (one row per move), a Summary sheet with formulas and
//! charts (see `summary.rs`) and a Players sheet with each player's record against each
//! opponent (see `records.rs`).
//!
//! The export streams: games are added one at a time and their rows go straight to the
//! library's constant-memory sheets (kept in temporary files, not in memory), and the
//! statistics are counted as they pass. A sheet that reaches Excel's row limit continues
//! in "Moves 2", "Moves 3", ... (likewise "Matches 2"), so no game is left out.
//!
//! Tic-tac-toe and Dodgem games share the sheets with queens games: the Matches sheet's
//! last column, "Game kind", names each row's game (columns were only added after the
//! existing ones, so a queens export reads as before), and a small game's settings and
//! players are named with their game, so the Summary and Players sheets never add results
//! of different games together (see `matches_row.rs` and [`super::GameKind::qualify`]).

use super::error::ExportError;
use super::history::{HistoryEntry, Reached};
use super::matches_row::{MATCH_COLUMNS, check_texts, write_match};
use super::output::save_workbook;
use super::pairs_sheet::{PAIRS, PairsSheet, write_pairs};
use super::records::Records;
use super::records_sheet::write_players;
use super::sheet::{
    Column, EXCEL_MAX_ROWS, SheetNames, col, number, table_filter, table_header, text,
};
use super::statistics::Tally;
use super::summary::{MatchesSheet, write_summary};
use queens_board::{Player, clip_token};
use rust_xlsxwriter::{Format, RowNum, Workbook, Worksheet, XlsxError};
use std::path::Path;

const MOVE_COLUMNS: [Column; 11] = [
    text("Game", 30.0),
    number("Ply", 5.0),
    text("Player", 7.0),
    text("Cell", 6.0),
    number("Cells gained", 12.0),
    number("P1 score", 9.0),
    number("P2 score", 9.0),
    number("AI depth", 9.0),
    number("Nodes", 12.0),
    number("Time (ms)", 10.0),
    number("Value", 7.0),
];

/// The widest the game id column gets (a longer id is still written whole).
const MAX_ID_WIDTH: f64 = 60.0;

/// How an export lays out its sheets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Rows per sheet, the header included: Excel's limit, `EXCEL_MAX_ROWS`, unless a
    /// test wants to see sheets split without writing a million rows.
    pub max_rows: u32,
    /// The sheets' names (English by default).
    pub sheet_names: SheetNames,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            max_rows: EXCEL_MAX_ROWS,
            sheet_names: SheetNames::default(),
        }
    }
}

/// What a finished export wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportInfo {
    /// Games written.
    pub games: usize,
    /// Moves written.
    pub moves: u64,
    /// The sheets, in order ("Matches", "Moves", "Moves 2", ..., "Summary", and "Pairs"
    /// for an arena).
    pub sheets: Vec<String>,
    /// What a reader should know, e.g. that the moves were split across sheets; also
    /// written in the Summary sheet.
    pub notes: Vec<String>,
}

/// One kind of table (Matches or Moves) spread over as many sheets as it needs.
struct Table {
    base: &'static str,
    columns: &'static [Column],
    /// (workbook index, name, data rows) of each sheet, the current one last.
    sheets: Vec<(usize, String, usize)>,
}

impl Table {
    fn new(base: &'static str, columns: &'static [Column]) -> Table {
        Table {
            base,
            columns,
            sheets: Vec::new(),
        }
    }

    /// Adds the next sheet of this table, with its header.
    fn add_sheet(&mut self, workbook: &mut Workbook) -> Result<(), XlsxError> {
        let name = match self.sheets.len() {
            0 => self.base.to_string(),
            n => format!("{} {}", self.base, n + 1),
        };
        // A browser has no temporary files: its rows stay in memory.
        #[cfg(target_arch = "wasm32")]
        let sheet = workbook.add_worksheet();
        #[cfg(not(target_arch = "wasm32"))]
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(&name)?;
        table_header(sheet, self.columns)?;
        let index = workbook.worksheets().len() - 1;
        self.sheets.push((index, name, 0));
        Ok(())
    }

    /// The sheet and row where the next data row goes, adding a sheet when the current
    /// one is full (or there is none yet).
    fn next_row<'w>(
        &mut self,
        workbook: &'w mut Workbook,
        max_rows: u32,
    ) -> Result<(&'w mut Worksheet, RowNum), XlsxError> {
        let capacity = max_rows.saturating_sub(1).max(1) as usize;
        if self
            .sheets
            .last()
            .is_none_or(|(_, _, rows)| *rows >= capacity)
        {
            self.add_sheet(workbook)?;
        }
        let Some((index, _, rows)) = self.sheets.last_mut() else {
            return Err(XlsxError::ParameterError("no sheet".to_string()));
        };
        *rows += 1;
        let row = *rows as RowNum;
        Ok((workbook.worksheet_from_index(*index)?, row))
    }

    /// Adds the first sheet if there is none yet (an empty history still gets its
    /// headers).
    fn ensure_one(&mut self, workbook: &mut Workbook) -> Result<(), XlsxError> {
        if self.sheets.is_empty() {
            self.add_sheet(workbook)?;
        }
        Ok(())
    }

    fn rows(&self) -> usize {
        self.sheets.iter().map(|(_, _, rows)| rows).sum()
    }

    /// Autofilters over every sheet's rows, and the game id column's width.
    fn finish(&self, workbook: &mut Workbook, id_width: f64) -> Result<(), XlsxError> {
        for (index, _, rows) in &self.sheets {
            let sheet = workbook.worksheet_from_index(*index)?;
            table_filter(sheet, self.columns.len(), *rows)?;
            sheet.set_column_width(col::GAME, id_width)?;
        }
        Ok(())
    }
}

/// A workbook being written one game at a time; [`WorkbookWriter::finish`] saves it.
pub struct WorkbookWriter {
    workbook: Workbook,
    options: ExportOptions,
    matches: Table,
    moves: Table,
    tally: Tally,
    records: Records,
    games: usize,
    /// Games ended by a resignation (said in a note: the Winner column counts them as
    /// wins and losses like any other).
    resigned: usize,
    longest_id: usize,
    analyses: usize,
    date: Format,
    millis: Format,
    /// The arena's Pairs sheet, written last, if the caller gave one.
    pairs: Option<PairsSheet>,
}

impl WorkbookWriter {
    /// An empty workbook.
    pub fn new(options: ExportOptions) -> WorkbookWriter {
        WorkbookWriter {
            workbook: Workbook::new(),
            options,
            matches: Table::new(options.sheet_names.matches, &MATCH_COLUMNS),
            moves: Table::new(options.sheet_names.moves, &MOVE_COLUMNS),
            tally: Tally::default(),
            records: Records::default(),
            games: 0,
            resigned: 0,
            longest_id: 0,
            analyses: 0,
            date: Format::new().set_num_format("yyyy-mm-dd hh:mm:ss"),
            millis: Format::new().set_num_format("0.000"),
            pairs: None,
        }
    }

    /// Adds one game: a Matches row, its Moves rows, and its results to the statistics.
    /// A game that cannot go into a workbook is refused whole, before any of its rows is
    /// written, so the caller can skip it and go on.
    ///
    /// # Errors
    /// For this game only: [`ExportError::Invalid`] if it does not replay,
    /// [`ExportError::TextTooLong`] if a text exceeds Excel's cell limit. Otherwise
    /// [`ExportError::Xlsx`] (the workbook is then unusable).
    pub fn add(&mut self, entry: &HistoryEntry) -> Result<(), ExportError> {
        let reached = Reached::replay(&entry.game).map_err(|source| ExportError::Invalid {
            id: clip_token(&entry.id),
            source,
        })?;
        self.add_replayed(entry, &reached)
    }

    /// [`WorkbookWriter::add`] for a game already replayed (as loading does), `reached`
    /// being the position its moves reach.
    pub(crate) fn add_replayed(
        &mut self,
        entry: &HistoryEntry,
        reached: &Reached,
    ) -> Result<(), ExportError> {
        check_texts(entry)?;
        if self.matches.sheets.is_empty() {
            // Matches comes first in the workbook, even when its first row comes first.
            self.matches.ensure_one(&mut self.workbook)?;
            self.moves.ensure_one(&mut self.workbook)?;
        }
        let (sheet, row) = self
            .matches
            .next_row(&mut self.workbook, self.options.max_rows)?;
        write_match(sheet, row, entry, reached, &self.date)?;
        match reached {
            Reached::Queens(board) => self.write_moves(entry, board)?,
            Reached::Table(game) => self.write_table_moves(entry, game.as_ref())?,
        }
        self.tally.add(&entry.game);
        self.records.add(&entry.game);
        self.games += 1;
        if entry.game.resigned().is_some() {
            self.resigned += 1;
        }
        self.longest_id = self.longest_id.max(entry.id.chars().count());
        Ok(())
    }

    fn write_moves(
        &mut self,
        entry: &HistoryEntry,
        board: &queens_board::Board,
    ) -> Result<(), XlsxError> {
        let mut score = [0u32; 2];
        for (ply, (record, saved)) in board.history().iter().zip(&entry.game.moves).enumerate() {
            let player = Player::at_ply(ply);
            let gained = record.claims.count();
            score[player.index()] += gained;
            self.write_move_row(
                &entry.id,
                MoveRow {
                    ply,
                    mv: &record.cell.to_string(),
                    gained: Some(gained),
                    score,
                    search: saved.search,
                },
            )?;
        }
        Ok(())
    }

    /// The Moves rows of a games-table game, in the queens columns: each move in its
    /// notation under "Cell"; "Cells gained" left blank, since no such move claims
    /// cells (a 0 would read as a move that gained nothing in a game where gains
    /// exist); the P1 and P2 score columns run the game's own score after it (Othello's
    /// discs, Dodgem's cars driven off, 0 in tic-tac-toe: what the Matches row's scores
    /// hold), replayed from the game's setup.
    fn write_table_moves(
        &mut self,
        entry: &HistoryEntry,
        game: &dyn queens_engines::games::seam::AnyGame,
    ) -> Result<(), XlsxError> {
        let mut replay = game.clone_box();
        while replay.undo().is_some() {}
        for (ply, (mv, saved)) in game.moves().iter().zip(&entry.game.moves).enumerate() {
            // The replay of a loaded game: every move is legal, so nothing is skipped.
            if replay.play_text(mv).is_err() {
                break;
            }
            let score = super::table_game::size_and_score(replay.as_ref()).1;
            self.write_move_row(
                &entry.id,
                MoveRow {
                    ply,
                    mv,
                    gained: None,
                    score,
                    search: saved.search,
                },
            )?;
        }
        Ok(())
    }

    /// One row of the Moves sheet, whichever game wrote it: game id, ply, player, move,
    /// cells gained (blank where a game's moves claim none), both scores after the
    /// move, and the search that chose it when a computer did.
    fn write_move_row(&mut self, id: &str, row_of: MoveRow<'_>) -> Result<(), XlsxError> {
        let (sheet, row) = self
            .moves
            .next_row(&mut self.workbook, self.options.max_rows)?;
        sheet.write_string(row, 0, id)?;
        sheet.write_number(row, 1, (row_of.ply + 1) as f64)?;
        sheet.write_string(row, 2, Player::at_ply(row_of.ply).to_string())?;
        sheet.write_string(row, 3, row_of.mv)?;
        if let Some(gained) = row_of.gained {
            sheet.write_number(row, 4, gained)?;
        }
        sheet.write_number(row, 5, row_of.score[0])?;
        sheet.write_number(row, 6, row_of.score[1])?;
        if let Some(search) = row_of.search {
            sheet.write_number(row, 7, search.depth)?;
            sheet.write_number(row, 8, search.nodes as f64)?;
            let ms = search.time_us as f64 / 1000.0;
            sheet.write_number_with_format(row, 9, ms, &self.millis)?;
            sheet.write_number(row, 10, search.value)?;
        }
        Ok(())
    }

    /// Adds a Pairs sheet (after Summary): an arena series' board pairs and its mean
    /// pair margin with the 95% interval.
    pub fn set_pairs(&mut self, pairs: PairsSheet) {
        self.pairs = Some(pairs);
    }

    /// Adds an Analysis sheet for the game `id` (see `super::write_analysis_sheet`),
    /// named "Analysis 1", "Analysis 2", ... (in the workbook's language) in the order
    /// they are added; the sheet's
    /// game string cell says which game it is.
    ///
    /// # Errors
    /// [`ExportError::Xlsx`] if the library fails.
    pub fn add_analysis(
        &mut self,
        analysis: &queens_engines::analysis::Analysis,
    ) -> Result<String, ExportError> {
        self.analyses += 1;
        let name = format!("{} {}", self.options.sheet_names.analysis, self.analyses);
        super::analysis_sheet::write_analysis_sheet(&mut self.workbook, &name, analysis)?;
        Ok(name)
    }

    /// Adds the "Table 2.4" sheet, named in the workbook's language (see
    /// `super::write_table24_sheet`): the thesis's node
    /// counts measured on a position, with its log-scale chart.
    ///
    /// # Errors
    /// [`ExportError::Xlsx`] if the library fails (or a table was already added).
    pub fn add_table24(
        &mut self,
        table: &queens_engines::analysis::Table24,
    ) -> Result<(), ExportError> {
        super::table24_sheet::write_table24_sheet(
            &mut self.workbook,
            self.options.sheet_names.table24,
            table,
        )?;
        Ok(())
    }

    /// Games added so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Writes the Summary sheet and saves the workbook at `path`, atomically (the
    /// previous file stays intact on failure); the folder is created if missing.
    ///
    /// # Errors
    /// [`ExportError::Target`] for a path that cannot take a workbook (a folder, a FIFO,
    /// another extension: see [`super::check_output_path`]); [`ExportError::Write`] naming
    /// the path when the file cannot be written (a read-only folder, a file locked by
    /// another program);
    /// [`ExportError::Xlsx`] if the library fails.
    pub fn finish(mut self, path: &Path) -> Result<ExportInfo, ExportError> {
        self.matches.ensure_one(&mut self.workbook)?;
        self.moves.ensure_one(&mut self.workbook)?;
        let id_width = id_width(self.longest_id);
        self.matches.finish(&mut self.workbook, id_width)?;
        self.moves.finish(&mut self.workbook, id_width)?;
        let notes = self.notes();
        let matches: Vec<MatchesSheet> = self
            .matches
            .sheets
            .iter()
            .map(|(_, name, games)| MatchesSheet {
                name: name.clone(),
                games: *games,
            })
            .collect();
        let names = self.options.sheet_names;
        let summary = self.workbook.add_worksheet().set_name(names.summary)?;
        write_summary(summary, &self.tally.settings(), &matches, &notes)?;
        let players = self.workbook.add_worksheet().set_name(names.players)?;
        write_players(players, &self.records.records(), names.human)?;
        if let Some(pairs) = &self.pairs {
            write_pairs(self.workbook.add_worksheet().set_name(PAIRS)?, pairs)?;
        }
        let sheets = self
            .workbook
            .worksheets()
            .iter()
            .map(|sheet| sheet.name())
            .collect();
        save_workbook(&mut self.workbook, path)?;
        Ok(ExportInfo {
            games: self.games,
            moves: self.moves.rows() as u64,
            sheets,
            notes,
        })
    }

    /// A note for each table split across sheets, and one for resigned games.
    fn notes(&self) -> Vec<String> {
        let resigned = match self.resigned {
            0 => None,
            1 => Some("1 game ended by resignation: the player who resigned lost it (see the Result column of the Matches sheet).".to_string()),
            n => Some(format!("{n} games ended by resignation: the player who resigned lost each (see the Result column of the Matches sheet).")),
        };
        [&self.matches, &self.moves]
            .into_iter()
            .filter(|table| table.sheets.len() > 1)
            .map(|table| {
                let names: Vec<&str> = table.sheets.iter().map(|(_, n, _)| n.as_str()).collect();
                format!(
                    "The {} {} rows are split across the sheets {} (at most {} rows per sheet).",
                    table.rows(),
                    table.base,
                    names.join(", "),
                    self.options.max_rows.saturating_sub(1)
                )
            })
            .chain(resigned)
            .collect()
    }
}

/// The game id column's width for ids of up to `longest` characters: wide enough to show
/// them whole (Excel's width unit is about one character), within reason.
fn id_width(longest: usize) -> f64 {
    (longest as f64 + 2.0).clamp(12.0, MAX_ID_WIDTH)
}

/// Writes `entries` as an Excel workbook at `path`, atomically (the previous file stays
/// intact on failure). Sheets: Matches (one row per game), Moves (one row per move) and
/// Summary (wins, draws, losses and win rate per AI setting and per depth as COUNTIFS
/// formulas with cached results, and two charts).
///
/// # Errors
/// [`ExportError::Write`] naming the path when the file cannot be written;
/// [`ExportError::Invalid`] or [`ExportError::TextTooLong`] for the first entry that
/// cannot be exported (nothing is written then); [`ExportError::Xlsx`] if the library
/// fails.
pub fn export_workbook(entries: &[HistoryEntry], path: &Path) -> Result<(), ExportError> {
    let mut writer = WorkbookWriter::new(ExportOptions::default());
    for entry in entries {
        writer.add(entry)?;
    }
    writer.finish(path).map(|_| ())
}

/// What one row of the Moves sheet holds (see `WorkbookWriter::write_move_row`).
struct MoveRow<'a> {
    /// The ply, from 0.
    ply: usize,
    /// The move in its game's notation.
    mv: &'a str,
    /// Cells the move claimed (queens); `None` leaves the column blank.
    gained: Option<u32>,
    /// Each seat's score after the move.
    score: [u32; 2],
    /// The search that chose the move, if a computer did.
    search: Option<super::game::SearchInfo>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// History ids such as `20261123-121617-294dadef1f-12612-18` (35 characters) were
    /// cut by a fixed width of 30.
    #[test]
    fn the_id_column_fits_the_longest_id() {
        let history_id = "20261123-121617-294dadef1f-12612-18";
        assert!(id_width(history_id.chars().count()) > history_id.len() as f64);
        assert_eq!(id_width(3), 12.0);
        assert_eq!(id_width(10_000), MAX_ID_WIDTH);
    }
}
