//! The Matches sheet's row of one game: its columns, what each holds, and the texts
//! refused before any of its rows is written. Split from `workbook.rs`, which lays the
//! rows out over sheets.

use super::error::ExportError;
use super::game::Side;
use super::history::{HistoryEntry, Reached};
use super::kind::GameKind;
use super::sheet::{Column, EXCEL_MAX_CELL_CHARS, col, number, text};
use queens_board::clip_token;
use rust_xlsxwriter::{ColNum, ExcelDateTime, Format, RowNum, Worksheet, XlsxError};

/// The Matches sheet's columns, in order.
pub(super) const MATCH_COLUMNS: [Column; 24] = [
    text("Game", 30.0),
    text("Date (UTC)", 19.0),
    number("Size", 6.0),
    number("Stones", 7.0),
    number("Seed", 8.0),
    text("P1 (first) kind", 14.0),
    text("P1 setting", 26.0),
    number("P1 depth", 9.0),
    text("P2 kind", 10.0),
    text("P2 setting", 26.0),
    number("P2 depth", 9.0),
    number("P1 score", 9.0),
    number("P2 score", 9.0),
    text("Winner", 8.0),
    number("Margin (P1-P2)", 14.0),
    number("Plies", 6.0),
    number("Duration (s)", 12.0),
    text("Game string", 60.0),
    // Last, so the columns the Summary's formulas count keep their places.
    text("Result", 24.0),
    text("P1 name", 16.0),
    text("P2 name", 16.0),
    text("Chart label", 36.0),
    text("Game kind", 11.0),
    text("From a position", 30.0),
];

/// Refuses an entry holding a text longer than an Excel cell can take.
pub(super) fn check_texts(entry: &HistoryEntry) -> Result<(), ExportError> {
    let settings = &entry.game.settings;
    let kind = entry.game.kind;
    let sides = settings
        .players
        .iter()
        .map(|side| kind.qualify(side.to_string()));
    let texts = [
        ("the game id", entry.id.clone()),
        ("the game string", entry.game.game.clone()),
    ]
    .into_iter()
    .chain(sides.map(|side| ("a player's setting", side)));
    for (field, text) in texts {
        let chars = text.chars().count();
        if chars > EXCEL_MAX_CELL_CHARS {
            return Err(ExportError::TextTooLong {
                id: clip_token(&entry.id),
                field,
                chars,
            });
        }
    }
    Ok(())
}

/// A side's kind, setting and depth. A small game's setting names the game
/// ([`GameKind::qualify`]: `alphabeta depth 4 (tictactoe)`) and its depth is left blank,
/// so the Summary's formulas, which count by setting and by depth, never add a
/// tic-tac-toe or Dodgem result to a queens one: its settings get rows of their own, and
/// the table by depth counts queens games only.
fn write_side(
    sheet: &mut Worksheet,
    row: RowNum,
    first: ColNum,
    side: &Side,
    kind: GameKind,
) -> Result<(), XlsxError> {
    sheet.write_string(row, first, side.kind())?;
    sheet.write_string(row, first + 1, kind.qualify(side.to_string()))?;
    if let Some(engine) = side.engine().filter(|_| kind == GameKind::Queens) {
        sheet.write_number(row, first + 2, engine.depth)?;
    }
    Ok(())
}

pub(super) fn write_match(
    sheet: &mut Worksheet,
    row: RowNum,
    entry: &HistoryEntry,
    reached: &Reached,
    date: &Format,
) -> Result<(), XlsxError> {
    let game = &entry.game;
    let settings = &game.settings;
    let [one, two] = game.result.map_or(game.score, |r| r.score);
    sheet.write_string(row, col::GAME, &entry.id)?;
    // Loading refuses a time past the year 9999 (`CheckError::TimeOutOfRange`); should
    // one reach here, the cell stays blank rather than showing another date.
    if let Ok(when) = i64::try_from(game.created)
        && let Ok(datetime) = ExcelDateTime::from_timestamp(when)
    {
        sheet.write_datetime_with_format(row, 1, &datetime, date)?;
    }
    sheet.write_number(row, 2, settings.size)?;
    sheet.write_number(row, 3, settings.stones.len() as f64)?;
    if let Some(seed) = settings.seed {
        // Excel numbers are doubles: a seed above 2^53 would be rounded, so it goes in as
        // text.
        if seed < (1 << 53) {
            sheet.write_number(row, 4, seed as f64)?;
        } else {
            sheet.write_string(row, 4, seed.to_string())?;
        }
    }
    write_side(sheet, row, 5, &settings.players[0], game.kind)?;
    write_side(sheet, row, 8, &settings.players[1], game.kind)?;
    sheet.write_number(row, 11, one)?;
    sheet.write_number(row, 12, two)?;
    let winner = game.result.map_or("", |r| r.winner.label());
    sheet.write_string(row, col::WINNER, winner)?;
    sheet.write_number(row, col::MARGIN, f64::from(one) - f64::from(two))?;
    sheet.write_number(row, 15, game.moves.len() as f64)?;
    sheet.write_number(row, 16, game.duration_secs() as f64)?;
    // The replay's game string: the stored one agrees with it when present (loading
    // checks that), and a hand-written save may leave it out.
    sheet.write_string(row, 17, reached.game_string())?;
    if let Some(result) = game.result {
        sheet.write_string(row, col::RESULT, result.describe())?;
    }
    // A record built in code has not passed through loading, which cleans names from
    // files: the workbook cleans them again (a newline would break the row for a person).
    for (column, name) in [col::P1_NAME, col::P2_NAME].into_iter().zip(&game.names) {
        let name = super::names::clean_name(name);
        if !name.is_empty() {
            sheet.write_string(row, column, name)?;
        }
    }
    sheet.write_string(row, col::CHART_LABEL, chart_label(game))?;
    sheet.write_string(row, col::KIND, game.kind.name())?;
    if let Some(here) = game.moves_played_here() {
        let moves = if here == 1 { "move" } else { "moves" };
        let text = format!("from a position, {here} {moves} played here");
        sheet.write_string(row, col::FROM_POSITION, text)?;
    }
    Ok(())
}

/// A game as the margin chart names it: "2026-11-24 12:07 Ann v alphabeta depth 4"
/// (the date to the minute, then the players as the Players sheet names them).
fn chart_label(game: &super::SavedGame) -> String {
    let date = super::time::format_utc(game.created);
    let minute = date.get(..16).unwrap_or(&date);
    format!(
        "{minute} {} v {}",
        super::records::player_label(game, queens_board::Player::One),
        super::records::player_label(game, queens_board::Player::Two)
    )
}
