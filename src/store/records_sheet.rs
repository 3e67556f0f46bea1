//! The workbook's Players sheet: each player's record against each opponent (games, wins,
//! draws, losses, win rate, average margin), from [`super::records::Records`].

use super::records::PlayerRecord;
use super::sheet::{Column, number, table_filter, table_header, text};
use rust_xlsxwriter::{Format, RowNum, Worksheet, XlsxError};

const PLAYER_COLUMNS: [Column; 8] = [
    text("Player", 24.0),
    text("Opponent", 24.0),
    number("Games", 7.0),
    number("Wins", 6.0),
    number("Draws", 7.0),
    number("Losses", 7.0),
    number("Win rate", 9.0),
    number("Average margin", 15.0),
];

/// Writes one row per (player, opponent) record, sorted by player then opponent. A player
/// is the name given in the game, else the side's description ("human", "alphabeta depth
/// 4"); the margin is the player's cells minus the opponent's.
pub(crate) fn write_players(
    sheet: &mut Worksheet,
    records: &[PlayerRecord],
) -> Result<(), XlsxError> {
    table_header(sheet, &PLAYER_COLUMNS)?;
    let percent = Format::new().set_num_format("0.0%");
    let margin = Format::new().set_num_format("+0.00;-0.00;0.00");
    for (index, record) in records.iter().enumerate() {
        let row = index as RowNum + 1;
        sheet.write_string(row, 0, &record.player)?;
        sheet.write_string(row, 1, &record.opponent)?;
        sheet.write_number(row, 2, record.games())?;
        sheet.write_number(row, 3, record.wins)?;
        sheet.write_number(row, 4, record.draws)?;
        sheet.write_number(row, 5, record.losses)?;
        let rate = f64::from(record.wins) / f64::from(record.games().max(1));
        sheet.write_number_with_format(row, 6, rate, &percent)?;
        sheet.write_number_with_format(row, 7, record.average_margin(), &margin)?;
    }
    table_filter(sheet, PLAYER_COLUMNS.len(), records.len())
}
