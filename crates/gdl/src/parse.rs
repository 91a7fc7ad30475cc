//! The reader of GDL in KIF, as ggp-base writes it: `(<= head body...)` for rules, bare
//! sentences for facts, `not`, `or`, `distinct`, variables `?x`, and `;` comments to the end
//! of the line. Names are compared without regard to case.

use crate::error::GdlError;
use crate::syntax::{Atom, Description, Literal, Position, Rule, Symbols, Term};

/// The deepest nesting of lists the reader takes. Published games nest a few levels; the bound
/// keeps the recursive steps after reading (and the dropping of what was read) within the
/// stack on any text.
pub const MAX_NESTING: usize = 200;

/// A parenthesised expression with the place of its first character.
#[derive(Debug, Clone)]
enum Expr {
    Word(String, Position),
    List(Vec<Expr>, Position),
}

impl Expr {
    fn position(&self) -> Position {
        match self {
            Expr::Word(_, at) | Expr::List(_, at) => *at,
        }
    }

    /// A short rendering for error messages.
    fn shown(&self) -> String {
        match self {
            Expr::Word(word, _) => word.clone(),
            Expr::List(items, _) => match items.first() {
                Some(Expr::Word(word, _)) => format!("({word} ...)"),
                _ => "(...)".to_owned(),
            },
        }
    }
}

/// Reads a description.
///
/// # Errors
///
/// A [`GdlError`] naming the line and column of the first thing that is not GDL.
pub fn parse(text: &str) -> Result<Description, GdlError> {
    let exprs = read_exprs(text)?;
    let mut description = Description::default();
    for expr in &exprs {
        let rule = to_rule(&mut description.symbols, expr)?;
        description.rules.push(rule);
    }
    Ok(description)
}

/// Reads the terms of `text`, separated by white space (the base propositions of a state,
/// such as `(cell 1 1 b) (control white)`), into `symbols`.
///
/// # Errors
///
/// A [`GdlError`] naming the line and column of the first thing that is not a term.
pub(crate) fn parse_terms(symbols: &mut Symbols, text: &str) -> Result<Vec<Term>, GdlError> {
    read_exprs(text)?.iter().map(|expr| to_term(symbols, expr)).collect()
}

/// Reads one term (a move such as `(move 1 2 1 3)` or `noop`) into `symbols`.
///
/// # Errors
///
/// A [`GdlError`] if the text is not exactly one term.
pub fn parse_term(symbols: &mut Symbols, text: &str) -> Result<Term, GdlError> {
    let exprs = read_exprs(text)?;
    match exprs.as_slice() {
        [expr] => to_term(symbols, expr),
        [] => Err(GdlError::Expected {
            expected: "a term",
            found: String::new(),
            at: Position { line: 1, column: 1 },
        }),
        [_, extra, ..] => Err(GdlError::Expected {
            expected: "the end of the term",
            found: extra.shown(),
            at: extra.position(),
        }),
    }
}

/// Splits the text into words and lists.
fn read_exprs(text: &str) -> Result<Vec<Expr>, GdlError> {
    // The lists being read, innermost last, each with the place of its `(`.
    let mut open: Vec<(Vec<Expr>, Position)> = Vec::new();
    let mut done = Vec::new();
    let mut chars = text.chars().peekable();
    let mut at = Position { line: 1, column: 1 };
    while let Some(&c) = chars.peek() {
        let start = at;
        if c == ';' {
            while let Some(&c) = chars.peek() {
                if c == '\n' {
                    break;
                }
                chars.next();
            }
            continue;
        }
        chars.next();
        advance(&mut at, c);
        match c {
            '(' => {
                if open.len() == MAX_NESTING {
                    return Err(GdlError::TooDeep { at: start, limit: MAX_NESTING });
                }
                open.push((Vec::new(), start));
            }
            ')' => {
                let (items, opened) = open.pop().ok_or(GdlError::UnexpectedClose { at: start })?;
                push(&mut open, &mut done, Expr::List(items, opened));
            }
            c if c.is_whitespace() => {}
            c => {
                let mut word = String::from(c);
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || matches!(c, '(' | ')' | ';') {
                        break;
                    }
                    word.push(c);
                    chars.next();
                    advance(&mut at, c);
                }
                push(&mut open, &mut done, Expr::Word(word, start));
            }
        }
    }
    match open.pop() {
        Some((_, opened)) => Err(GdlError::UnclosedList { at: opened }),
        None => Ok(done),
    }
}

fn advance(at: &mut Position, c: char) {
    if c == '\n' {
        at.line += 1;
        at.column = 1;
    } else {
        at.column += 1;
    }
}

fn push(open: &mut [(Vec<Expr>, Position)], done: &mut Vec<Expr>, expr: Expr) {
    match open.last_mut() {
        Some((items, _)) => items.push(expr),
        None => done.push(expr),
    }
}

/// A top-level expression: a rule or a fact.
fn to_rule(symbols: &mut Symbols, expr: &Expr) -> Result<Rule, GdlError> {
    let position = expr.position();
    if let Expr::List(items, _) = expr {
        if let Some(Expr::Word(word, _)) = items.first() {
            if word == "<=" {
                let Some(head) = items.get(1) else {
                    return Err(GdlError::KeywordArity {
                        keyword: "<=",
                        expected: "a head and then the body's literals",
                        found: 0,
                        at: position,
                    });
                };
                let head = to_atom(symbols, head)?;
                let body = items[2..]
                    .iter()
                    .map(|literal| to_literal(symbols, literal))
                    .collect::<Result<_, _>>()?;
                return Ok(Rule { head, body, position });
            }
        }
    }
    Ok(Rule { head: to_atom(symbols, expr)?, body: Vec::new(), position })
}

/// The number of arguments of each reserved relation, in words.
fn reserved_arity(name: &str) -> Option<(&'static str, usize, &'static str)> {
    Some(match name {
        "true" => ("true", 1, "one argument"),
        "does" => ("does", 2, "two arguments (a role and a move)"),
        "role" => ("role", 1, "one argument"),
        "init" => ("init", 1, "one argument"),
        "next" => ("next", 1, "one argument"),
        "base" => ("base", 1, "one argument"),
        "input" => ("input", 2, "two arguments (a role and a move)"),
        "legal" => ("legal", 2, "two arguments (a role and a move)"),
        "goal" => ("goal", 2, "two arguments (a role and a value)"),
        "terminal" => ("terminal", 0, "no argument"),
        _ => return None,
    })
}

/// A sentence: a name alone, or a list that starts with a name.
fn to_atom(symbols: &mut Symbols, expr: &Expr) -> Result<Atom, GdlError> {
    let (name, args, at) = match expr {
        Expr::Word(word, at) => (word, &[][..], *at),
        Expr::List(items, at) => match items.split_first() {
            Some((Expr::Word(word, _), args)) => (word, args, *at),
            Some((other, _)) => {
                return Err(expected("a relation name", other));
            }
            None => return Err(GdlError::EmptyList { at: *at }),
        },
    };
    if name.starts_with('?') {
        return Err(expected("a sentence (a relation name, not a variable)", expr));
    }
    if let Some((keyword, arity, words)) = reserved_arity(&name.to_ascii_lowercase()) {
        if args.len() != arity {
            return Err(GdlError::KeywordArity { keyword, expected: words, found: args.len(), at });
        }
    }
    let relation = symbols.intern(name);
    let args = args.iter().map(|arg| to_term(symbols, arg)).collect::<Result<_, _>>()?;
    Ok(Atom { relation, args })
}

/// A literal of a body.
fn to_literal(symbols: &mut Symbols, expr: &Expr) -> Result<Literal, GdlError> {
    if let Expr::List(items, at) = expr {
        if let Some((Expr::Word(word, _), args)) = items.split_first() {
            let arity = |keyword, expected: &'static str| GdlError::KeywordArity {
                keyword,
                expected,
                found: args.len(),
                at: *at,
            };
            match word.to_ascii_lowercase().as_str() {
                "not" => {
                    let [inner] = args else { return Err(arity("not", "one literal")) };
                    return Ok(Literal::Not(Box::new(to_literal(symbols, inner)?)));
                }
                "or" => {
                    if args.is_empty() {
                        return Err(arity("or", "at least one literal"));
                    }
                    let choices = args.iter().map(|arg| to_literal(symbols, arg));
                    return Ok(Literal::Or(choices.collect::<Result<_, _>>()?));
                }
                "distinct" => {
                    let [a, b] = args else { return Err(arity("distinct", "two terms")) };
                    return Ok(Literal::Distinct(to_term(symbols, a)?, to_term(symbols, b)?));
                }
                _ => {}
            }
        }
    }
    Ok(Literal::Atom(to_atom(symbols, expr)?))
}

/// A term: a constant, a variable, or a list that starts with a function name.
fn to_term(symbols: &mut Symbols, expr: &Expr) -> Result<Term, GdlError> {
    match expr {
        Expr::Word(word, at) => {
            if word == "?" {
                Err(GdlError::NamelessVariable { at: *at })
            } else if word.starts_with('?') {
                Ok(Term::Variable(symbols.intern(word)))
            } else {
                Ok(Term::Constant(symbols.intern(word)))
            }
        }
        Expr::List(items, at) => match items.split_first() {
            Some((Expr::Word(word, _), args)) if !word.starts_with('?') => {
                let name = symbols.intern(word);
                let args = args.iter().map(|arg| to_term(symbols, arg));
                Ok(Term::Function(name, args.collect::<Result<_, _>>()?))
            }
            Some((other, _)) => Err(expected("a function name", other)),
            None => Err(GdlError::EmptyList { at: *at }),
        },
    }
}

fn expected(what: &'static str, found: &Expr) -> GdlError {
    GdlError::Expected { expected: what, found: found.shown(), at: found.position() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rules_facts_and_comments() {
        let text = "; a comment\n(ROLE white) (<= (Legal ?p noop) (role ?p) (not (true (x))))";
        let description = parse(text).expect("valid GDL");
        assert_eq!(description.rules.len(), 2);
        assert_eq!(description.rules[1].position, Position { line: 2, column: 14 });
        assert_eq!(description.symbols.name(description.rules[0].head.relation), "role");
        assert_eq!(description.symbols.name(description.rules[1].head.relation), "legal");
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let error = parse("(role white)\n  (<= (p ?x)\n (q ?x)").expect_err("unclosed");
        assert_eq!(error, GdlError::UnclosedList { at: Position { line: 2, column: 3 } });
        let error = parse("(role white))").expect_err("extra close");
        assert_eq!(error, GdlError::UnexpectedClose { at: Position { line: 1, column: 13 } });
        let error = parse("(<= (p ?x) (distinct ?x))").expect_err("distinct arity");
        assert!(matches!(error, GdlError::KeywordArity { keyword: "distinct", found: 1, .. }));
        let error = parse("(?x a)").expect_err("variable relation");
        assert!(error.to_string().contains("line 1, column 1"), "{error}");
    }

    #[test]
    fn each_kind_of_bad_text_has_its_error() {
        let at = |line, column| Position { line, column };
        assert_eq!(parse("(role a)\n()").err(), Some(GdlError::EmptyList { at: at(2, 1) }));
        assert_eq!(parse("(p ?)").err(), Some(GdlError::NamelessVariable { at: at(1, 4) }));
        let keyword = |text: &str| match parse(text) {
            Err(GdlError::KeywordArity { keyword, found, .. }) => Some((keyword, found)),
            _ => None,
        };
        assert_eq!(keyword("(<= p (not a b))"), Some(("not", 2)));
        assert_eq!(keyword("(<= p (or))"), Some(("or", 0)));
        assert_eq!(keyword("(<= p (true a b))"), Some(("true", 2)));
        assert_eq!(keyword("(<= p (does a))"), Some(("does", 1)));
        assert_eq!(keyword("(<= (terminal 1) p)"), Some(("terminal", 1)));
        assert_eq!(keyword("(<=)"), Some(("<=", 0)));
        let error = parse("(<= p ((q) 1))").expect_err("a list as relation name");
        assert_eq!(
            error.to_string(),
            "expected a relation name at line 1, column 8, found `(q ...)`"
        );
        let deep = format!("(p {}x{})", "(f ".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert!(matches!(parse(&deep), Err(GdlError::TooDeep { .. })));
        let error = parse("(p (?f 1))").expect_err("a variable as function name");
        assert!(matches!(error, GdlError::Expected { expected: "a function name", .. }));
    }

    #[test]
    fn terms_read_alone_for_moves() {
        let mut symbols = Symbols::default();
        let term = parse_term(&mut symbols, " (MOVE 1 2\n 1 3) ").expect("one term");
        let mut text = String::new();
        crate::syntax::write_term(&symbols, &term, &mut text);
        assert_eq!(text, "(move 1 2 1 3)");
        assert!(parse_term(&mut symbols, "noop noop").is_err());
        assert!(parse_term(&mut symbols, "  ").is_err());
    }
}
