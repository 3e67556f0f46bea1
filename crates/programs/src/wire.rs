//! The lines of the protocol (docs/protocol.md): the `go` command the program writes
//! and the engine's lines it reads. Reading is strict: a line that is not the protocol
//! is refused with the reason, never skipped (UCI's "ignore what you don't know" hides a
//! student's bugs).

use std::fmt;

/// The version of the protocol this program speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The limits of one search: the engine stops at the first one reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `movetime MS`.
    pub movetime_ms: Option<u64>,
    /// `nodes N`.
    pub nodes: Option<u64>,
}

impl fmt::Display for Go {
    /// `go depth 3 movetime 200`; `go depth 1` when no limit is set, so the engine is
    /// never asked to search without one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if let Some(depth) = self.depth {
            write!(f, " depth {depth}")?;
        }
        if let Some(ms) = self.movetime_ms {
            write!(f, " movetime {ms}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes {nodes}")?;
        }
        if self.depth.is_none() && self.movetime_ms.is_none() && self.nodes.is_none() {
            f.write_str(" depth 1")?;
        }
        Ok(())
    }
}

/// A progress line: `info depth 3 nodes 120 value -2 pv b2 a1 c3`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The depth completed.
    pub depth: Option<u32>,
    /// Positions visited so far.
    pub nodes: Option<u64>,
    /// The value from the side to move's view.
    pub value: Option<i64>,
    /// The principal variation, in the game's notation.
    pub pv: Vec<String>,
}

/// The answer: `bestmove b2 value 1 nodes 26 leaves 16`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The move, in the game's notation (not yet checked against the rules).
    pub best_move: String,
    /// Its value from the side to move's view, if given.
    pub value: Option<i64>,
    /// Positions visited, if given.
    pub nodes: Option<u64>,
    /// Static evaluations, if given.
    pub leaves: Option<u64>,
}

/// One line from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EngineLine {
    /// `id name <text>` or `id author <text>`.
    Id {
        /// `name` or `author`.
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `option name ...`, kept as written.
    Option(String),
    /// `protocolok <version>`.
    ProtocolOk(u32),
    /// `readyok`.
    ReadyOk,
    /// `info ...`.
    Info(Info),
    /// `bestmove ...`.
    BestMove(BestMove),
    /// `error <text>`.
    Error(String),
    /// `# ...` or an empty line: ignored.
    Comment,
}

/// Reads one line of the engine's (without its line end).
///
/// # Errors
/// What is wrong with it, in words.
pub(crate) fn parse_line(line: &str) -> Result<EngineLine, String> {
    let line = line.trim_end_matches('\r');
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(EngineLine::Comment);
    }
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or_default();
    let rest: Vec<&str> = words.collect();
    match first {
        "id" => match rest.split_first() {
            Some((key @ (&"name" | &"author"), value)) if !value.is_empty() => Ok(EngineLine::Id {
                key: (*key).to_string(),
                value: value.join(" "),
            }),
            _ => Err("an id line is 'id name <text>' or 'id author <text>'".to_string()),
        },
        "option" => match rest.first() {
            Some(&"name") if rest.len() >= 2 => Ok(EngineLine::Option(rest.join(" "))),
            _ => Err("an option line starts 'option name <id>'".to_string()),
        },
        "protocolok" => match rest.as_slice() {
            [version] => version
                .parse()
                .map(EngineLine::ProtocolOk)
                .map_err(|_| format!("'{version}' is not a protocol version")),
            _ => Err("the handshake ends 'protocolok <version>'".to_string()),
        },
        "readyok" if rest.is_empty() => Ok(EngineLine::ReadyOk),
        "info" => parse_info(&rest).map(EngineLine::Info),
        "bestmove" => parse_bestmove(&rest).map(EngineLine::BestMove),
        "error" => Ok(EngineLine::Error(rest.join(" "))),
        _ => Err(
            "not a line of the protocol (debug output goes to standard error, or after '#')"
                .to_string(),
        ),
    }
}

fn number<T: std::str::FromStr>(key: &str, word: Option<&&str>) -> Result<T, String> {
    let word = word.ok_or_else(|| format!("'{key}' needs a number after it"))?;
    word.parse()
        .map_err(|_| format!("'{word}' after '{key}' is not a number"))
}

fn parse_info(words: &[&str]) -> Result<Info, String> {
    let mut info = Info::default();
    let mut at = 0;
    while let Some(&key) = words.get(at) {
        match key {
            "depth" => info.depth = Some(number(key, words.get(at + 1))?),
            "nodes" => info.nodes = Some(number(key, words.get(at + 1))?),
            "value" => info.value = Some(number(key, words.get(at + 1))?),
            "pv" => {
                info.pv = words[at + 1..].iter().map(|w| (*w).to_string()).collect();
                return Ok(info);
            }
            other => {
                return Err(format!(
                    "'{other}' is not a field of info (depth, nodes, value, pv)"
                ));
            }
        }
        at += 2;
    }
    Ok(info)
}

fn parse_bestmove(words: &[&str]) -> Result<BestMove, String> {
    let Some((mv, fields)) = words.split_first() else {
        return Err("bestmove needs a move".to_string());
    };
    if ["value", "nodes", "leaves"].contains(mv) {
        return Err("bestmove needs a move before its fields".to_string());
    }
    let mut answer = BestMove {
        best_move: (*mv).to_string(),
        ..BestMove::default()
    };
    let mut at = 0;
    while let Some(&key) = fields.get(at) {
        match key {
            "value" => answer.value = Some(number(key, fields.get(at + 1))?),
            "nodes" => answer.nodes = Some(number(key, fields.get(at + 1))?),
            "leaves" => answer.leaves = Some(number(key, fields.get(at + 1))?),
            other => {
                return Err(format!(
                    "'{other}' is not a field of bestmove (value, nodes, leaves)"
                ));
            }
        }
        at += 2;
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_writes_its_limits_and_never_none() {
        let go = Go {
            depth: Some(3),
            movetime_ms: Some(200),
            nodes: None,
        };
        assert_eq!(go.to_string(), "go depth 3 movetime 200");
        assert_eq!(Go::default().to_string(), "go depth 1");
    }

    #[test]
    fn the_engine_lines_read_as_the_doc_writes_them() {
        assert_eq!(
            parse_line("id name my engine"),
            Ok(EngineLine::Id {
                key: "name".into(),
                value: "my engine".into()
            })
        );
        assert_eq!(parse_line("protocolok 1"), Ok(EngineLine::ProtocolOk(1)));
        assert_eq!(parse_line("readyok\r"), Ok(EngineLine::ReadyOk));
        assert_eq!(parse_line("# thinking"), Ok(EngineLine::Comment));
        assert_eq!(
            parse_line("info depth 2 nodes 27 value -1 pv a1 a2"),
            Ok(EngineLine::Info(Info {
                depth: Some(2),
                nodes: Some(27),
                value: Some(-1),
                pv: vec!["a1".into(), "a2".into()],
            }))
        );
        assert_eq!(
            parse_line("bestmove c2-off value 10 leaves 9"),
            Ok(EngineLine::BestMove(BestMove {
                best_move: "c2-off".into(),
                value: Some(10),
                nodes: None,
                leaves: Some(9),
            }))
        );
        assert_eq!(
            parse_line("error no such game"),
            Ok(EngineLine::Error("no such game".into()))
        );
    }

    #[test]
    fn anything_else_is_refused_with_its_reason() {
        for line in [
            "hello",
            "bestmove",
            "bestmove value 3",
            "bestmove b2 value x",
            "bestmove b2 score 3",
            "info depth",
            "info depth 2 speed 9",
            "protocolok one",
            "id colour blue",
            "readyok now",
        ] {
            let answer = parse_line(line);
            assert!(answer.is_err(), "{line}: {answer:?}");
        }
    }
}
