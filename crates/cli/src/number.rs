//! The number options' parser: a whole number in a range, refused in plain English ("a
//! whole number from 1 to 225 is expected") instead of Rust's "invalid digit found in
//! string" or clap's "0 is not in 1..=225".

use thiserror::Error;

/// A value that is not a whole number in the option's range. clap quotes the value
/// itself (clipped to 40 characters), so the message only says what is expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a whole number from {min} to {max} is expected")]
pub(crate) struct NumberError {
    /// The smallest value accepted.
    pub min: u64,
    /// The largest value accepted.
    pub max: u64,
}

/// A clap value parser for a whole number from `min` to `max` (decimal digits, nothing
/// else), as `T`. `T` must hold every value of the range: `max` beyond `T` is refused
/// like any other out-of-range value.
pub(crate) fn whole<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, NumberError> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64>,
{
    move |text: &str| {
        let refuse = NumberError { min, max };
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(refuse);
        }
        text.parse::<u64>()
            .ok()
            .filter(|value| (min..=max).contains(value))
            .and_then(|value| T::try_from(value).ok())
            .ok_or(refuse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_digits_in_range_are_taken() {
        let depth = whole::<u32>(1, 225);
        assert_eq!(depth("1"), Ok(1));
        assert_eq!(depth("225"), Ok(225));
        for bad in [
            "",
            "0",
            "226",
            "-1",
            "+5",
            " 5",
            "abc",
            "99999999999999999999999",
        ] {
            assert_eq!(depth(bad), Err(NumberError { min: 1, max: 225 }), "{bad:?}");
        }
        assert_eq!(
            NumberError { min: 1, max: 225 }.to_string(),
            "a whole number from 1 to 225 is expected"
        );
    }
}
