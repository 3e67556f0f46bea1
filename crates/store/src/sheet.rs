//! The workbook's layout shared by its sheets: names, the Matches columns the Summary's
//! formulas (and the writers) refer to, Excel's limits, and the header row.

use rust_xlsxwriter::{ColNum, Format, FormatAlign, RowNum, Worksheet, XlsxError};

/// The first Matches sheet's name (the Summary formulas refer to every Matches sheet).
pub(crate) const MATCHES: &str = "Matches";

/// The first Moves sheet's name.
pub(crate) const MOVES: &str = "Moves";

/// The Summary sheet's name.
pub(crate) const SUMMARY: &str = "Summary";

/// The Players sheet's name.
pub(crate) const PLAYERS: &str = "Players";

/// The Analysis sheets' name, before their number.
pub(crate) const ANALYSIS: &str = "Analysis";

/// The names of a history workbook's sheets, so a window in another language can export
/// under its own words. Further sheets of a long table are numbered ("Matches 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetNames {
    /// One row per game.
    pub matches: &'static str,
    /// One row per move.
    pub moves: &'static str,
    /// Results per AI setting and depth, with charts.
    pub summary: &'static str,
    /// Each player's record against each opponent.
    pub players: &'static str,
    /// The Table 2.4 window's measurements.
    pub table24: &'static str,
    /// An analysed game's sheets, numbered after it ("Analysis 1").
    pub analysis: &'static str,
    /// What the Players sheet calls a person who gave no name: "human" as the files
    /// write it, or the window's own word ("You"), so the workbook and the window name
    /// the same player the same way (issue 32.12).
    pub human: &'static str,
}

impl Default for SheetNames {
    /// The English names.
    fn default() -> Self {
        SheetNames {
            matches: MATCHES,
            moves: MOVES,
            summary: SUMMARY,
            players: PLAYERS,
            table24: crate::TABLE24_SHEET,
            analysis: ANALYSIS,
            human: "human",
        }
    }
}

/// Rows of an Excel worksheet, the header row included (Excel's hard limit).
pub(crate) const EXCEL_MAX_ROWS: u32 = 1_048_576;

/// Characters of one Excel cell (Excel's hard limit): a longer text is refused.
pub const EXCEL_MAX_CELL_CHARS: usize = 32_767;

/// Columns of the Matches sheet that the Summary sheet's formulas and charts use.
pub(crate) mod col {
    use rust_xlsxwriter::ColNum;
    /// The game id.
    pub(crate) const GAME: ColNum = 0;
    /// P1's AI setting (or "human").
    pub(crate) const P1_SETTING: ColNum = 6;
    /// P1's search depth (blank for a human).
    pub(crate) const P1_DEPTH: ColNum = 7;
    /// P2's AI setting.
    pub(crate) const P2_SETTING: ColNum = 9;
    /// P2's search depth.
    pub(crate) const P2_DEPTH: ColNum = 10;
    /// "P1", "P2" or "Draw".
    pub(crate) const WINNER: ColNum = 13;
    /// P1's score minus P2's.
    pub(crate) const MARGIN: ColNum = 14;
    /// The result in words, "P2 wins (P1 resigned)".
    pub(crate) const RESULT: ColNum = 18;
    /// The name P1 gave (blank when none).
    pub(crate) const P1_NAME: ColNum = 19;
    /// The name P2 gave.
    pub(crate) const P2_NAME: ColNum = 20;
    /// The date and the players in a few words, the margin chart's category (the id is
    /// too long to read under a bar).
    pub(crate) const CHART_LABEL: ColNum = 21;
    /// The game's kind as saves name it (`queens`, `tictactoe`, `dodgem`). Last, so every
    /// column before it keeps the place it had before the small games.
    pub(crate) const KIND: ColNum = 22;
    /// For a game started from a pasted or linked position, "from a position, N moves
    /// played here" (blank for a game played from its start). After the kind, so every
    /// earlier column keeps its place.
    pub(crate) const FROM_POSITION: ColNum = 23;
}

/// A column of a table: its title, its width, and whether it holds numbers (whose header
/// is then right-aligned, over the numbers it names).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Column {
    pub title: &'static str,
    pub width: f64,
    pub numeric: bool,
}

/// A text column.
pub(crate) const fn text(title: &'static str, width: f64) -> Column {
    Column {
        title,
        width,
        numeric: false,
    }
}

/// A number column.
pub(crate) const fn number(title: &'static str, width: f64) -> Column {
    Column {
        title,
        width,
        numeric: true,
    }
}

/// The header style shared by every sheet.
pub(crate) fn header_format() -> Format {
    Format::new().set_bold().set_background_color("#DDEBF7")
}

/// The header style of `column`: right-aligned over numbers.
pub(crate) fn header_format_of(column: &Column) -> Format {
    if column.numeric {
        header_format().set_align(FormatAlign::Right)
    } else {
        header_format()
    }
}

/// Writes a bold header row with column widths, freezes it and sets the page layout.
pub(crate) fn table_header(sheet: &mut Worksheet, columns: &[Column]) -> Result<(), XlsxError> {
    for (index, column) in columns.iter().enumerate() {
        let at = index as ColNum;
        sheet.write_string_with_format(0, at, column.title, &header_format_of(column))?;
        sheet.set_column_width(at, column.width)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    // Printed (or converted to PDF) one page wide, the header repeated on every page.
    sheet.set_landscape().set_print_fit_to_pages(1, 0);
    sheet.set_repeat_rows(0, 0)?;
    Ok(())
}

/// Puts an autofilter over a table of `rows` data rows below its header.
pub(crate) fn table_filter(
    sheet: &mut Worksheet,
    columns: usize,
    rows: usize,
) -> Result<(), XlsxError> {
    let last_col = columns.saturating_sub(1) as ColNum;
    sheet.autofilter(0, 0, rows.max(1) as RowNum, last_col)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Headers sat left over right-aligned numbers.
    #[test]
    fn number_headers_are_right_aligned_and_text_headers_are_not() {
        let right = header_format().set_align(FormatAlign::Right);
        assert_eq!(header_format_of(&number("Nodes", 9.0)), right);
        assert_eq!(header_format_of(&text("Game", 9.0)), header_format());
    }
}
