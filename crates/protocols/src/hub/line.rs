//! Hub's line syntax: `command arg=value arg="a value" flag …`.

use arbiter_core::text::excerpt;

/// A line read: its command and arguments, each with its value (empty for a flag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HubLine {
    pub command: String,
    pub arguments: Vec<(String, String)>,
}

impl HubLine {
    /// Reads a line; `None` for a blank one. A quote left open is an error.
    pub(crate) fn parse(line: &str) -> Result<Option<HubLine>, String> {
        let mut words = Words { rest: line.trim() };
        let Some(command) = words.next_word()? else { return Ok(None) };
        let mut arguments = Vec::new();
        while let Some(word) = words.next_word()? {
            arguments.push(match word.split_once('=') {
                Some((name, value)) => (name.to_owned(), unquoted(value)),
                None => (word, String::new()),
            });
        }
        Ok(Some(HubLine { command, arguments }))
    }

    /// The value of the argument `name`, if given.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.arguments.iter().find(|(given, _)| given == name).map(|(_, value)| value.as_str())
    }

    /// `true` when the argument (a flag) is given.
    pub(crate) fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// A value without its quotes.
fn unquoted(value: &str) -> String {
    value.strip_prefix('"').and_then(|inner| inner.strip_suffix('"')).unwrap_or(value).to_owned()
}

/// The words of a line, where a quoted value keeps its spaces.
struct Words<'a> {
    rest: &'a str,
}

impl Words<'_> {
    fn next_word(&mut self) -> Result<Option<String>, String> {
        let text = self.rest.trim_start();
        if text.is_empty() {
            return Ok(None);
        }
        let mut quoted = false;
        let mut end = text.len();
        for (at, character) in text.char_indices() {
            match character {
                '"' => quoted = !quoted,
                c if c.is_whitespace() && !quoted => {
                    end = at;
                    break;
                }
                _ => {}
            }
        }
        if quoted {
            return Err(format!(
                "a quote is not closed in `{}`; a value with spaces is written name=\"a value\"",
                excerpt(text)
            ));
        }
        self.rest = &text[end..];
        Ok(Some(text[..end].to_owned()))
    }
}

/// A value as Hub writes it: quoted when it is empty or holds a space, a quote or `=`.
pub(crate) fn quoted(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '"', '=']) {
        format!("\"{}\"", value.replace('"', "'"))
    } else {
        value.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_flags_and_quoted_values_are_read() {
        let line = HubLine::parse(r#"pos pos=Wbbe moves="32-28 17-22"  go"#).expect("valid");
        let line = line.expect("not blank");
        assert_eq!(line.command, "pos");
        assert_eq!(line.get("pos"), Some("Wbbe"));
        assert_eq!(line.get("moves"), Some("32-28 17-22"));
        assert!(line.has("go"));
        assert_eq!(HubLine::parse("   ").expect("blank"), None);
    }

    #[test]
    fn an_open_quote_is_an_error() {
        let error = HubLine::parse(r#"pos moves="32-28"#).expect_err("open quote");
        assert!(error.contains("a quote is not closed"), "{error}");
    }

    #[test]
    fn values_are_quoted_when_they_must_be() {
        assert_eq!(quoted("Arbiter"), "Arbiter");
        assert_eq!(quoted("the Arbiter developers"), "\"the Arbiter developers\"");
        assert_eq!(quoted(""), "\"\"");
    }
}
