//! One list of fields for a window's strings: [`texts_struct!`] declares the struct and
//! the list the translation test walks, so a field added to the struct is a field that
//! test checks in Vietnamese, with nothing else to remember.

/// Declares `$vis struct $name { $field: &'static str, .. }` with `each()` (test builds
/// only): every text with its field's name, for [`assert_translated`].
macro_rules! texts_struct {
    ($(#[$meta:meta])* $vis:vis $name:ident { $($field:ident,)* }) => {
        $(#[$meta])*
        #[allow(missing_docs)]
        $vis struct $name {
            $(pub $field: &'static str,)*
        }

        impl $name {
            /// Every text with its field's name.
            #[cfg(test)]
            pub(crate) fn each(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($field), self.$field)),*]
            }
        }
    };
}

pub(crate) use texts_struct;

/// The placeholders' numbers a text fills (`{1:game|games}` is 1, as `{1}` is).
#[cfg(test)]
fn placeholders(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}'))
        .map(|(inner, _)| inner.split(':').next().unwrap_or_default().to_string())
        .collect();
    found.sort();
    found
}

/// Fails unless every text of `english` is said in `vietnamese`: none left empty or in
/// English, each filling the same placeholders.
#[cfg(test)]
pub(crate) fn assert_translated(
    english: &[(&'static str, &'static str)],
    vietnamese: &[(&'static str, &'static str)],
) {
    assert_eq!(english.len(), vietnamese.len());
    for ((field, en), (_, vi)) in english.iter().zip(vietnamese) {
        assert!(!vi.trim().is_empty(), "{field} is empty in Vietnamese");
        assert_ne!(en, vi, "{field} is not translated");
        assert_eq!(placeholders(en), placeholders(vi), "{field}");
    }
}
