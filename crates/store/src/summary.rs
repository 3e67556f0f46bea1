//! The workbook's Summary sheet: wins, draws and losses per AI setting and per depth as
//! COUNTIFS formulas over the Matches sheets, each with the value counted in
//! `statistics.rs` as its cached result (so readers that do not recalculate still show
//! numbers), plus two charts and any notes about the export.

use super::sheet::{Column, col, header_format_of, number, table_filter, table_header, text};
use super::statistics::{SettingSummary, by_depth};
use rust_xlsxwriter::utility;
use rust_xlsxwriter::{Chart, ChartType, ColNum, Format, Formula, RowNum, Worksheet, XlsxError};

/// A Matches sheet and the games it holds.
#[derive(Clone, Debug)]
pub(crate) struct MatchesSheet {
    /// Its name ("Matches", "Matches 2", ...).
    pub name: String,
    /// Data rows below its header.
    pub games: usize,
}

/// An absolute range of one column of `sheet`, rows 2..=games+1 (A1 notation).
fn column_range(sheet: &MatchesSheet, column: ColNum) -> String {
    let last = sheet.games.max(1) as RowNum;
    utility::worksheet_range_absolute(&sheet.name, 1, column, last, column)
}

/// Over every Matches sheet: `COUNTIFS(P1 key = key, winner = w1) + COUNTIFS(P2 key =
/// key, winner = w2)`.
fn countifs(
    sheets: &[MatchesSheet],
    key_cols: (ColNum, ColNum),
    key: &str,
    w1: &str,
    w2: &str,
) -> String {
    sheets
        .iter()
        .map(|sheet| {
            let winner = column_range(sheet, col::WINNER);
            format!(
                "COUNTIFS({},{key},{winner},\"{w1}\")+COUNTIFS({},{key},{winner},\"{w2}\")",
                column_range(sheet, key_cols.0),
                column_range(sheet, key_cols.1),
            )
        })
        .collect::<Vec<_>>()
        .join("+")
}

/// The columns of both results tables: a label, the algorithm, the depth, then the
/// counts as formulas.
const COUNTS_FROM: ColNum = 3;

/// The "Win rate" column of both tables.
const WIN_RATE: ColNum = COUNTS_FROM + 4;

/// Writes one results table below the header row `top`. `key` is the column whose value
/// the COUNTIFS match against `key_cols` of the Matches sheets (the setting text in A, or
/// the depth in C).
fn write_table(
    sheet: &mut Worksheet,
    top: RowNum,
    rows: &[SettingSummary],
    (key, key_cols): (&str, (ColNum, ColNum)),
    matches: &[MatchesSheet],
) -> Result<(), XlsxError> {
    let percent = Format::new().set_num_format("0.0%");
    for (index, s) in rows.iter().enumerate() {
        let row = top + 1 + index as RowNum;
        sheet.write_string(row, 0, &s.setting)?;
        sheet.write_string(row, 1, &s.algorithm)?;
        sheet.write_number(row, 2, s.depth)?;
        let key = format!("${key}{}", row + 1);
        let counts = [
            (countifs(matches, key_cols, &key, "P1", "P2"), s.wins),
            (countifs(matches, key_cols, &key, "Draw", "Draw"), s.draws),
            (countifs(matches, key_cols, &key, "P2", "P1"), s.losses),
        ];
        for (offset, (formula, value)) in counts.into_iter().enumerate() {
            let formula = Formula::new(format!("={formula}")).set_result(value.to_string());
            sheet.write_formula(row, COUNTS_FROM + offset as ColNum, formula)?;
        }
        let cell = |offset: ColNum| utility::row_col_to_cell(row, COUNTS_FROM + offset);
        let (w, d, l, n) = (cell(0), cell(1), cell(2), cell(3));
        let total = Formula::new(format!("={w}+{d}+{l}")).set_result(s.games().to_string());
        sheet.write_formula(row, COUNTS_FROM + 3, total)?;
        let win =
            Formula::new(format!("=IF({n}>0,{w}/{n},0)")).set_result(s.win_rate().to_string());
        sheet.write_formula_with_format(row, WIN_RATE, win, &percent)?;
        let score = Formula::new(format!("=IF({n}>0,({w}+{d}/2)/{n},0)"))
            .set_result(s.score_rate().to_string());
        sheet.write_formula_with_format(row, WIN_RATE + 1, score, &percent)?;
    }
    Ok(())
}

const HEADERS: [Column; 9] = [
    text("AI setting", 30.0),
    text("Algorithm", 11.0),
    number("Depth", 7.0),
    number("Wins", 8.0),
    number("Draws", 8.0),
    number("Losses", 8.0),
    number("Games", 8.0),
    number("Win rate", 10.0),
    number("Score rate", 10.0),
];

/// The Summary sheet: a table per AI setting, a table per depth, the notes, and the two
/// charts (the margin chart shows the first Matches sheet's games).
pub(crate) fn write_summary(
    sheet: &mut Worksheet,
    settings: &[SettingSummary],
    matches: &[MatchesSheet],
    notes: &[String],
) -> Result<(), XlsxError> {
    let depths = by_depth(settings);
    table_header(sheet, &HEADERS)?;
    table_filter(sheet, HEADERS.len(), settings.len())?;
    let setting_cols = (col::P1_SETTING, col::P2_SETTING);
    write_table(sheet, 0, settings, ("A", setting_cols), matches)?;

    // The depth table sits below, with its own header row (outside the autofilter).
    let top = settings.len() as RowNum + 2;
    for (column, header) in HEADERS.iter().enumerate() {
        let title = if column == 0 {
            "All settings by depth"
        } else {
            header.title
        };
        sheet.write_string_with_format(top, column as ColNum, title, &header_format_of(header))?;
    }
    let depth_cols = (col::P1_DEPTH, col::P2_DEPTH);
    write_table(sheet, top, &depths, ("C", depth_cols), matches)?;

    let mut next = top + depths.len() as RowNum + 2;
    for note in notes {
        sheet.write_string(next, 0, note)?;
        next += 1;
    }
    let chart_row = if notes.is_empty() { next } else { next + 1 };
    if !depths.is_empty() {
        let (first, last) = (top + 1, top + depths.len() as RowNum);
        // This sheet's own name: a workbook may name its sheets in another language.
        let own = sheet.name();
        let own = own.as_str();
        let mut chart = Chart::new(ChartType::Column);
        chart
            .add_series()
            .set_name("Win rate")
            .set_categories((own, first, 2, last, 2))
            .set_values((own, first, WIN_RATE, last, WIN_RATE));
        chart.title().set_name("Win rate by search depth");
        chart.x_axis().set_name("Depth");
        chart
            .y_axis()
            .set_name("Win rate")
            .set_num_format("0%")
            .set_min(0)
            .set_max(1);
        chart.legend().set_hidden();
        sheet.insert_chart(chart_row, 0, &chart)?;
    }
    if let Some(first) = matches.first().filter(|sheet| sheet.games > 0) {
        let last = first.games as RowNum;
        let name = first.name.as_str();
        let mut chart = Chart::new(ChartType::Column);
        chart
            .add_series()
            .set_name("P1 - P2 cells")
            .set_categories((name, 1, col::CHART_LABEL, last, col::CHART_LABEL))
            .set_values((name, 1, col::MARGIN, last, col::MARGIN));
        chart
            .title()
            .set_name("Score margin per game (P1 minus P2)");
        chart.x_axis().set_name("Game");
        chart.y_axis().set_name("Cells");
        chart.legend().set_hidden();
        chart.set_width(560);
        // Beside the first chart, so that a printed summary keeps both on one page.
        sheet.insert_chart(chart_row, 5, &chart)?;
    }
    Ok(())
}
