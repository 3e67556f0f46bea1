//! `queens perft --kind K --depth D [POSITION]`: the number of move sequences of D plies
//! from a position of any game in the games table, counted through the game seam
//! ([`queens_engines::games::seam::perft`]). A pass counts as a move where the rules force one; a
//! finished game ends a sequence early and counts once, nothing below its end.

use super::error::CliError;
use super::interrupt::Interrupt;
use super::number::whole;
use clap::Args;
use queens_engines::games::seam::AnyGame;
use queens_engines::games::table::{self, GameEntry};
use serde::Serialize;

/// The deepest perft the command counts: beyond it every game here has more sequences
/// than an evening of counting (Othello 8x8 has 3.0e9 at depth 11, queens 8x8 1.8e11
/// at depth 6); Ctrl+C stops a count that takes too long.
pub(crate) const MAX_PERFT_DEPTH: u32 = 20;

/// `queens perft`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// The game, as the games table names it (the help lists them from the table).
    #[arg(long, value_name = "GAME", value_parser = parse_game, help = super::args::values::games_help("The game, as the games table names it; default: the game the POSITION's game string names, else queens. A --kind that contradicts the game string is refused."))]
    pub kind: Option<&'static GameEntry>,
    /// Plies to count (0 to 20; depth 0 counts the position itself, 1).
    #[arg(long, value_name = "D", allow_negative_numbers = true, value_parser = whole::<u32>(0, u64::from(MAX_PERFT_DEPTH)))]
    pub depth: u32,
    /// Also count below each legal move (the "divide" of chess programs).
    #[arg(long)]
    pub divide: bool,
    /// The position: a game string ("game=tictactoe moves=b2,a1", queens "size=8
    /// stones=b2 moves=c3") or the game's own notation as --position of replay takes it;
    /// the game's start without it.
    #[arg(value_name = "POSITION")]
    pub position: Option<String>,
}

/// The `--kind` of `queens perft`: a row of the games table.
///
/// # Errors
/// The games there are, when `text` names none of them.
pub(crate) fn parse_game(text: &str) -> Result<&'static GameEntry, String> {
    table::by_tag(text.trim()).ok_or_else(|| {
        format!(
            "'{}' is not a game (the games are {})",
            queens_board::clip_token(text),
            table::tags().join(", ")
        )
    })
}

/// One legal move's count, for `--divide`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct DividedMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Sequences of `depth - 1` plies after it.
    pub nodes: u64,
}

/// The answer of `queens perft`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PerftReport {
    /// The game's tag.
    pub kind: &'static str,
    /// The position counted from: its game string, or the game's notation for a position
    /// given in it (whose game string would name the start, not this position).
    pub position: String,
    /// Plies counted.
    pub depth: u32,
    /// Move sequences of `depth` plies (a finished game ends one early).
    pub nodes: u64,
    /// With `--divide`: the count below each legal move, in the engines' order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<DividedMove>>,
}

/// The position of `args`: the start, a game string (which names its game, so
/// `--kind` may be left out), or the game's notation.
fn position_of(args: &PerftArgs) -> Result<Box<dyn AnyGame>, CliError> {
    match (args.position.as_deref(), args.kind) {
        (Some(text), kind) => super::game_text::position_naming_its_game(kind, text),
        (None, kind) => {
            let entry = kind
                .or_else(|| table::by_tag(table::DEFAULT_TAG))
                .ok_or_else(|| CliError::Usage("no game to count: give --kind".to_string()))?;
            Ok((entry.start)()?)
        }
    }
}

/// The text that names `game` in the answer: its game string when that reads back as
/// this very position, else its own notation (a position given in notation, whose
/// game string would name the game's start).
fn position_text(game: &dyn AnyGame) -> String {
    if queens_engines::games::game_string::reads_back(game) {
        game.game_string()
    } else {
        game.to_string()
    }
}

/// Counts `args`' sequences, stopping on `interrupt`.
///
/// # Errors
/// A position that is not one; [`CliError::PerftStopped`] on a stop request.
pub(crate) fn perft(args: &PerftArgs, interrupt: &Interrupt) -> Result<PerftReport, CliError> {
    let mut game = position_of(args)?;
    let stop = || interrupt.requested();
    let position = position_text(game.as_ref());
    let (nodes, moves) = if args.divide && args.depth > 0 {
        let divided = game
            .divide(args.depth, &stop)
            .ok_or(CliError::PerftStopped)?;
        let nodes = if divided.is_empty() {
            1
        } else {
            divided.iter().map(|(_, n)| n).sum()
        };
        let moves = divided
            .into_iter()
            .map(|(mv, nodes)| DividedMove { mv, nodes })
            .collect();
        (nodes, Some(moves))
    } else {
        let nodes = game
            .perft(args.depth, &stop)
            .ok_or(CliError::PerftStopped)?;
        (nodes, None)
    };
    Ok(PerftReport {
        kind: game.tag(),
        position,
        depth: args.depth,
        nodes,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: &str, depth: u32, position: Option<&str>) -> Result<PerftReport, CliError> {
        let args = PerftArgs {
            kind: Some(parse_game(kind).unwrap_or_else(|e| panic!("{e}"))),
            depth,
            divide: false,
            position: position.map(str::to_string),
        };
        perft(&args, &Interrupt::new())
    }

    fn nodes(kind: &str, depth: u32, position: Option<&str>) -> u64 {
        count(kind, depth, position)
            .unwrap_or_else(|e| panic!("{kind} {depth}: {e}"))
            .nodes
    }

    /// Tic-tac-toe's published counts: 9, 72, 504, 3024, 15120; the first wins come at
    /// ply 5 (1440 of them), which count once at depth 6 while the other 13680 go on
    /// with 4 moves each: 56160 (not 9*8*7*6*5*4 = 60480). All games number 255168.
    #[test]
    fn tic_tac_toe_counts_its_published_figures_and_stops_at_a_win() {
        let counts: Vec<u64> = (0..=6).map(|d| nodes("tictactoe", d, None)).collect();
        assert_eq!(counts, [1, 9, 72, 504, 3024, 15120, 56160]);
        assert_eq!(nodes("tictactoe", 9, None), 255_168);
        assert_eq!(nodes("tictactoe", 12, None), 255_168);
    }

    #[test]
    fn a_position_is_a_game_string_or_the_games_notation() {
        assert_eq!(nodes("tictactoe", 1, Some("game=tictactoe moves=b2,a1")), 7);
        assert_eq!(nodes("tictactoe", 1, Some("xo./.x./...")), 6);
        assert_eq!(nodes("queens", 1, Some("size=4")), 16);
        assert_eq!(nodes("queens", 0, Some("size=4 moves=a1")), 1);
        let refused = count("dodgem", 1, Some("game=tictactoe"));
        assert!(matches!(refused, Err(CliError::Usage(_))), "{refused:?}");
        let refused = count("tictactoe", 1, Some("game=tictactoe moves=b2,b2"));
        assert!(matches!(refused, Err(CliError::Game(_))), "{refused:?}");
    }

    /// Issue 38.7: a position given in notation was answered as the start's game
    /// string, and a game string naming Othello was refused without `--kind othello`.
    #[test]
    fn the_answer_names_the_position_counted_and_a_game_string_names_its_game() {
        let report = count("tictactoe", 2, Some("xo./.../...")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.position, "xo./.../...");
        assert_eq!(report.nodes, 7 * 6);
        let start = count("tictactoe", 2, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(start.position, "game=tictactoe");

        let args = |kind: Option<&str>, text: &str| PerftArgs {
            kind: kind.map(|k| parse_game(k).unwrap_or_else(|e| panic!("{e}"))),
            depth: 1,
            divide: false,
            position: Some(text.to_string()),
        };
        let othello = "game=othello size=8 moves=d3";
        let report =
            perft(&args(None, othello), &Interrupt::new()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.kind, "othello");
        assert_eq!(report.position, othello);
        assert_eq!(report.nodes, 3);
        let same = perft(&args(Some("othello"), othello), &Interrupt::new());
        assert_eq!(same.map(|r| r.nodes).ok(), Some(3));
        for kind in ["queens", "tictactoe"] {
            let refused = perft(&args(Some(kind), othello), &Interrupt::new());
            assert!(
                matches!(refused, Err(CliError::Usage(_))),
                "{kind}: {refused:?}"
            );
        }
        // Without --kind or game=: queens, as game strings are read.
        let queens = perft(&args(None, "size=4"), &Interrupt::new());
        assert_eq!(queens.map(|r| (r.kind, r.nodes)).ok(), Some(("queens", 16)));
        let none = PerftArgs {
            position: None,
            ..args(None, "")
        };
        let start = perft(&none, &Interrupt::new()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(start.kind, "queens");
    }

    #[test]
    fn divide_sums_to_the_count() {
        let args = PerftArgs {
            kind: Some(parse_game("dodgem").unwrap_or_else(|e| panic!("{e}"))),
            depth: 4,
            divide: true,
            position: None,
        };
        let report = perft(&args, &Interrupt::new()).unwrap_or_else(|e| panic!("{e}"));
        let moves = report.moves.unwrap_or_default();
        assert!(!moves.is_empty());
        assert_eq!(moves.iter().map(|m| m.nodes).sum::<u64>(), report.nodes);
        assert_eq!(report.nodes, nodes("dodgem", 4, None));
    }

    #[test]
    fn a_stop_request_ends_the_count_without_a_number() {
        let interrupt = Interrupt::new();
        interrupt.request();
        let args = PerftArgs {
            kind: Some(parse_game("queens").unwrap_or_else(|e| panic!("{e}"))),
            depth: 5,
            divide: false,
            position: Some("size=8".to_string()),
        };
        assert!(matches!(
            perft(&args, &interrupt),
            Err(CliError::PerftStopped)
        ));
    }
}
