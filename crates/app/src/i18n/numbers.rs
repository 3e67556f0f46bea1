//! Large counts as each language writes them: digits in groups of three, with the
//! language's separator (issue 32.12: "1503407535 nodes" was hard to read).

use super::Texts;

/// `n` with `separator` between groups of three digits ("2,560,000").
pub(crate) fn group_digits_with(n: u64, separator: char) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

impl Texts {
    /// `n` with its digits in groups of three, as this language writes them (issue
    /// 32.12: "1503407535 nodes" was hard to read).
    pub(crate) fn count(&self, n: u64) -> String {
        group_digits_with(n, self.digit_separator)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{fill, texts};
    use crate::session::settings::Language;

    /// Issue 32.12: large counts are grouped by three in each language's way.
    #[test]
    fn large_counts_are_grouped_in_each_language() {
        assert_eq!(
            texts(Language::English).count(1_503_407_535),
            "1,503,407,535"
        );
        assert_eq!(
            texts(Language::Vietnamese).count(1_503_407_535),
            "1.503.407.535"
        );
        assert_eq!(texts(Language::Vietnamese).count(999), "999");
        let progress = fill(
            texts(Language::English).live_progress,
            &[
                &9,
                &texts(Language::English).count(1_503_407_535),
                &3,
                &"2.0",
            ],
        );
        assert!(progress.contains("1,503,407,535 nodes"), "{progress}");
    }
}
