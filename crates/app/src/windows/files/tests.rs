//! The Files windows' words: the autosave offer and the history's record labels.

use super::history::*;
use crate::i18n::texts;
use crate::session::settings::Language;
use queens_board::Board;
use queens_store::{EngineSettings, SavedGame};
use queens_store::{GameKind, HistoryEntry, Side};

#[test]
fn the_history_filter_matches_what_is_shown_and_what_is_stored() {
    let board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let cli = Side::Computer(EngineSettings {
        algorithm: "minimax".into(),
        depth: 3,
        time_ms: None,
        program: None,
    });
    let entry = HistoryEntry::new("g", SavedGame::new(&board, [Side::Human, cli], None));
    for language in Language::ALL {
        let t = texts(language);
        assert!(shown_in_history(&entry, None, "", t));
        assert!(shown_in_history(&entry, Some(5), "MINIMAX", t));
        assert!(!shown_in_history(&entry, Some(6), "", t));
        assert!(!shown_in_history(&entry, None, "alpha", t));
    }
    let en = texts(Language::English);
    assert!(shown_in_history(&entry, None, "no time limit", en));
    assert_eq!(
        side_summary(en, &entry.game.settings.players[1]),
        "Minimax, depth 3, no time limit"
    );
}

/// Issue 32.12: in Vietnamese, a Dodgem opponent in the records read "alphabeta
/// depth 9, 5000 ms (dodgem)" while queens opponents were translated.
#[test]
fn a_small_games_unnamed_players_are_worded_in_the_windows_language() {
    let board = Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let engine = Side::Computer(EngineSettings {
        algorithm: "alphabeta".into(),
        depth: 9,
        time_ms: Some(5000),
        program: None,
    });
    let mut game = SavedGame::new(&board, [Side::Human, engine], None);
    game.kind = GameKind::Table("dodgem");
    let entries = [HistoryEntry::new("g", game)];
    let sides = crate::session::history::record_sides(&entries);
    let vi = texts(Language::Vietnamese);
    let opponent = queens_store::player_label(&entries[0].game, queens_board::Player::Two);
    let shown = record_label(vi, &opponent, &sides);
    assert!(!shown.contains("alphabeta depth"), "{shown}");
    let dodgem = crate::i18n::grid::game_name(vi.grid, "dodgem");
    assert!(shown.contains(&dodgem), "{shown}");
    let you = queens_store::player_label(&entries[0].game, queens_board::Player::One);
    assert_eq!(
        record_label(vi, &you, &sides),
        format!("{} ({dodgem})", vi.you)
    );
    assert_eq!(record_label(vi, "Ann", &sides), "Ann");
}
