//! The parsed form of a game description: interned names, terms, literals and rules, with
//! where each rule stands in the text.

use std::collections::HashMap;
use std::fmt;

/// A name (a constant, a function or relation name, or a variable with its `?`), interned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub(crate) u32);

/// The names of a description. Names are stored lowercased: GDL symbols are compared without
/// regard to case, as ggp-base reads them.
#[derive(Debug, Clone, Default)]
pub struct Symbols {
    names: Vec<String>,
    index: HashMap<String, Symbol>,
}

impl Symbols {
    /// The symbol of `name`, lowercased, interned on first use.
    pub fn intern(&mut self, name: &str) -> Symbol {
        let name = name.to_ascii_lowercase();
        if let Some(&symbol) = self.index.get(&name) {
            return symbol;
        }
        let symbol = Symbol(u32::try_from(self.names.len()).unwrap_or(u32::MAX));
        self.names.push(name.clone());
        self.index.insert(name, symbol);
        symbol
    }

    /// The symbol of `name` if the description uses it.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<Symbol> {
        self.index.get(&name.to_ascii_lowercase()).copied()
    }

    /// The (lowercased) name of `symbol`.
    #[must_use]
    pub fn name(&self, symbol: Symbol) -> &str {
        self.names.get(symbol.0 as usize).map_or("?", String::as_str)
    }
}

/// A place in the text: line and column, both from 1, the column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1, in characters.
    pub column: u32,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A term: a constant, a variable, or a function applied to terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Term {
    /// A constant such as `white` or `3`.
    Constant(Symbol),
    /// A variable such as `?x` (its symbol keeps the `?`).
    Variable(Symbol),
    /// A compound term such as `(cell 1 2 b)`.
    Function(Symbol, Vec<Term>),
}

impl Term {
    /// Every variable of the term, in order of appearance, repeats included.
    pub fn variables(&self, into: &mut Vec<Symbol>) {
        match self {
            Term::Constant(_) => {}
            Term::Variable(variable) => into.push(*variable),
            Term::Function(_, args) => args.iter().for_each(|arg| arg.variables(into)),
        }
    }
}

/// An atomic sentence: a relation and its arguments (none for a proposition like `terminal`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Atom {
    /// The relation's name.
    pub relation: Symbol,
    /// The arguments.
    pub args: Vec<Term>,
}

impl Atom {
    /// Every variable of the atom, in order of appearance.
    pub fn variables(&self, into: &mut Vec<Symbol>) {
        self.args.iter().for_each(|arg| arg.variables(into));
    }
}

/// A literal of a rule's body as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Literal {
    /// A relation that must hold.
    Atom(Atom),
    /// `(not literal)`: negation as failure.
    Not(Box<Literal>),
    /// `(distinct a b)`: the two terms differ.
    Distinct(Term, Term),
    /// `(or literal...)`: one of the literals holds.
    Or(Vec<Literal>),
}

/// A rule `(<= head body...)`, or a fact (a rule with an empty body).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The conclusion.
    pub head: Atom,
    /// The conditions, all of which must hold.
    pub body: Vec<Literal>,
    /// Where the rule starts in the text.
    pub position: Position,
}

/// A literal of a rule whose `or`s have been split into separate rules and whose `not`s apply
/// only to atoms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flat {
    /// A relation that must hold.
    Holds(Atom),
    /// A relation that must not hold.
    Fails(Atom),
    /// The two terms differ.
    Distinct(Term, Term),
    /// The two terms are the same (`(not (distinct a b))`).
    Same(Term, Term),
}

/// A rule with a body of [`Flat`] literals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatRule {
    /// The conclusion.
    pub head: Atom,
    /// The conditions.
    pub body: Vec<Flat>,
    /// Where the rule it came from starts in the text.
    pub position: Position,
}

/// A parsed game description.
#[derive(Debug, Clone, Default)]
pub struct Description {
    /// The names used.
    pub symbols: Symbols,
    /// The rules and facts, in the order of the text.
    pub rules: Vec<Rule>,
}

impl Description {
    /// The rules with each `or` split into one rule per choice and each `not` pushed down to
    /// atoms (`(not (or a b))` is `(not a) (not b)`; `(not (not a))` is `a`).
    #[must_use]
    pub fn flatten(&self) -> Vec<FlatRule> {
        let mut flat = Vec::new();
        for rule in &self.rules {
            let mut bodies: Vec<Vec<Flat>> = vec![Vec::new()];
            for literal in &rule.body {
                bodies = conjoin(bodies, &alternatives(literal, true));
            }
            flat.extend(bodies.into_iter().map(|body| FlatRule {
                head: rule.head.clone(),
                body,
                position: rule.position,
            }));
        }
        flat
    }

    /// The text of a term, as GDL writes it.
    #[must_use]
    pub fn term_text(&self, term: &Term) -> String {
        let mut text = String::new();
        write_term(&self.symbols, term, &mut text);
        text
    }
}

/// Every body of `bodies` extended by every choice of `choices`.
fn conjoin(bodies: Vec<Vec<Flat>>, choices: &[Vec<Flat>]) -> Vec<Vec<Flat>> {
    let mut out = Vec::with_capacity(bodies.len() * choices.len());
    for body in bodies {
        for choice in choices {
            let mut extended = body.clone();
            extended.extend(choice.iter().cloned());
            out.push(extended);
        }
    }
    out
}

/// The ways `literal` (negated unless `positive`) can hold: a disjunction of conjunctions.
fn alternatives(literal: &Literal, positive: bool) -> Vec<Vec<Flat>> {
    match (literal, positive) {
        (Literal::Atom(atom), true) => vec![vec![Flat::Holds(atom.clone())]],
        (Literal::Atom(atom), false) => vec![vec![Flat::Fails(atom.clone())]],
        (Literal::Distinct(a, b), true) => vec![vec![Flat::Distinct(a.clone(), b.clone())]],
        (Literal::Distinct(a, b), false) => vec![vec![Flat::Same(a.clone(), b.clone())]],
        (Literal::Not(inner), _) => alternatives(inner, !positive),
        (Literal::Or(choices), true) => {
            choices.iter().flat_map(|choice| alternatives(choice, true)).collect()
        }
        // De Morgan: none of the choices holds.
        (Literal::Or(choices), false) => choices
            .iter()
            .fold(vec![Vec::new()], |bodies, choice| conjoin(bodies, &alternatives(choice, false))),
    }
}

/// Writes `term` in KIF.
pub fn write_term(symbols: &Symbols, term: &Term, out: &mut String) {
    match term {
        Term::Constant(symbol) | Term::Variable(symbol) => out.push_str(symbols.name(*symbol)),
        Term::Function(name, args) => {
            out.push('(');
            out.push_str(symbols.name(*name));
            for arg in args {
                out.push(' ');
                write_term(symbols, arg, out);
            }
            out.push(')');
        }
    }
}
