//! The workbook's Pairs sheet, written by `queens arena --xlsx`: one row per board played
//! with both colour assignments (A's margin as P1, as P2, and their sum, the pair margin),
//! and the mean pair margin with its 95% Student-t interval as formulas over those rows.
//! Each formula carries the value the arena computed as its cached result, so readers
//! that do not recalculate still show the numbers.

use super::sheet::{Column, number, table_filter, table_header};
use rust_xlsxwriter::{Formula, RowNum, Worksheet, XlsxError};

/// The sheet's name.
pub(crate) const PAIRS: &str = "Pairs";

const PAIR_COLUMNS: [Column; 5] = [
    number("Pair", 6.0),
    number("Seed", 8.0),
    number("A as P1 (A-B)", 14.0),
    number("A as P2 (A-B)", 14.0),
    number("Pair margin", 12.0),
];

/// Where the statistics block starts (column G), right of the table and a blank column.
const STATS_LABEL: u16 = 6;
const STATS_VALUE: u16 = 7;

/// One board pair of an arena series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRow {
    /// The pair's number.
    pub pair: usize,
    /// Its board's seed.
    pub seed: u64,
    /// A's cells minus B's with A moving first.
    pub a_as_p1: i64,
    /// A's cells minus B's with A moving second.
    pub a_as_p2: i64,
}

/// What the Pairs sheet shows: the contestants, the complete pairs and the statistic the
/// arena computed (the cached results of the formulas).
#[derive(Clone, Debug, PartialEq)]
pub struct PairsSheet {
    /// Contestant A, e.g. `alphabeta:4`.
    pub a: String,
    /// Contestant B.
    pub b: String,
    /// The complete pairs, by pair number.
    pub rows: Vec<PairRow>,
    /// Finished games without their partner (left out of the statistic).
    pub unpaired: usize,
    /// The mean pair margin (`None` with no pair).
    pub mean: Option<f64>,
    /// The sample standard deviation (`None` with fewer than 2 pairs).
    pub stdev: Option<f64>,
    /// The t quantile used (`None` with fewer than 2 pairs).
    pub t: Option<f64>,
    /// The interval's bounds (`None` with fewer than 2 pairs).
    pub low: Option<f64>,
    /// See `low`.
    pub high: Option<f64>,
}

/// A formula with its cached value, or "n/a" when the statistic is undefined.
fn write_stat(
    sheet: &mut Worksheet,
    row: RowNum,
    label: &str,
    formula: &str,
    value: Option<f64>,
) -> Result<(), XlsxError> {
    sheet.write_string(row, STATS_LABEL, label)?;
    match value {
        Some(value) => sheet.write_formula(
            row,
            STATS_VALUE,
            Formula::new(formula).set_result(value.to_string()),
        )?,
        None => sheet.write_string(row, STATS_VALUE, "n/a")?,
    };
    Ok(())
}

/// Writes `pairs` into `sheet`.
pub(crate) fn write_pairs(sheet: &mut Worksheet, pairs: &PairsSheet) -> Result<(), XlsxError> {
    table_header(sheet, &PAIR_COLUMNS)?;
    for (i, row) in pairs.rows.iter().enumerate() {
        let r = i as RowNum + 1;
        sheet.write_number(r, 0, row.pair as f64)?;
        sheet.write_number(r, 1, row.seed as f64)?;
        sheet.write_number(r, 2, row.a_as_p1 as f64)?;
        sheet.write_number(r, 3, row.a_as_p2 as f64)?;
        let sum = (row.a_as_p1 + row.a_as_p2).to_string();
        let excel_row = r + 1;
        sheet.write_formula(
            r,
            4,
            Formula::new(format!("=C{excel_row}+D{excel_row}")).set_result(sum),
        )?;
    }
    table_filter(sheet, PAIR_COLUMNS.len(), pairs.rows.len())?;
    let margins = format!("E2:E{}", pairs.rows.len().max(1) + 1);
    sheet.set_column_width(STATS_LABEL, 26.0)?;
    sheet.set_column_width(STATS_VALUE, 14.0)?;
    sheet.write_string(0, STATS_LABEL, "A")?;
    sheet.write_string(0, STATS_VALUE, &pairs.a)?;
    sheet.write_string(1, STATS_LABEL, "B")?;
    sheet.write_string(1, STATS_VALUE, &pairs.b)?;
    let n = pairs.rows.len() as f64;
    write_stat(sheet, 2, "Pairs", &format!("=COUNT({margins})"), Some(n))?;
    write_stat(
        sheet,
        3,
        "Mean pair margin",
        &format!("=AVERAGE({margins})"),
        pairs.mean,
    )?;
    write_stat(
        sheet,
        4,
        "Standard deviation",
        &format!("=STDEV({margins})"),
        pairs.stdev,
    )?;
    let t = "TINV(0.05,H3-1)";
    write_stat(sheet, 5, "t (95%, pairs - 1)", &format!("={t}"), pairs.t)?;
    let half = "H6*H5/SQRT(H3)";
    write_stat(
        sheet,
        6,
        "95% interval low",
        &format!("=H4-{half}"),
        pairs.low,
    )?;
    write_stat(
        sheet,
        7,
        "95% interval high",
        &format!("=H4+{half}"),
        pairs.high,
    )?;
    sheet.write_string(8, STATS_LABEL, "Unpaired games (left out)")?;
    sheet.write_number(8, STATS_VALUE, pairs.unpaired as f64)?;
    sheet.write_string(
        9,
        STATS_LABEL,
        "Pair margin = A's margin as P1 + A's margin as P2 on the same board",
    )?;
    Ok(())
}
