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

/// `label` with an unnamed person's "human" (alone, or before a small game's name in
/// brackets) worded as `human`.
fn person_named(label: &str, human: &str) -> String {
    match label.strip_prefix("human") {
        Some(rest) if rest.is_empty() || rest.starts_with(" (") => format!("{human}{rest}"),
        _ => label.to_string(),
    }
}

/// Writes one row per (player, opponent) record, sorted by player then opponent. A player
/// is the name given in the game, else the side's description ("human", "alphabeta depth
/// 4"); the margin is the player's cells minus the opponent's. A person who gave no
/// name is written as `human` says (the window's "You").
pub(crate) fn write_players(
    sheet: &mut Worksheet,
    records: &[PlayerRecord],
    human: &str,
) -> Result<(), XlsxError> {
    table_header(sheet, &PLAYER_COLUMNS)?;
    let percent = Format::new().set_num_format("0.0%");
    let margin = Format::new().set_num_format("+0.00;-0.00;0.00");
    for (index, record) in records.iter().enumerate() {
        let row = index as RowNum + 1;
        sheet.write_string(row, 0, person_named(&record.player, human))?;
        sheet.write_string(row, 1, person_named(&record.opponent, human))?;
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

#[cfg(test)]
mod tests {
    use super::person_named;

    #[test]
    fn an_unnamed_person_takes_the_windows_word_and_a_typed_name_stays() {
        assert_eq!(person_named("human", "You"), "You");
        assert_eq!(person_named("human (dodgem)", "Bạn"), "Bạn (dodgem)");
        assert_eq!(person_named("humane", "You"), "humane");
        assert_eq!(
            person_named("alphabeta depth 4", "You"),
            "alphabeta depth 4"
        );
    }
}
