//! The names of a description as its text spells them. The reasoner compares names without
//! regard to case and writes them lowercased; ggp-base's hosts and players compare them with
//! regard to case, so a move is written back in the description's own spelling.

use std::collections::HashMap;

use crate::sexpr::{read, read_all, Sexpr};

/// Each lowercased name of a description with its spelling in the text (the first seen).
#[derive(Debug, Clone, Default)]
pub struct Spelling {
    names: HashMap<String, String>,
}

impl Spelling {
    /// The spellings of the names of `rules` (KIF); none when the text is not s-expressions.
    #[must_use]
    pub fn of(rules: &str) -> Spelling {
        let mut spelling = Spelling::default();
        for expression in read_all(rules).unwrap_or_default() {
            spelling.collect(&expression);
        }
        spelling
    }

    fn collect(&mut self, expression: &Sexpr) {
        match expression {
            Sexpr::Atom(word) => {
                self.names.entry(word.to_ascii_lowercase()).or_insert_with(|| word.clone());
            }
            Sexpr::List { items, .. } => items.iter().for_each(|item| self.collect(item)),
        }
    }

    /// A term of the reasoner (`(move 1 1 2 2)`) as ggp-base prints it, in the description's
    /// spelling: `( move 1 1 2 2 )`.
    #[must_use]
    pub fn ggp(&self, term: &str) -> String {
        let Ok(expression) = read(term) else { return term.to_owned() };
        let mut out = String::new();
        self.write(&expression, &mut out);
        out
    }

    fn write(&self, expression: &Sexpr, out: &mut String) {
        match expression {
            Sexpr::Atom(word) => out.push_str(self.names.get(word).unwrap_or(word)),
            Sexpr::List { items, .. } => {
                out.push_str("( ");
                for item in items {
                    self.write(item, out);
                    out.push(' ');
                }
                out.push(')');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_take_the_spelling_of_the_rules() {
        let spelling = Spelling::of("(role White) (<= (legal White (Mark ?x)) (cell ?x))");
        assert_eq!(spelling.ggp("(mark white 1)"), "( Mark White 1 )");
        assert_eq!(spelling.ggp("noop"), "noop");
    }
}
