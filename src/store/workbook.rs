//! The Excel export (the thesis's Form1 wrote its games to Excel too): a Matches sheet, a
//! Moves sheet and a Summary sheet with formulas and charts (see `summary.rs`).

use super::atomic::{parent_of, write_atomically};
use super::error::ExportError;
use super::game::{SavedGame, Side};
use super::history::HistoryEntry;
use super::summary::write_summary;
use crate::board::{Board, Player};
use rust_xlsxwriter::{ColNum, ExcelDateTime, Format, RowNum, Workbook, Worksheet, XlsxError};
use std::path::Path;

/// The Matches sheet's name (the Summary formulas refer to it).
pub(crate) const MATCHES: &str = "Matches";

/// Columns of the Matches sheet that the Summary sheet's formulas and charts use.
pub(crate) mod col {
    use rust_xlsxwriter::ColNum;
    /// The game id.
    pub const GAME: ColNum = 0;
    /// P1's AI setting (or "human").
    pub const P1_SETTING: ColNum = 6;
    /// P1's search depth (blank for a human).
    pub const P1_DEPTH: ColNum = 7;
    /// P2's AI setting.
    pub const P2_SETTING: ColNum = 9;
    /// P2's search depth.
    pub const P2_DEPTH: ColNum = 10;
    /// "P1", "P2" or "Draw".
    pub const WINNER: ColNum = 13;
    /// P1's score minus P2's.
    pub const MARGIN: ColNum = 14;
}

const MATCH_HEADERS: [(&str, f64); 18] = [
    ("Game", 30.0),
    ("Date (UTC)", 19.0),
    ("Size", 6.0),
    ("Stones", 7.0),
    ("Seed", 8.0),
    ("P1 (first) kind", 14.0),
    ("P1 setting", 26.0),
    ("P1 depth", 9.0),
    ("P2 kind", 10.0),
    ("P2 setting", 26.0),
    ("P2 depth", 9.0),
    ("P1 score", 9.0),
    ("P2 score", 9.0),
    ("Winner", 8.0),
    ("Margin (P1-P2)", 14.0),
    ("Plies", 6.0),
    ("Duration (s)", 12.0),
    ("Game string", 60.0),
];

const MOVE_HEADERS: [(&str, f64); 11] = [
    ("Game", 30.0),
    ("Ply", 5.0),
    ("Player", 7.0),
    ("Cell", 6.0),
    ("Cells gained", 12.0),
    ("P1 score", 9.0),
    ("P2 score", 9.0),
    ("AI depth", 9.0),
    ("Nodes", 12.0),
    ("Time (ms)", 10.0),
    ("Value", 7.0),
];

/// The header style shared by every sheet.
pub(crate) fn header_format() -> Format {
    Format::new().set_bold().set_background_color("#DDEBF7")
}

/// Writes a bold header row with column widths, freezes it and puts an autofilter over
/// the table (`rows` data rows below the header).
pub(crate) fn table_frame(
    sheet: &mut Worksheet,
    headers: &[(&str, f64)],
    rows: usize,
) -> Result<(), XlsxError> {
    let bold = header_format();
    for (index, (title, width)) in headers.iter().enumerate() {
        let column = index as ColNum;
        sheet.write_string_with_format(0, column, *title, &bold)?;
        sheet.set_column_width(column, *width)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    // Printed (or converted to PDF) one page wide, the header repeated on every page.
    sheet.set_landscape().set_print_fit_to_pages(1, 0);
    sheet.set_repeat_rows(0, 0)?;
    let last_col = headers.len().saturating_sub(1) as ColNum;
    sheet.autofilter(0, 0, rows.max(1) as RowNum, last_col)?;
    Ok(())
}

/// Writes the history as an Excel workbook at `path`, atomically (the previous file stays
/// intact on failure). Sheets: Matches (one row per game), Moves (one row per move) and
/// Summary (wins, draws, losses and win rate per AI setting and per depth as COUNTIFS
/// formulas with cached results, and two charts).
///
/// # Errors
/// [`ExportError::Write`] naming the path when the file cannot be written (read-only
/// folder, a folder at that path, a file locked by another program);
/// [`ExportError::Invalid`] if an entry does not replay; [`ExportError::Xlsx`] if the
/// data exceeds the format's limits.
pub fn export_workbook(entries: &[HistoryEntry], path: &Path) -> Result<(), ExportError> {
    let boards = entries
        .iter()
        .map(|entry| {
            entry.game.replay().map_err(|source| ExportError::Invalid {
                id: entry.id.clone(),
                source,
            })
        })
        .collect::<Result<Vec<Board>, ExportError>>()?;
    let mut workbook = Workbook::new();
    write_matches(workbook.add_worksheet().set_name(MATCHES)?, entries)?;
    write_moves(
        workbook.add_worksheet().set_name("Moves")?,
        entries,
        &boards,
    )?;
    write_summary(workbook.add_worksheet().set_name("Summary")?, entries)?;
    let bytes = workbook.save_to_buffer()?;
    let write_error = |source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(parent_of(path)).map_err(write_error)?;
    write_atomically(path, &bytes).map_err(write_error)
}

fn write_side(
    sheet: &mut Worksheet,
    row: RowNum,
    first: ColNum,
    side: &Side,
) -> Result<(), XlsxError> {
    sheet.write_string(row, first, side.kind())?;
    sheet.write_string(row, first + 1, side.to_string())?;
    if let Some(engine) = side.engine() {
        sheet.write_number(row, first + 2, engine.depth)?;
    }
    Ok(())
}

fn write_matches(sheet: &mut Worksheet, entries: &[HistoryEntry]) -> Result<(), XlsxError> {
    table_frame(sheet, &MATCH_HEADERS, entries.len())?;
    let date = Format::new().set_num_format("yyyy-mm-dd hh:mm:ss");
    for (index, entry) in entries.iter().enumerate() {
        let row = index as RowNum + 1;
        let game: &SavedGame = &entry.game;
        let settings = &game.settings;
        let [one, two] = game.result.map_or(game.score, |r| r.score);
        sheet.write_string(row, col::GAME, &entry.id)?;
        let when = i64::try_from(game.created).unwrap_or(0);
        match ExcelDateTime::from_timestamp(when) {
            Ok(datetime) => sheet.write_datetime_with_format(row, 1, &datetime, &date)?,
            // Only an absurd timestamp gets here; the cell stays blank.
            Err(_) => sheet,
        };
        sheet.write_number(row, 2, settings.size)?;
        sheet.write_number(row, 3, settings.stones.len() as f64)?;
        if let Some(seed) = settings.seed {
            // Excel numbers are doubles: a seed above 2^53 would be rounded, so it goes in
            // as text.
            if seed < (1 << 53) {
                sheet.write_number(row, 4, seed as f64)?;
            } else {
                sheet.write_string(row, 4, seed.to_string())?;
            }
        }
        write_side(sheet, row, 5, &settings.players[0])?;
        write_side(sheet, row, 8, &settings.players[1])?;
        sheet.write_number(row, 11, one)?;
        sheet.write_number(row, 12, two)?;
        let winner = game.result.map_or("", |r| r.winner.label());
        sheet.write_string(row, col::WINNER, winner)?;
        sheet.write_number(row, col::MARGIN, f64::from(one) - f64::from(two))?;
        sheet.write_number(row, 15, game.moves.len() as f64)?;
        sheet.write_number(row, 16, game.duration_secs() as f64)?;
        sheet.write_string(row, 17, &game.game)?;
    }
    Ok(())
}

fn write_moves(
    sheet: &mut Worksheet,
    entries: &[HistoryEntry],
    boards: &[Board],
) -> Result<(), XlsxError> {
    let total = boards.iter().map(Board::ply).sum();
    table_frame(sheet, &MOVE_HEADERS, total)?;
    let millis = Format::new().set_num_format("0.000");
    let mut row: RowNum = 1;
    for (entry, board) in entries.iter().zip(boards) {
        let mut score = [0u32; 2];
        for (ply, (record, saved)) in board.history().iter().zip(&entry.game.moves).enumerate() {
            let player = Player::at_ply(ply);
            let gained = record.claims.count();
            score[player.index()] += gained;
            sheet.write_string(row, 0, &entry.id)?;
            sheet.write_number(row, 1, (ply + 1) as f64)?;
            sheet.write_string(row, 2, player.to_string())?;
            sheet.write_string(row, 3, record.cell.to_string())?;
            sheet.write_number(row, 4, gained)?;
            sheet.write_number(row, 5, score[0])?;
            sheet.write_number(row, 6, score[1])?;
            if let Some(search) = saved.search {
                sheet.write_number(row, 7, search.depth)?;
                sheet.write_number(row, 8, search.nodes as f64)?;
                sheet.write_number_with_format(row, 9, search.time_us as f64 / 1000.0, &millis)?;
                sheet.write_number(row, 10, search.value)?;
            }
            row += 1;
        }
    }
    Ok(())
}
