//! The "Table 2.4" sheet: nodes and time per depth for each algorithm, the minimax /
//! alpha-beta ratio, the thesis's own figures for b = 40 beside them on a queens position
//! (`Table24::thesis`), whether minimax and alpha-beta found the same value, and a line
//! chart of the nodes on a log scale. [`write_table24_sheet`] adds it to any workbook (the history
//! export's writer takes one too); [`export_table24`] writes a workbook of it alone.

use super::error::ExportError;
use super::output::save_workbook;
use super::sheet::{EXCEL_MAX_CELL_CHARS, header_format};
use queens_engines::analysis::Table24;
use queens_engines::analysis::table24::{Entry, THESIS_B40, thesis_row};
use rust_xlsxwriter::{Chart, ChartType, ColNum, Format, RowNum, Workbook, Worksheet, XlsxError};
use std::path::Path;

/// The sheet's name.
pub(crate) const TABLE24_SHEET: &str = "Table 2.4";

/// Columns per algorithm: nodes, leaves, time in ms.
const PER_ALGORITHM: ColNum = 3;

/// Adds the sheet named `name` holding `table`. Rows run over the depths measured and,
/// on a queens position, the thesis's depths, whichever go deeper; a depth not searched
/// says why ("skipped: ~N nodes predicted", "stopped", the engine's refusal) in its
/// nodes cell. The thesis's three columns come after the ratio only on a queens
/// position; the "same value" column is the last.
///
/// # Errors
/// [`XlsxError`] for a name Excel refuses or a library failure.
pub(crate) fn write_table24_sheet(
    workbook: &mut Workbook,
    name: &str,
    table: &Table24,
) -> Result<(), XlsxError> {
    let sheet = workbook.add_worksheet().set_name(name)?;
    let ratio_col = write_titles(sheet, table)?;
    let thesis_depths = if table.thesis { THESIS_B40.len() } else { 0 };
    let depths = table.rows.len().max(thesis_depths);
    for index in 0..depths {
        write_depth(sheet, table, index, ratio_col)?;
    }
    let note_row = depths as RowNum + 2;
    write_notes(sheet, table, note_row)?;
    let chart = nodes_chart(name, table, ratio_col, depths as RowNum);
    sheet.insert_chart(note_row + 5, 0, &chart)?;
    Ok(())
}

/// The header row (frozen with the depth column); returns the column of the minimax /
/// alpha-beta ratio, after every algorithm's columns.
fn write_titles(sheet: &mut Worksheet, table: &Table24) -> Result<ColNum, XlsxError> {
    let header = header_format();
    let mut titles = vec!["Depth".to_string()];
    for kind in &table.algorithms {
        titles.push(format!("{kind} nodes"));
        titles.push(format!("{kind} leaves"));
        titles.push(format!("{kind} ms"));
    }
    let ratio_col = 1 + PER_ALGORITHM * table.algorithms.len() as ColNum;
    titles.push("Minimax / alpha-beta (nodes)".to_string());
    if table.thesis {
        titles.extend(
            [
                "Thesis b=40: minimax",
                "Thesis b=40: alpha-beta",
                "Thesis b=40: ratio",
            ]
            .map(String::from),
        );
    }
    titles.push("Minimax = alpha-beta value".to_string());
    for (col, title) in titles.iter().enumerate() {
        sheet.write_string_with_format(0, col as ColNum, title, &header)?;
        sheet.set_column_width(col as ColNum, (title.len() as f64 + 2.0).max(8.0))?;
    }
    sheet.set_freeze_panes(1, 1)?;
    Ok(ratio_col)
}

/// The row of depth `index + 1`: each algorithm's measure (or why there is none), the
/// ratio, and the thesis's figures where it has them.
fn write_depth(
    sheet: &mut Worksheet,
    table: &Table24,
    index: usize,
    ratio_col: ColNum,
) -> Result<(), XlsxError> {
    let millis = Format::new().set_num_format("0.000");
    let ratio_format = Format::new().set_num_format("0.0");
    let at = index as RowNum + 1;
    let depth = index as u32 + 1;
    sheet.write_number(at, 0, depth)?;
    if let Some(row) = table.rows.get(index) {
        for (slot, entry) in row.entries.iter().enumerate() {
            let col = 1 + PER_ALGORITHM * slot as ColNum;
            match entry {
                Entry::Done(m) => {
                    sheet.write_number(at, col, m.nodes as f64)?;
                    sheet.write_number(at, col + 1, m.leaves as f64)?;
                    let ms = m.elapsed.as_secs_f64() * 1000.0;
                    sheet.write_number_with_format(at, col + 2, ms, &millis)?;
                }
                Entry::Skipped { predicted } => {
                    let why = format!("skipped: ~{predicted} nodes predicted");
                    sheet.write_string(at, col, why)?;
                }
                Entry::Stopped => {
                    sheet.write_string(at, col, "stopped")?;
                }
                Entry::NotPlayed { reason } => {
                    sheet.write_string(at, col, format!("not played: {reason}"))?;
                }
            }
        }
        if let Some(ratio) = row.ratio(&table.algorithms) {
            sheet.write_number_with_format(at, ratio_col, ratio, &ratio_format)?;
        }
        if let Some(same) = row.values_agree(&table.algorithms) {
            sheet.write_string(
                at,
                agree_col(table, ratio_col),
                if same { "yes" } else { "NO" },
            )?;
        }
    }
    if table.thesis
        && let Some(thesis) = thesis_row(depth)
    {
        sheet.write_number(at, ratio_col + 1, thesis.minimax as f64)?;
        sheet.write_number(at, ratio_col + 2, thesis.alphabeta as f64)?;
        sheet.write_number(at, ratio_col + 3, thesis.ratio)?;
    }
    Ok(())
}

/// The column saying whether minimax and alpha-beta agreed: the last, after the thesis's
/// three when they are shown.
fn agree_col(table: &Table24, ratio_col: ColNum) -> ColNum {
    ratio_col + if table.thesis { 4 } else { 1 }
}

/// Below the table: the position, its moves, what "nodes" counts, and whether the run
/// was stopped.
fn write_notes(sheet: &mut Worksheet, table: &Table24, note_row: RowNum) -> Result<(), XlsxError> {
    let header = header_format();
    sheet.write_string_with_format(note_row, 0, "Position", &header)?;
    let game: String = table.game.chars().take(EXCEL_MAX_CELL_CHARS).collect();
    sheet.write_string(note_row, 1, game)?;
    sheet.write_string_with_format(note_row + 1, 0, "Moves", &header)?;
    sheet.write_number(note_row + 1, 1, table.moves)?;
    let nodes = if table.thesis {
        "Nodes: positions visited, the root included (as `queens bestmove` counts them); \
         the thesis counts the positions it evaluates (leaves) on a uniform tree with b = 40."
    } else {
        "Nodes: positions visited, the root included (as `queens bestmove` counts them). \
         The thesis's b = 40 figures are about queens and are not shown for this game."
    };
    sheet.write_string(note_row + 2, 0, nodes)?;
    if !table.complete {
        sheet.write_string(
            note_row + 3,
            0,
            "The run was stopped before its last depth.",
        )?;
    }
    Ok(())
}

/// The nodes per depth on a log scale: each algorithm on this position, beside the
/// thesis's minimax and alpha-beta for b = 40 on a queens position (rows 1..=`last` of
/// sheet `name`).
fn nodes_chart(name: &str, table: &Table24, ratio_col: ColNum, last: RowNum) -> Chart {
    let mut chart = Chart::new(ChartType::Line);
    for (slot, kind) in table.algorithms.iter().enumerate() {
        let col = 1 + PER_ALGORITHM * slot as ColNum;
        chart
            .add_series()
            .set_name(&format!("{kind} (this position)"))
            .set_categories((name, 1, 0, last, 0))
            .set_values((name, 1, col, last, col));
    }
    let thesis_series: &[(ColNum, &str)] = if table.thesis {
        &[
            (1, "minimax (thesis, b=40)"),
            (2, "alpha-beta (thesis, b=40)"),
        ]
    } else {
        &[]
    };
    for &(offset, label) in thesis_series {
        let col = ratio_col + offset;
        chart
            .add_series()
            .set_name(label)
            .set_categories((name, 1, 0, last, 0))
            .set_values((name, 1, col, last, col));
    }
    chart.title().set_name("Nodes per depth (log scale)");
    chart.x_axis().set_name("Depth");
    chart.y_axis().set_name("Nodes").set_log_base(10);
    chart.set_width(720).set_height(400);
    chart
}

/// Writes a workbook holding only the Table 2.4 sheet at `path`, atomically (an older
/// file stays intact on failure); the folder is created if missing.
///
/// # Errors
/// [`ExportError::Target`] for a path that cannot take a workbook (see
/// [`super::check_output_path`]); [`ExportError::Write`] naming the path; [`ExportError::Xlsx`] if the library fails.
pub fn export_table24(table: &Table24, path: &Path) -> Result<(), ExportError> {
    let mut workbook = Workbook::new();
    write_table24_sheet(&mut workbook, TABLE24_SHEET, table)?;
    save_workbook(&mut workbook, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{Data, Reader, Xlsx, open_workbook};
    use queens_board::Board;
    use queens_engines::ai::{EngineKind, NoHandler};
    use queens_engines::analysis::{Table24Settings, run_table24};

    #[test]
    fn the_sheet_reads_back_with_the_measured_and_the_thesis_figures() {
        let board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
        let settings = Table24Settings::new(3, vec![EngineKind::MINIMAX, EngineKind::ALPHABETA]);
        let table = run_table24(&board, &settings, &NoHandler, &mut |_| {});
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("sub").join("table.xlsx");
        export_table24(&table, &path).unwrap_or_else(|e| panic!("{e}"));
        let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
        let range = book
            .worksheet_range(TABLE24_SHEET)
            .unwrap_or_else(|e| panic!("{e}"));
        let rows: Vec<&[Data]> = range.rows().collect();
        assert_eq!(rows[0][1], Data::String("minimax nodes".into()));
        for (index, row) in table.rows.iter().enumerate() {
            let sheet_row = rows[index + 1];
            assert_eq!(sheet_row[0], Data::Float(f64::from(row.depth)));
            for slot in 0..2 {
                let nodes = row.entries[slot].measure().map(|m| m.nodes as f64);
                assert_eq!(
                    Some(&sheet_row[1 + 3 * slot]),
                    nodes.map(Data::Float).as_ref()
                );
            }
        }
        // The thesis's minimax column (after the ratio) runs to depth 8.
        assert_eq!(rows[8][0], Data::Float(8.0));
        assert_eq!(rows[8][8], Data::Float(6_553_600_000_000.0));
        assert_eq!(rows[4][10], Data::Float(800.0));
    }

    /// The history export's writer takes the sheet beside its own, as the window's
    /// Game > Export to Excel does when a table was measured.
    #[test]
    fn a_history_workbook_takes_the_table_as_its_own_sheet() {
        use crate::{ExportOptions, HistoryEntry, SavedGame, Side, WorkbookWriter};
        let board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        let settings = Table24Settings::new(2, vec![EngineKind::ALPHABETA]);
        let table = run_table24(&board, &settings, &NoHandler, &mut |_| {});
        let saved = SavedGame::new(&board, [Side::Human, Side::Human], None);
        let mut writer = WorkbookWriter::new(ExportOptions::default());
        writer
            .add(&HistoryEntry::new("g1", saved))
            .unwrap_or_else(|e| panic!("{e}"));
        writer.add_table24(&table).unwrap_or_else(|e| panic!("{e}"));
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("history.xlsx");
        let info = writer.finish(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            info.sheets.iter().any(|s| s == TABLE24_SHEET),
            "{:?}",
            info.sheets
        );
        let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
        let range = book
            .worksheet_range(TABLE24_SHEET)
            .unwrap_or_else(|e| panic!("{e}"));
        let nodes = table.rows[1].entries[0].measure().map(|m| m.nodes as f64);
        assert_eq!(range.get((2, 1)), nodes.map(Data::Float).as_ref());
    }

    /// Issue 39: a tic-tac-toe table has no thesis columns (they are about queens), says
    /// that minimax and alpha-beta agreed in the last column, and says why `pvs` has no
    /// counts.
    #[test]
    fn a_tic_tac_toe_sheet_leaves_out_the_thesis_and_says_the_values_agree() {
        let game = queens_engines::games::game_string::read("game=tictactoe moves=b2")
            .unwrap_or_else(|e| panic!("{e}"));
        let kinds = vec![EngineKind::MINIMAX, EngineKind::ALPHABETA, EngineKind::PVS];
        let table = run_table24(
            game.as_ref(),
            &Table24Settings::new(2, kinds),
            &NoHandler,
            &mut |_| {},
        );
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("ttt.xlsx");
        export_table24(&table, &path).unwrap_or_else(|e| panic!("{e}"));
        let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
        let range = book
            .worksheet_range(TABLE24_SHEET)
            .unwrap_or_else(|e| panic!("{e}"));
        let rows: Vec<&[Data]> = range.rows().collect();
        let titles: Vec<String> = rows[0].iter().map(ToString::to_string).collect();
        assert!(!titles.iter().any(|t| t.contains("Thesis")), "{titles:?}");
        assert_eq!(
            titles.last().map(String::as_str),
            Some("Minimax = alpha-beta value")
        );
        let last = titles.len() - 1;
        // Depth 1 from b2: the root and its 8 replies.
        assert_eq!(rows[1][1], Data::Float(9.0));
        assert_eq!(rows[1][last], Data::String("yes".into()));
        assert!(
            matches!(&rows[1][7], Data::String(why) if why.starts_with("not played")),
            "{:?}",
            rows[1][7]
        );
        // Two depths measured, no thesis depths below them.
        assert!(rows.get(3).is_none_or(|row| row[0] != Data::Float(3.0)));
    }
}
