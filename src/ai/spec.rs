//! The spec form of an engine configuration, `ALGO:DEPTH` (`alphabeta:4`, `AB:4`), as
//! the arena's `--a`/`--b` take it and saves and reports print it.

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
    /// No colon.
    #[error("'{0}' is not ALGO:DEPTH, e.g. alphabeta:4 or minimax:3")]
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

    /// Reads `ALGO:DEPTH` (`alphabeta:4`, `AB:4`), with the defaults of
    /// [`EngineConfig::new`] for everything else.
    fn from_str(text: &str) -> Result<EngineConfig, SpecError> {
        let Some((name, depth_text)) = text.split_once(':') else {
            return Err(SpecError::Shape(crate::board::clip_token(text)));
        };
        let engine = EngineKind::parse(name)?;
        let config = depth_text
            .trim()
            .parse::<u32>()
            .ok()
            .map(|depth| EngineConfig::new(engine, depth))
            .filter(|config| config.check(&EngineLimits::ANY).is_ok())
            .ok_or_else(|| SpecError::Depth(crate::board::clip_token(depth_text)))?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for bad in ["ab:0", "ab:226", "ab:", "ab:-1", "ab:x", "ab:3:4"] {
            assert!(
                matches!(bad.parse::<EngineConfig>(), Err(SpecError::Depth(_))),
                "{bad}"
            );
        }
    }
}
