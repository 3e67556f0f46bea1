//! Filling a text's placeholders: `{0}`, `{1}`.. take the arguments, and `{1:move|moves}`
//! takes the argument followed by the word's form for that count ("1 move", "3 moves");
//! `{a:1}` takes the argument after its English article ("an Othello", "an 8"), picked by
//! [`queens_board::article`].
//! English needs the two forms; Vietnamese has no plural form, so its texts use plain
//! `{1} nước` and read right for every count.

use std::fmt::Display;

/// `template` with `{N}` replaced by `args[N]` and `{N:one|many}` by `args[N]` and the
/// form for its count (`one` when it reads "1", else `many`). A placeholder naming no
/// argument, and any other brace, is kept as written; an argument's own text is never
/// read for placeholders.
pub(crate) fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            rest = &rest[open..];
            break;
        };
        let inner = &after[..close];
        let (index, forms) = match inner.split_once(':') {
            Some((index, forms)) => (index, Some(forms)),
            None => (inner, None),
        };
        // `{a:N}`: the argument after its article.
        let (index, forms, with_article) = match (index, forms) {
            ("a", Some(index)) => (index, None, true),
            _ => (index, forms, false),
        };
        match index
            .parse::<usize>()
            .ok()
            .and_then(|index| args.get(index))
        {
            Some(arg) => {
                let value = arg.to_string();
                if with_article {
                    out.push_str(queens_board::article(&value));
                    out.push(' ');
                }
                out.push_str(&value);
                if let Some(forms) = forms {
                    let (one, many) = forms.split_once('|').unwrap_or((forms, forms));
                    out.push(' ');
                    out.push_str(if value == "1" { one } else { many });
                }
            }
            None => {
                out.push('{');
                out.push_str(inner);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        let text = |n: &dyn Display| fill("Opened g.ron ({0:move|moves}).", &[n]);
        assert_eq!(text(&1), "Opened g.ron (1 move).");
        assert_eq!(text(&0), "Opened g.ron (0 moves).");
        assert_eq!(text(&11), "Opened g.ron (11 moves).");
        assert_eq!(text(&"1"), "Opened g.ron (1 move).");
    }

    #[test]
    fn an_article_placeholder_picks_a_or_an_from_the_argument() {
        let text = |game: &dyn Display| fill("g.ron holds {a:0} game.", &[game]);
        assert_eq!(text(&"Othello"), "g.ron holds an Othello game.");
        assert_eq!(text(&"Dodgem"), "g.ron holds a Dodgem game.");
        assert_eq!(fill("on {a:0}x{0} board", &[&8]), "on an 8x8 board");
        assert_eq!(fill("{a:3}", &[&1]), "{a:3}");
    }

    #[test]
    fn unknown_placeholders_and_other_braces_stay_and_arguments_are_not_read() {
        assert_eq!(fill("{x} {3} {", &[&1]), "{x} {3} {");
        assert_eq!(fill("{0} {1}", &[&"{1}", &"b"]), "{1} b");
    }
}
