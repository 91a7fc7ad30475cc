//! Outside text shown back to people: control characters escaped, long text cut short.
//!
//! Every error that quotes what a person or a file gave (a move, a position, a tag, an option,
//! a file name) shows it through [`excerpt`] or [`escaped`], so that an untrusted file cannot
//! clear or retitle a terminal with an escape sequence, and a 20 MB token does not become a
//! 20 MB error message.

use std::fmt;

/// The most characters of outside text an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// Text shown with its control characters escaped, and perhaps cut short; see [`excerpt`]
/// and [`escaped`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown<'a> {
    text: &'a str,
    limit: Option<usize>,
}

/// `text` as an error message quotes it: at most [`EXCERPT_CHARS`] characters, then `…`,
/// with control characters escaped.
///
/// ```
/// use arbiter_core::text::excerpt;
/// assert_eq!(excerpt("11-15\u{1b}[2J").to_string(), "11-15\\u{1b}[2J");
/// assert_eq!(excerpt(&"9".repeat(100)).to_string(), format!("{}…", "9".repeat(40)));
/// ```
#[must_use]
pub fn excerpt(text: &str) -> Shown<'_> {
    Shown { text, limit: Some(EXCERPT_CHARS) }
}

/// `text` whole, with control characters escaped (a file name, a tag).
///
/// ```
/// use arbiter_core::text::escaped;
/// assert_eq!(escaped("game\n.pdn").to_string(), "game\\n.pdn");
/// ```
#[must_use]
pub fn escaped(text: &str) -> Shown<'_> {
    Shown { text, limit: None }
}

/// Characters that change how a terminal shows what follows: the control characters (C0, DEL,
/// C1, which start escape sequences) and the invisible format characters that reorder or hide
/// text (bidirectional overrides, zero-width characters, the byte-order mark).
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || c == '\u{feff}'
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = self.limit.unwrap_or(usize::MAX);
        for (index, c) in self.text.chars().enumerate() {
            if index == limit {
                return f.write_str("…");
            }
            if is_hidden(c) {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Reads a number written in ASCII digits only: no sign, no space, no other digits; `None`
/// otherwise or when it does not fit `T`. (`str::parse` also takes `+5`.)
#[must_use]
pub fn parse_digits<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_format_characters_are_escaped() {
        assert_eq!(escaped("a\u{1b}]0;pwned\u{7}b").to_string(), "a\\u{1b}]0;pwned\\u{7}b");
        assert_eq!(escaped("x\u{202e}y\tz").to_string(), "x\\u{202e}y\\tz");
        assert_eq!(escaped("é ✓ 東").to_string(), "é ✓ 東", "printable text stays as it is");
    }

    #[test]
    fn excerpts_are_cut_after_forty_characters() {
        let long = "x".repeat(10_000_000);
        let shown = excerpt(&long).to_string();
        assert_eq!(shown.chars().count(), EXCERPT_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(excerpt(&"y".repeat(40)).to_string(), "y".repeat(40));
    }

    #[test]
    fn numbers_are_digits_only() {
        assert_eq!(parse_digits::<u8>("12"), Some(12));
        for bad in ["+5", "-5", " 5", "5 ", "", "٣", "300"] {
            assert_eq!(parse_digits::<u8>(bad), None, "{bad}");
        }
    }
}
