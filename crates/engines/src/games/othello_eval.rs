//! Othello's weighted linear evaluation, the lectures' `Eval(s) = w1 f1(s) + ... +
//! wn fn(s)`: five features, each the side to move's count minus the opponent's, weighted
//! by numbers kept in a data file so a student can change them: `data/othello_eval.ron`
//! is embedded as the default, [`OthelloEval::from_ron`] reads another (the front end reads
//! the file: no files here).

use serde::Deserialize;

use thiserror::Error;

/// The default weights' text, embedded from `data/othello_eval.ron`.
pub(crate) const DEFAULT_EVAL_RON: &str = include_str!("../../../../data/othello_eval.ron");

/// The largest magnitude a weight may have: 64 discs times the largest weight stays far
/// below a finished game's score (`othello::WIN`, 100,000), so no guess looks like a win.
pub(crate) const MAX_WEIGHT: i32 = 1000;

/// The weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
// Messages name the weights, not a Rust type.
#[serde(deny_unknown_fields, rename = "evaluation weights")]
pub(crate) struct OthelloEval {
    /// Per disc.
    pub discs: i32,
    /// Per legal move.
    pub mobility: i32,
    /// Per corner held.
    pub corners: i32,
    /// Per disc diagonally next to an empty corner.
    pub x_squares: i32,
    /// Per disc on an edge, corners excluded.
    pub edges: i32,
}

/// `data/othello_eval.ron`'s values as code: the fallback should the file not parse.
pub(crate) const DEFAULT_WEIGHTS: OthelloEval = OthelloEval {
    discs: 1,
    mobility: 8,
    corners: 60,
    x_squares: -25,
    edges: 4,
};

/// A weights file that cannot be used.
#[derive(Debug, Error)]
pub(crate) enum OthelloEvalError {
    /// Not the weights' RON form.
    #[error("not Othello evaluation weights: {0}")]
    Parse(String),
    /// A weight beyond ±[`MAX_WEIGHT`].
    #[error("the weight {0} is beyond ±{MAX_WEIGHT}")]
    OutOfRange(i32),
}

impl OthelloEval {
    /// The embedded default, `data/othello_eval.ron`.
    pub(crate) fn default_weights() -> OthelloEval {
        OthelloEval::from_ron(DEFAULT_EVAL_RON).unwrap_or(DEFAULT_WEIGHTS)
    }

    /// Weights from their RON text.
    ///
    /// # Errors
    /// [`OthelloEvalError::Parse`] or [`OthelloEvalError::OutOfRange`].
    pub(crate) fn from_ron(text: &str) -> Result<OthelloEval, OthelloEvalError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let eval: OthelloEval =
            ron::from_str(text).map_err(|e| OthelloEvalError::Parse(e.to_string()))?;
        let weights = [
            eval.discs,
            eval.mobility,
            eval.corners,
            eval.x_squares,
            eval.edges,
        ];
        match weights.into_iter().find(|w| w.abs() > MAX_WEIGHT) {
            Some(weight) => Err(OthelloEvalError::OutOfRange(weight)),
            None => Ok(eval),
        }
    }

    /// The four corners of a `size` board as a mask.
    pub(crate) fn corner_mask(&self, size: u8) -> u64 {
        let last = size - 1;
        [(0, 0), (0, last), (last, 0), (last, last)]
            .into_iter()
            .fold(0, |mask, (row, col)| mask | 1u64 << (row * 8 + col))
    }

    /// The weighted sum from `seat`'s view on a `size` board whose discs are `discs`
    /// (a mask per seat, bit `row * 8 + col`) and whose sides have `mobility` legal
    /// placements each: each feature's count for `seat` minus the opponent's.
    pub(crate) fn evaluate(
        &self,
        size: u8,
        discs: [u64; 2],
        mobility: [u32; 2],
        seat: usize,
    ) -> i32 {
        let corners = self.corner_mask(size);
        let edges = edge_mask(size) & !corners;
        let empty_corners = corners & !(discs[0] | discs[1]);
        let x_squares = x_square_mask(size, empty_corners);
        let feature = |who: usize| {
            let own = discs[who];
            self.discs * own.count_ones() as i32
                + self.mobility * mobility[who] as i32
                + self.corners * (own & corners).count_ones() as i32
                + self.x_squares * (own & x_squares).count_ones() as i32
                + self.edges * (own & edges).count_ones() as i32
        };
        feature(seat) - feature(1 - seat)
    }
}

impl Default for OthelloEval {
    fn default() -> Self {
        OthelloEval::default_weights()
    }
}

fn edge_mask(size: u8) -> u64 {
    let last = size - 1;
    (0..size)
        .flat_map(|row| (0..size).map(move |col| (row, col)))
        .filter(|&(row, col)| row == 0 || col == 0 || row == last || col == last)
        .fold(0, |mask, (row, col)| mask | 1u64 << (row * 8 + col))
}

/// The cells diagonally inside each corner of `empty_corners`.
fn x_square_mask(size: u8, empty_corners: u64) -> u64 {
    let last = size - 1;
    let bit = |row: u8, col: u8| 1u64 << (row * 8 + col);
    [
        (bit(0, 0), bit(1, 1)),
        (bit(0, last), bit(1, last - 1)),
        (bit(last, 0), bit(last - 1, 1)),
        (bit(last, last), bit(last - 1, last - 1)),
    ]
    .into_iter()
    .filter(|&(corner, _)| empty_corners & corner != 0)
    .fold(0, |mask, (_, x)| mask | x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::Othello;

    fn value(eval: &OthelloEval, game: &Othello, seat: usize) -> i32 {
        let discs = [0, 1].map(|who| {
            (0..game.size())
                .flat_map(|row| (0..game.size()).map(move |col| (row, col)))
                .filter(|&(row, col)| game.disc(row, col) == Some(who))
                .fold(0u64, |mask, (row, col)| mask | 1u64 << (row * 8 + col))
        });
        let mobility = [0, 1].map(|who| game.placements(who).count_ones());
        eval.evaluate(game.size(), discs, mobility, seat)
    }

    #[test]
    fn the_embedded_file_is_the_default_and_bad_weights_are_refused() {
        assert_eq!(
            OthelloEval::from_ron(DEFAULT_EVAL_RON).ok(),
            Some(DEFAULT_WEIGHTS)
        );
        let big = "(discs: 1, mobility: 8, corners: 6000, x_squares: -25, edges: 4)";
        assert!(matches!(
            OthelloEval::from_ron(big),
            Err(OthelloEvalError::OutOfRange(6000))
        ));
        assert!(matches!(
            OthelloEval::from_ron("(discs: 1)"),
            Err(OthelloEvalError::Parse(_))
        ));
    }

    #[test]
    fn the_start_is_even_and_a_corner_is_worth_its_weight() {
        let start = Othello::new(8).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(value(&DEFAULT_WEIGHTS, &start, 0), 0);
        let corner: Othello =
            "b......./......../......../...wb.../...bw.../......../......../........ w"
                .parse()
                .unwrap_or_else(|e| panic!("{e}"));
        let black = value(&DEFAULT_WEIGHTS, &corner, 0);
        assert_eq!(black, -value(&DEFAULT_WEIGHTS, &corner, 1));
        assert!(black >= DEFAULT_WEIGHTS.corners, "{black}");
    }
}
