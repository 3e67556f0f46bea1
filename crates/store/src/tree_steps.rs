//! The Tree Lab's step table as an Excel workbook: one "Steps" sheet laid out like the
//! lectures' hand-made tables (step, node, event, alpha, beta, value, evaluations,
//! reason), and an "About" sheet with the tree and its result.
//!
//! The rows arrive already in the user's language (the window renders them); this module
//! only lays them out and writes the file atomically, as the history export does.

use super::error::ExportError;
use super::output::save_workbook;
use super::sheet::{
    Column, EXCEL_MAX_CELL_CHARS, EXCEL_MAX_ROWS, number, table_filter, table_header, text,
};
use rust_xlsxwriter::{ColNum, RowNum, Workbook, Worksheet, XlsxError};
use std::path::Path;

/// A cell of the step table: a number, a text such as "-∞", or nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepCell {
    /// Nothing (minimax has no window).
    Blank,
    /// A number.
    Number(i64),
    /// A text (infinity, or a word).
    Text(String),
}

/// One row of the step table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRow {
    /// 1-based step number.
    pub step: u32,
    /// The node's number (level by level, as the lecture numbers them).
    pub node: u32,
    /// What happened.
    pub event: String,
    /// Alpha after the step.
    pub alpha: StepCell,
    /// Beta after the step.
    pub beta: StepCell,
    /// The node's value after the step.
    pub value: StepCell,
    /// Static evaluations so far.
    pub evaluations: u32,
    /// Why (for cuts and NegaScout's tests), else empty.
    pub reason: String,
}

/// Everything the workbook holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepTable {
    /// The column titles, in the user's language, in [`StepRow`]'s field order.
    pub headers: [String; 8],
    /// The rows.
    pub rows: Vec<StepRow>,
    /// Label and value pairs for the About sheet (tree, root, algorithm, result...).
    pub about: Vec<(String, String)>,
}

const WIDTHS: [(f64, bool); 8] = [
    (7.0, true),
    (7.0, true),
    (28.0, false),
    (9.0, true),
    (9.0, true),
    (9.0, true),
    (12.0, true),
    (70.0, false),
];

/// Writes `table` at `path` atomically (the previous file stays intact on failure); the
/// folder is created if missing.
///
/// # Errors
/// [`ExportError::Target`] for a path that cannot take a workbook (see
/// [`super::check_output_path`]); [`ExportError::Write`] naming the path when it cannot be written; [`ExportError::Xlsx`]
/// if the table is too long for one sheet or the library fails.
pub fn export_step_table(table: &StepTable, path: &Path) -> Result<(), ExportError> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Steps")?;
    write_steps(sheet, table)?;
    let about = workbook.add_worksheet().set_name("About")?;
    for (row, (label, value)) in table.about.iter().enumerate() {
        about.write_string(row as RowNum, 0, clip(label))?;
        about.write_string(row as RowNum, 1, clip(value))?;
    }
    about.set_column_width(0, 24.0)?;
    about.set_column_width(1, 90.0)?;
    save_workbook(&mut workbook, path)
}

fn write_steps(sheet: &mut Worksheet, table: &StepTable) -> Result<(), XlsxError> {
    if table.rows.len() as u64 >= u64::from(EXCEL_MAX_ROWS) {
        return Err(XlsxError::RowColumnLimitError);
    }
    // The shared header writer sets widths, freezing and printing; the titles, in the
    // user's language, are then written over its blank ones.
    let columns: Vec<Column> = WIDTHS
        .iter()
        .map(|&(width, numeric)| {
            if numeric {
                number("", width)
            } else {
                text("", width)
            }
        })
        .collect();
    table_header(sheet, &columns)?;
    for (index, title) in table.headers.iter().enumerate() {
        let format = super::sheet::header_format_of(&columns[index]);
        sheet.write_string_with_format(0, index as ColNum, clip(title), &format)?;
    }
    for (index, row) in table.rows.iter().enumerate() {
        let at = index as RowNum + 1;
        sheet.write_number(at, 0, row.step)?;
        sheet.write_number(at, 1, row.node)?;
        sheet.write_string(at, 2, clip(&row.event))?;
        for (col, cell) in [(3, &row.alpha), (4, &row.beta), (5, &row.value)] {
            match cell {
                StepCell::Blank => {}
                StepCell::Number(value) => {
                    sheet.write_number(at, col, *value as f64)?;
                }
                StepCell::Text(value) => {
                    sheet.write_string(at, col, clip(value))?;
                }
            }
        }
        sheet.write_number(at, 6, row.evaluations)?;
        sheet.write_string(at, 7, clip(&row.reason))?;
    }
    table_filter(sheet, columns.len(), table.rows.len())
}

/// A text cut to what an Excel cell holds (a typed tree can be longer).
fn clip(text: &str) -> &str {
    match text.char_indices().nth(EXCEL_MAX_CELL_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}
