//! The Analysis sheet: one row per analysed move, each player's totals beside them, and a
//! chart of the margin with best play after every move. [`write_analysis_sheet`] adds it
//! to any workbook, so `queens analyse --xlsx` and a history export can both use it.

use super::error::ExportError;
use super::output::save_workbook;
use super::sheet::{
    Column, EXCEL_MAX_CELL_CHARS, header_format, number, table_filter, table_header, text,
};
use queens_engines::analysis::{Analysis, Class};
use rust_xlsxwriter::{Chart, ChartType, ColNum, RowNum, Workbook, Worksheet, XlsxError};
use std::path::Path;

/// The sheet name `queens analyse --xlsx` uses.
pub(crate) const ANALYSIS_SHEET: &str = "Analysis";

/// A loss is stated only when proved: the Loss column is blank for a move whose loss is
/// not, and its proved bounds are beside it; "Exact" says whether the two margins are
/// proved ("no": they are estimates, with the depth).
const MOVE_COLUMNS: [Column; 12] = [
    number("Ply", 5.0),
    text("Player", 7.0),
    text("Move", 6.0),
    text("Best", 6.0),
    number("Margin before", 13.0),
    number("Margin after", 12.0),
    number("Loss", 6.0),
    number("Loss at least", 12.0),
    number("Loss at most", 12.0),
    text("Exact", 6.0),
    number("Depth", 6.0),
    text("Class", 11.0),
];

/// The first column of the per-player block, one blank column right of the moves.
const SUMMARY_COL: ColNum = MOVE_COLUMNS.len() as ColNum + 1;

const SUMMARY_TITLES: [&str; 12] = [
    "Player",
    "Moves",
    "Loss (proved)",
    "Best moves",
    "Unproved",
    "Accuracy (%)",
    "best",
    "good",
    "inaccuracy",
    "mistake",
    "blunder",
    "unproved",
];

/// Adds a sheet named `name` (at most 31 characters, Excel's rule) holding `analysis`.
///
/// # Errors
/// [`XlsxError`] for a name Excel refuses or a library failure.
pub(crate) fn write_analysis_sheet(
    workbook: &mut Workbook,
    name: &str,
    analysis: &Analysis,
) -> Result<(), XlsxError> {
    let sheet = workbook.add_worksheet().set_name(name)?;
    write_moves(sheet, analysis)?;
    write_players(sheet, analysis)?;
    if !analysis.moves.is_empty() {
        let chart = margin_chart(name, analysis.moves.len() as RowNum);
        sheet.insert_chart(7, SUMMARY_COL, &chart)?;
    }
    Ok(())
}

/// The moves' table: one row per analysed move, under [`MOVE_COLUMNS`], with a filter.
fn write_moves(sheet: &mut Worksheet, analysis: &Analysis) -> Result<(), XlsxError> {
    table_header(sheet, &MOVE_COLUMNS)?;
    for (index, m) in analysis.moves.iter().enumerate() {
        let row = index as RowNum + 1;
        sheet.write_number(row, 0, m.ply as f64)?;
        sheet.write_string(row, 1, format!("P{}", m.player))?;
        sheet.write_string(row, 2, &m.played)?;
        if let Some(best) = &m.best {
            sheet.write_string(row, 3, best)?;
        }
        sheet.write_number(row, 4, m.margin_before)?;
        sheet.write_number(row, 5, m.margin_after)?;
        if let Some(loss) = m.loss {
            sheet.write_number(row, 6, loss)?;
        }
        sheet.write_number(row, 7, m.loss_lower)?;
        sheet.write_number(row, 8, m.loss_upper)?;
        sheet.write_string(row, 9, if m.exact { "yes" } else { "no (estimate)" })?;
        if let Some(depth) = m.depth {
            sheet.write_number(row, 10, depth)?;
        }
        sheet.write_string(row, 11, m.class.name())?;
    }
    table_filter(sheet, MOVE_COLUMNS.len(), analysis.moves.len())
}

/// Beside the moves: each player's totals under [`SUMMARY_TITLES`], then the game
/// string and the notes (a stopped analysis, what a loss and an estimate mean).
fn write_players(sheet: &mut Worksheet, analysis: &Analysis) -> Result<(), XlsxError> {
    let header = header_format();
    for (offset, title) in SUMMARY_TITLES.iter().enumerate() {
        let at = SUMMARY_COL + offset as ColNum;
        sheet.write_string_with_format(0, at, *title, &header)?;
        sheet.set_column_width(at, (title.len() as f64 + 2.0).max(7.0))?;
    }
    for (index, player) in analysis.players.iter().enumerate() {
        let row = index as RowNum + 1;
        sheet.write_string(row, SUMMARY_COL, format!("P{}", player.player))?;
        sheet.write_number(row, SUMMARY_COL + 1, player.moves as f64)?;
        sheet.write_number(row, SUMMARY_COL + 2, player.loss)?;
        sheet.write_number(row, SUMMARY_COL + 3, player.best as f64)?;
        sheet.write_number(row, SUMMARY_COL + 4, player.unproved as f64)?;
        sheet.write_number(row, SUMMARY_COL + 5, player.accuracy)?;
        for (offset, count) in player.classes.iter().enumerate() {
            sheet.write_number(row, SUMMARY_COL + 6 + offset as ColNum, *count as f64)?;
        }
    }
    debug_assert_eq!(Class::ALL.len(), SUMMARY_TITLES.len() - 6);
    let note_row = 4;
    sheet.write_string_with_format(note_row, SUMMARY_COL, "Game", &header)?;
    // The game string is checked against Excel's cell limit by the caller's data (a
    // 15x15 game string is well under it); cut rather than fail if it is not.
    let game: String = analysis.game.chars().take(EXCEL_MAX_CELL_CHARS).collect();
    sheet.write_string(note_row, SUMMARY_COL + 1, game)?;
    if !analysis.complete {
        sheet.write_string(
            note_row + 1,
            SUMMARY_COL,
            "The analysis was stopped: only the last moves of the game are here.",
        )?;
    }
    sheet.write_string(
        note_row + 2,
        SUMMARY_COL,
        "A loss is given only when proved; otherwise its proved bounds (class \"unproved\" \
         unless they decide it). Margins marked \"no (estimate)\" are the engine's \
         estimates at the depth given.",
    )?;
    Ok(())
}

/// The margin after every move (the moves' rows 1..=`last` of sheet `name`).
fn margin_chart(name: &str, last: RowNum) -> Chart {
    let first = 1;
    let mut chart = Chart::new(ChartType::Line);
    chart
        .add_series()
        .set_name("Margin after the move (P1 - P2, best play)")
        .set_categories((name, first, 0, last, 0))
        .set_values((name, first, 5, last, 5));
    chart
        .title()
        .set_name("Margin with best play after every move");
    chart.x_axis().set_name("Ply");
    chart.y_axis().set_name("Cells (P1 - P2)");
    chart.legend().set_hidden();
    chart.set_width(560);
    chart
}

/// Writes a workbook holding only the Analysis sheet of `analysis` at `path`, atomically
/// (an older file stays intact on failure); the folder is created if missing.
///
/// # Errors
/// [`ExportError::Target`] for a path that cannot take a workbook (see
/// [`super::check_output_path`]); [`ExportError::Write`] naming the path; [`ExportError::Xlsx`] if the library fails.
pub fn export_analysis(analysis: &Analysis, path: &Path) -> Result<(), ExportError> {
    let mut workbook = Workbook::new();
    write_analysis_sheet(&mut workbook, ANALYSIS_SHEET, analysis)?;
    save_workbook(&mut workbook, path)
}

#[cfg(test)]
mod tests {
    use crate::{ExportOptions, HistoryEntry, SavedGame, Side, WorkbookWriter};
    use calamine::{Data, Reader, Xlsx, open_workbook};
    use queens_board::random_position;
    use queens_engines::analysis::{AnalysisSettings, analyse};
    use std::time::Duration;

    /// The history export's writer takes an Analysis sheet per analysed game beside its
    /// own sheets, as the window's export will.
    #[test]
    fn a_history_workbook_takes_an_analysis_sheet_per_game() {
        let board = random_position(5, 2, 225, 7).unwrap_or_else(|e| panic!("{e}"));
        let settings = AnalysisSettings {
            time: Duration::from_secs(5),
            threads: 1,
            hash_mb: 4,
            retry: std::time::Duration::ZERO,
        };
        let analysis =
            analyse(&board, settings, &|| false, &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"));
        let saved = SavedGame::new(&board, [Side::Human, Side::Human], Some(7));
        let mut writer = WorkbookWriter::new(ExportOptions::default());
        writer
            .add(&HistoryEntry::new("g1", saved))
            .unwrap_or_else(|e| panic!("{e}"));
        let name = writer
            .add_analysis(&analysis)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(name, "Analysis 1");
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("history.xlsx");
        let info = writer.finish(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(info.sheets.contains(&name), "{:?}", info.sheets);
        let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
        let range = book
            .worksheet_range("Analysis 1")
            .unwrap_or_else(|e| panic!("{e}"));
        let plies: Vec<f64> = range
            .rows()
            .skip(1)
            .filter_map(|row| match row.first() {
                Some(Data::Float(ply)) => Some(*ply),
                _ => None,
            })
            .collect();
        let expected: Vec<f64> = (1..=board.ply()).map(|p| p as f64).collect();
        assert_eq!(plies, expected);
    }
}
