//! The spec form of an engine configuration, `ALGO:DEPTH` (`alphabeta:4`, `AB:4`), as
//! the arena's `--a`/`--b` take it and saves and reports print it. `ALGO` alone (`pvs`)
//! is the engine at its own default depth ([`EngineEntry::default_depth`]).
//!
//! [`EngineEntry::default_depth`]: super::registry::EngineEntry::default_depth

use super::registry::{EngineConfig, EngineKind, EngineLimits, MAX_DEPTH, UnknownEngine};
use std::fmt;
use std::str::FromStr;

impl fmt::Display for EngineConfig {
    /// The spec form `alphabeta:4` that [`EngineConfig::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.engine, self.depth)
    }
}

/// Why an `ALGO:DEPTH` spec is not an engine configuration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No colon, and not an engine name either.
    #[error("'{0}' is neither an engine ({known}) nor ALGO:DEPTH, e.g. alphabeta:4", known = super::registry::known_engines())]
    Shape(String),
    /// An unknown engine name.
    #[error(transparent)]
    Engine(#[from] UnknownEngine),
    /// A depth that is not a number in range.
    #[error("the depth '{0}' is not a number from 1 to {MAX_DEPTH}")]
    Depth(String),
}

impl FromStr for EngineConfig {
    type Err = SpecError;

    /// Reads `ALGO:DEPTH` (`alphabeta:4`, `AB:4`) or `ALGO` alone (`pvs`: the engine's
    /// default depth), with the defaults of [`EngineConfig::new`] for everything else.
    fn from_str(text: &str) -> Result<EngineConfig, SpecError> {
        let Some((name, depth_text)) = text.split_once(':') else {
            // Any name `bestmove --algo` takes works alone, at the engine's own depth.
            return EngineKind::parse(text)
                .map(|engine| EngineConfig::new(engine, engine.entry().default_depth))
                .map_err(|_| SpecError::Shape(queens_board::clip_token(text)));
        };
        let engine = EngineKind::parse(name)?;
        let config = depth_text
            .trim()
            .parse::<u32>()
            .ok()
            .map(|depth| EngineConfig::new(engine, depth))
            .filter(|config| config.check(&EngineLimits::ANY).is_ok())
            .ok_or_else(|| SpecError::Depth(queens_board::clip_token(depth_text)))?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 18.15: every name and alias `bestmove --algo` takes works alone, at the
    /// engine's own depth, and with `:DEPTH` as before.
    #[test]
    fn an_engine_name_alone_is_the_engine_at_its_default_depth() {
        for entry in super::super::registry::ENGINES {
            for name in std::iter::once(&entry.name).chain(entry.aliases) {
                let engine = EngineKind::parse(name).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    name.to_uppercase().parse::<EngineConfig>(),
                    Ok(EngineConfig::new(engine, entry.default_depth)),
                    "{name}"
                );
                assert_eq!(
                    format!("{name}:7").parse::<EngineConfig>(),
                    Ok(EngineConfig::new(engine, 7)),
                    "{name}"
                );
            }
            assert!(
                EngineConfig::new(
                    EngineKind::parse(entry.name).unwrap_or_default(),
                    entry.default_depth
                )
                .check(&EngineLimits::ANY)
                .is_ok(),
                "{}",
                entry.name
            );
        }
    }

    #[test]
    fn specs_name_their_bad_part() {
        assert_eq!(
            "ab:4".parse::<EngineConfig>(),
            Ok(EngineConfig::new(EngineKind::ALPHABETA, 4))
        );
        assert!(matches!(
            "foo".parse::<EngineConfig>(),
            Err(SpecError::Shape(_))
        ));
        assert!(matches!(
            "foo:3".parse::<EngineConfig>(),
            Err(SpecError::Engine(_))
        ));
        assert!(matches!(
            "foo:3".parse::<EngineConfig>(),
            Err(SpecError::Engine(_))
        ));
        for bad in ["ab:0", "ab:226", "ab:", "ab:-1", "ab:x", "ab:3:4"] {
            assert!(
                matches!(bad.parse::<EngineConfig>(), Err(SpecError::Depth(_))),
                "{bad}"
            );
        }
    }
}
