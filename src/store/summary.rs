//! Wins, draws and losses per AI setting and per depth: computed here, and written to the
//! workbook's Summary sheet as COUNTIFS formulas over the Matches sheet, each with the
//! value computed here as its cached result (so readers that do not recalculate still
//! show numbers), plus two charts.

use super::game::{Side, Winner};
use super::history::HistoryEntry;
use super::workbook::{MATCHES, col, header_format, table_frame};
use crate::board::Player;
use rust_xlsxwriter::{
    Chart, ChartType, ColNum, Format, Formula, RowNum, Worksheet, XlsxError, utility,
};
use std::collections::BTreeMap;

/// The results of one AI setting over the games it played (a game between two sides with
/// the same setting counts once for each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingSummary {
    /// The setting as described by [`Side`]'s `Display` (`alphabeta depth 4`).
    pub setting: String,
    /// The algorithm's name.
    pub algorithm: String,
    /// The search depth.
    pub depth: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl SettingSummary {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins over games, 0 with no games.
    pub fn win_rate(&self) -> f64 {
        ratio(f64::from(self.wins), self.games())
    }

    /// (wins + draws / 2) over games, 0 with no games.
    pub fn score_rate(&self) -> f64 {
        ratio(
            f64::from(self.wins) + f64::from(self.draws) / 2.0,
            self.games(),
        )
    }

    fn count(&mut self, winner: Winner, seat: Player) {
        match (winner, seat) {
            (Winner::Draw, _) => self.draws += 1,
            (Winner::P1, Player::One) | (Winner::P2, Player::Two) => self.wins += 1,
            _ => self.losses += 1,
        }
    }
}

fn ratio(part: f64, whole: u32) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part / f64::from(whole)
    }
}

/// Per computer setting, sorted by algorithm, depth, then description: the results of the
/// finished games among `entries`.
pub fn summarize(entries: &[HistoryEntry]) -> Vec<SettingSummary> {
    let mut by_setting: BTreeMap<(String, u32, String), SettingSummary> = BTreeMap::new();
    for entry in entries {
        let Some(result) = entry.game.result else {
            continue;
        };
        for (side, seat) in entry
            .game
            .settings
            .players
            .iter()
            .zip([Player::One, Player::Two])
        {
            let Side::Computer(engine) = side else {
                continue;
            };
            let setting = side.to_string();
            let key = (engine.algorithm.clone(), engine.depth, setting.clone());
            by_setting
                .entry(key)
                .or_insert_with(|| SettingSummary {
                    setting,
                    algorithm: engine.algorithm.clone(),
                    depth: engine.depth,
                    ..SettingSummary::default()
                })
                .count(result.winner, seat);
        }
    }
    by_setting.into_values().collect()
}

/// The same results merged by depth alone.
fn by_depth(settings: &[SettingSummary]) -> Vec<SettingSummary> {
    let mut merged: BTreeMap<u32, SettingSummary> = BTreeMap::new();
    for s in settings {
        let slot = merged.entry(s.depth).or_insert_with(|| SettingSummary {
            setting: format!("depth {}", s.depth),
            algorithm: "all".to_string(),
            depth: s.depth,
            ..SettingSummary::default()
        });
        slot.wins += s.wins;
        slot.draws += s.draws;
        slot.losses += s.losses;
    }
    merged.into_values().collect()
}

/// An absolute Matches range of one column, rows 2..=last_row+1 (A1 notation).
fn matches_column(column: ColNum, games: usize) -> String {
    let last = games.max(1) as RowNum;
    utility::worksheet_range_absolute(MATCHES, 1, column, last, column)
}

/// `COUNTIFS(P1 key = key, winner = w1) + COUNTIFS(P2 key = key, winner = w2)`.
fn two_countifs(key_cols: (ColNum, ColNum), key: &str, games: usize, w1: &str, w2: &str) -> String {
    let winner = matches_column(col::WINNER, games);
    format!(
        "COUNTIFS({},{key},{winner},\"{w1}\")+COUNTIFS({},{key},{winner},\"{w2}\")",
        matches_column(key_cols.0, games),
        matches_column(key_cols.1, games),
    )
}

/// The columns of both results tables: a label, the algorithm, the depth, then the
/// counts as formulas.
const COUNTS_FROM: ColNum = 3;

/// The "Win rate" column of both tables.
const WIN_RATE: ColNum = COUNTS_FROM + 4;

/// Writes one results table below the header row `top`. `key` is the column whose value
/// the COUNTIFS match against `key_cols` of the Matches sheet (the setting text in A, or
/// the depth in C).
fn write_table(
    sheet: &mut Worksheet,
    top: RowNum,
    rows: &[SettingSummary],
    (key, key_cols): (&str, (ColNum, ColNum)),
    games: usize,
) -> Result<(), XlsxError> {
    let percent = Format::new().set_num_format("0.0%");
    for (index, s) in rows.iter().enumerate() {
        let row = top + 1 + index as RowNum;
        sheet.write_string(row, 0, &s.setting)?;
        sheet.write_string(row, 1, &s.algorithm)?;
        sheet.write_number(row, 2, s.depth)?;
        let key = format!("${key}{}", row + 1);
        let counts = [
            (two_countifs(key_cols, &key, games, "P1", "P2"), s.wins),
            (two_countifs(key_cols, &key, games, "Draw", "Draw"), s.draws),
            (two_countifs(key_cols, &key, games, "P2", "P1"), s.losses),
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

const HEADERS: [(&str, f64); 9] = [
    ("AI setting", 30.0),
    ("Algorithm", 11.0),
    ("Depth", 7.0),
    ("Wins", 8.0),
    ("Draws", 8.0),
    ("Losses", 8.0),
    ("Games", 8.0),
    ("Win rate", 10.0),
    ("Score rate", 10.0),
];

/// The Summary sheet: a table per AI setting, a table per depth, and the two charts.
pub(crate) fn write_summary(
    sheet: &mut Worksheet,
    entries: &[HistoryEntry],
) -> Result<(), XlsxError> {
    let settings = summarize(entries);
    let depths = by_depth(&settings);
    let games = entries.len();
    table_frame(sheet, &HEADERS, settings.len())?;
    let setting_cols = (col::P1_SETTING, col::P2_SETTING);
    write_table(sheet, 0, &settings, ("A", setting_cols), games)?;

    // The depth table sits below, with its own header row (outside the autofilter).
    let top = settings.len() as RowNum + 2;
    let bold = header_format();
    for (column, (title, _)) in HEADERS.iter().enumerate() {
        let title = if column == 0 {
            "All settings by depth"
        } else {
            title
        };
        sheet.write_string_with_format(top, column as ColNum, title, &bold)?;
    }
    let depth_cols = (col::P1_DEPTH, col::P2_DEPTH);
    write_table(sheet, top, &depths, ("C", depth_cols), games)?;

    let chart_row = top + depths.len() as RowNum + 2;
    if !depths.is_empty() {
        let (first, last) = (top + 1, top + depths.len() as RowNum);
        let mut chart = Chart::new(ChartType::Column);
        chart
            .add_series()
            .set_name("Win rate")
            .set_categories(("Summary", first, 2, last, 2))
            .set_values(("Summary", first, WIN_RATE, last, WIN_RATE));
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
    if games > 0 {
        let last = games as RowNum;
        let mut chart = Chart::new(ChartType::Column);
        chart
            .add_series()
            .set_name("P1 - P2 cells")
            .set_categories((MATCHES, 1, col::GAME, last, col::GAME))
            .set_values((MATCHES, 1, col::MARGIN, last, col::MARGIN));
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
