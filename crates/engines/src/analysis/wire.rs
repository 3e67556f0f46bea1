//! How an [`Analysis`] crosses between threads that share no memory (a browser's worker
//! and its page): as its game string and position values alone. Everything else (the
//! moves' judgements, the players' totals, whether it is complete) is derived from them
//! again on arrival by the same [`Analysis::from_positions`], so the two sides can never
//! disagree about what the values mean.
//!
//! Kept apart from the model: the model says what an analysis is, this module only how
//! it travels.

use super::model::{Analysis, PositionValue};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What an [`Analysis`] is made from, as sent: its game string and its position values.
#[derive(Serialize)]
#[serde(rename = "AnalysisWire")]
struct WireRef<'a> {
    game: &'a str,
    positions: &'a [Option<PositionValue>],
}

/// What an [`Analysis`] is made from, as received.
#[derive(Deserialize)]
#[serde(rename = "AnalysisWire")]
struct AnalysisWire {
    game: String,
    positions: Vec<Option<PositionValue>>,
}

impl TryFrom<AnalysisWire> for Analysis {
    type Error = String;

    /// The analysis again; refused when the game string does not parse or the values do
    /// not fit its moves (one per position, moves + 1).
    fn try_from(wire: AnalysisWire) -> Result<Analysis, String> {
        let game = crate::games::game_string::read(&wire.game).map_err(|e| e.to_string())?;
        let played = game.moves();
        if wire.positions.len() != played.len() + 1 {
            return Err(format!(
                "{} position values for a game of {} moves",
                wire.positions.len(),
                played.len()
            ));
        }
        let movers = super::run::movers_of(game.as_ref());
        Ok(Analysis::from_positions(
            wire.game,
            &played,
            &movers,
            wire.positions,
            game.tools().margin_result,
        ))
    }
}

impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        WireRef {
            game: &self.game,
            positions: &self.positions,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Analysis {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Analysis, D::Error> {
        let wire = AnalysisWire::deserialize(deserializer)?;
        Analysis::try_from(wire).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{AnalysisSettings, analyse};
    use queens_board::Board;
    use std::time::Duration;

    fn analysed(game: &str) -> Analysis {
        let board = Board::from_game_string(game).expect("a game string");
        let settings = AnalysisSettings {
            time: Duration::from_millis(500),
            threads: 1,
            hash_mb: 1,
            retry: Duration::ZERO,
        };
        analyse(&board, settings, &|| false, &mut |_, _| {}).expect("queens has a prover")
    }

    #[test]
    fn an_analysis_crosses_as_its_game_and_values_and_arrives_whole() {
        let analysis = analysed("size=4 stones=b2 moves=c3,a1");
        let text = serde_json::to_string(&analysis).expect("serialized");
        let sent: serde_json::Value = serde_json::from_str(&text).expect("json");
        let fields: Vec<&str> = sent
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(fields, ["game", "positions"]);
        let back: Analysis = serde_json::from_str(&text).expect("deserialized");
        assert_eq!(back, analysis);
        assert!(!back.moves.is_empty());
    }

    #[test]
    fn values_that_do_not_fit_the_game_are_refused() {
        let analysis = analysed("size=4 stones=b2 moves=c3,a1");
        let mut sent: serde_json::Value = serde_json::to_value(&analysis).expect("serialized");
        sent["game"] = serde_json::Value::from("size=4 stones=b2 moves=c3");
        let err = serde_json::from_value::<Analysis>(sent).expect_err("refused");
        assert!(
            err.to_string()
                .contains("3 position values for a game of 1 moves"),
            "{err}"
        );
    }
}
