//! The s-expressions of the Gamer protocol's messages, read as ggp-base's `SymbolFactory`
//! reads them: parentheses and atoms separated by white space; a `;` starts a comment to the
//! end of the line (ggp-base's hosts send none, but a description copied from a file may).

use std::fmt::Write as _;

use crate::error::MessageError;

/// The deepest nesting of lists a message may have (a GDL description rarely passes 10).
pub const MAX_DEPTH: usize = 100;

/// An atom or a list, with the span of its text in the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sexpr {
    /// A word: a name, a number or a variable.
    Atom(String),
    /// A list.
    List {
        /// Its elements.
        items: Vec<Sexpr>,
        /// The byte range of its text, parentheses included.
        span: (usize, usize),
    },
}

impl Sexpr {
    /// The atom's word, `None` for a list.
    #[must_use]
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexpr::Atom(word) => Some(word),
            Sexpr::List { .. } => None,
        }
    }

    /// Writes the expression as ggp-base prints terms: `( move 1 1 2 2 )`, atoms as they are.
    pub fn write_ggp(&self, out: &mut String) {
        match self {
            Sexpr::Atom(word) => out.push_str(word),
            Sexpr::List { items, .. } => {
                out.push_str("( ");
                for item in items {
                    item.write_ggp(out);
                    out.push(' ');
                }
                out.push(')');
            }
        }
    }

    /// The expression as ggp-base prints it.
    #[must_use]
    pub fn to_ggp(&self) -> String {
        let mut out = String::new();
        self.write_ggp(&mut out);
        out
    }
}

/// Reads exactly one expression from `text` (white space and comments around it allowed).
///
/// # Errors
///
/// [`MessageError::Syntax`] for unbalanced parentheses, nesting deeper than [`MAX_DEPTH`],
/// nothing, or more than one expression.
pub fn read(text: &str) -> Result<Sexpr, MessageError> {
    let mut reader = Reader { text, position: 0 };
    let expression = reader.expression(0)?;
    reader.skip_blank();
    if reader.position < text.len() {
        return Err(reader.error("text after the message's closing parenthesis"));
    }
    Ok(expression)
}

/// Every expression of `text` in order (a description's rules).
///
/// # Errors
///
/// As [`read`].
pub fn read_all(text: &str) -> Result<Vec<Sexpr>, MessageError> {
    let mut reader = Reader { text, position: 0 };
    let mut expressions = Vec::new();
    loop {
        reader.skip_blank();
        if reader.position >= text.len() {
            return Ok(expressions);
        }
        expressions.push(reader.expression(0)?);
    }
}

/// `text`'s expressions written on one line, one space between tokens and without comments:
/// a description as a host sends it.
///
/// # Errors
///
/// As [`read`].
pub fn one_line(text: &str) -> Result<String, MessageError> {
    let mut out = String::new();
    for expression in read_all(text)? {
        if !out.is_empty() {
            out.push(' ');
        }
        expression.write_ggp(&mut out);
    }
    Ok(out)
}

struct Reader<'a> {
    text: &'a str,
    position: usize,
}

impl Reader<'_> {
    fn skip_blank(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.position) {
            if byte.is_ascii_whitespace() {
                self.position += 1;
            } else if byte == b';' {
                while bytes.get(self.position).is_some_and(|&b| b != b'\n') {
                    self.position += 1;
                }
            } else {
                break;
            }
        }
    }

    fn error(&self, what: &str) -> MessageError {
        let mut message = String::new();
        let _ = write!(message, "{what} (at byte {})", self.position);
        MessageError::Syntax(message)
    }

    fn expression(&mut self, depth: usize) -> Result<Sexpr, MessageError> {
        self.skip_blank();
        let bytes = self.text.as_bytes();
        match bytes.get(self.position) {
            None => Err(self.error("the message ends where an expression was expected")),
            Some(b')') => Err(self.error("a closing parenthesis without its opening one")),
            Some(b'(') => {
                if depth >= MAX_DEPTH {
                    return Err(self.error("lists nested too deep"));
                }
                let start = self.position;
                self.position += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_blank();
                    match bytes.get(self.position) {
                        None => return Err(self.error("a list without its closing parenthesis")),
                        Some(b')') => {
                            self.position += 1;
                            return Ok(Sexpr::List { items, span: (start, self.position) });
                        }
                        Some(_) => items.push(self.expression(depth + 1)?),
                    }
                }
            }
            Some(_) => {
                let start = self.position;
                while bytes.get(self.position).is_some_and(|&b| {
                    !b.is_ascii_whitespace() && b != b'(' && b != b')' && b != b';'
                }) {
                    self.position += 1;
                }
                Ok(Sexpr::Atom(self.text[start..self.position].to_owned()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lists_atoms_and_spans() {
        let text = "( PLAY m1 ( (move 1 1 2 2) noop ) )";
        let Sexpr::List { items, span } = read(text).expect("a list") else { panic!("a list") };
        assert_eq!(span, (0, text.len()));
        assert_eq!(items[0].atom(), Some("PLAY"));
        assert_eq!(items[2].to_ggp(), "( ( move 1 1 2 2 ) noop )");
    }

    #[test]
    fn rejects_what_is_not_one_expression() {
        for text in ["", "(", ")", "(a))", "(a) (b)", &"(".repeat(MAX_DEPTH + 1)] {
            assert!(read(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn one_line_drops_comments() {
        let text = "; rules\n(role x) ; x\n(<= terminal\n  (true (done)))";
        assert_eq!(one_line(text).expect("rules"), "( role x ) ( <= terminal ( true ( done ) ) )");
    }
}
