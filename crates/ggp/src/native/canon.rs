//! A canonical form of a description that no renaming of its names changes: every name but
//! GDL's reserved words gets a colour computed from where it stands in the rules alone, by
//! colour refinement (Weisfeiler and Leman's algorithm, over the rules instead of a graph).
//!
//! At first every name has the same colour. A round writes each rule as a sequence of tokens
//! (reserved words by name, variables by their order of first appearance in the rule, other
//! names by colour) and hashes it; a name's new colour is the hash of its colour and of the
//! list, sorted, of (rule hash, token position) of each place it occurs. Rounds go on while
//! they split colours. The signature is the sorted list of the final rule hashes: it does not
//! depend on the order of the rules nor on the names, only on the rules' shapes and on which
//! names they share. Two descriptions with the same signature whose colours each name one name
//! are matched name for name.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};

use arbiter_gdl::{Atom, Description, Literal, Rule, Symbol, Term};

/// GDL's reserved relations, kept by name.
const RESERVED: [&str; 10] =
    ["role", "init", "true", "next", "legal", "does", "goal", "terminal", "base", "input"];
/// More rounds than any description needs to stop splitting (each round that goes on splits at
/// least one colour); a bound on the work.
const MAX_ROUNDS: usize = 64;

/// A description's names coloured, and its signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canonical {
    /// The same for two descriptions that differ only by names and the order of rules.
    pub signature: u64,
    /// Each (lowercased) name other than the reserved words, with its colour.
    pub colours: HashMap<String, u64>,
}

impl Canonical {
    /// The colours of a description.
    #[must_use]
    pub fn of(description: &Description) -> Canonical {
        let symbols = &description.symbols;
        let reserved: HashMap<Symbol, u64> = RESERVED
            .iter()
            .filter_map(|name| symbols.get(name).map(|symbol| (symbol, hash(&("reserved", name)))))
            .collect();
        let mut colours: HashMap<Symbol, u64> = HashMap::new();
        for rule in &description.rules {
            let mut tokens = Tokens::default();
            tokens.rule(rule, &reserved, &colours);
            for (symbol, _) in tokens.names {
                colours.entry(symbol).or_insert(0);
            }
        }
        let mut classes = 1;
        let mut rule_hashes = Vec::new();
        for _ in 0..MAX_ROUNDS {
            let mut places: HashMap<Symbol, Vec<(u64, usize)>> = HashMap::new();
            rule_hashes.clear();
            for rule in &description.rules {
                let mut tokens = Tokens::default();
                tokens.rule(rule, &reserved, &colours);
                let rule_hash = hash(&tokens.sequence);
                rule_hashes.push(rule_hash);
                for (symbol, position) in tokens.names {
                    places.entry(symbol).or_default().push((rule_hash, position));
                }
            }
            let refined: HashMap<Symbol, u64> = colours
                .iter()
                .map(|(&symbol, &colour)| {
                    let mut list = places.remove(&symbol).unwrap_or_default();
                    list.sort_unstable();
                    (symbol, hash(&(colour, list)))
                })
                .collect();
            let count = refined.values().collect::<BTreeSet<_>>().len();
            colours = refined;
            if count == classes {
                break;
            }
            classes = count;
        }
        rule_hashes.sort_unstable();
        Canonical {
            signature: hash(&rule_hashes),
            colours: colours
                .into_iter()
                .map(|(symbol, colour)| (symbols.name(symbol).to_owned(), colour))
                .collect(),
        }
    }

    /// The name of `other` for each of this description's names, when both have the same
    /// signature and each colour names one name on each side; `None` otherwise.
    #[must_use]
    pub fn matching(&self, other: &Canonical) -> Option<HashMap<String, String>> {
        if self.signature != other.signature || self.colours.len() != other.colours.len() {
            return None;
        }
        let mut by_colour: HashMap<u64, Vec<&str>> = HashMap::new();
        for (name, colour) in &other.colours {
            by_colour.entry(*colour).or_default().push(name);
        }
        let mut mapping = HashMap::new();
        for (name, colour) in &self.colours {
            match by_colour.get(colour).map(Vec::as_slice) {
                Some([theirs]) => mapping.insert(name.clone(), (*theirs).to_owned()),
                _ => return None,
            };
        }
        Some(mapping)
    }
}

fn hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// A rule written as tokens, with where each coloured name stands.
#[derive(Default)]
struct Tokens {
    sequence: Vec<u64>,
    names: Vec<(Symbol, usize)>,
    variables: Vec<Symbol>,
}

/// Tokens of the rules' structure.
const OPEN: u64 = 1;
const CLOSE: u64 = 2;
const NOT: u64 = 3;
const DISTINCT: u64 = 4;
const OR: u64 = 5;
const BODY: u64 = 6;

impl Tokens {
    fn rule(
        &mut self,
        rule: &Rule,
        reserved: &HashMap<Symbol, u64>,
        colours: &HashMap<Symbol, u64>,
    ) {
        self.atom(&rule.head, reserved, colours);
        self.sequence.push(BODY);
        for literal in &rule.body {
            self.literal(literal, reserved, colours);
        }
    }

    fn literal(
        &mut self,
        literal: &Literal,
        reserved: &HashMap<Symbol, u64>,
        colours: &HashMap<Symbol, u64>,
    ) {
        match literal {
            Literal::Atom(atom) => self.atom(atom, reserved, colours),
            Literal::Not(inner) => {
                self.sequence.push(NOT);
                self.literal(inner, reserved, colours);
            }
            Literal::Distinct(a, b) => {
                self.sequence.push(DISTINCT);
                self.term(a, reserved, colours);
                self.term(b, reserved, colours);
            }
            Literal::Or(choices) => {
                self.sequence.extend([OR, OPEN]);
                for choice in choices {
                    self.literal(choice, reserved, colours);
                }
                self.sequence.push(CLOSE);
            }
        }
    }

    fn atom(
        &mut self,
        atom: &Atom,
        reserved: &HashMap<Symbol, u64>,
        colours: &HashMap<Symbol, u64>,
    ) {
        self.sequence.push(OPEN);
        self.name(atom.relation, reserved, colours);
        for arg in &atom.args {
            self.term(arg, reserved, colours);
        }
        self.sequence.push(CLOSE);
    }

    fn term(
        &mut self,
        term: &Term,
        reserved: &HashMap<Symbol, u64>,
        colours: &HashMap<Symbol, u64>,
    ) {
        match term {
            Term::Constant(symbol) => self.name(*symbol, reserved, colours),
            Term::Variable(symbol) => {
                let index = match self.variables.iter().position(|v| v == symbol) {
                    Some(index) => index,
                    None => {
                        self.variables.push(*symbol);
                        self.variables.len() - 1
                    }
                };
                self.sequence.push(hash(&("variable", index)));
            }
            Term::Function(name, args) => {
                self.sequence.push(OPEN);
                self.name(*name, reserved, colours);
                for arg in args {
                    self.term(arg, reserved, colours);
                }
                self.sequence.push(CLOSE);
            }
        }
    }

    fn name(
        &mut self,
        symbol: Symbol,
        reserved: &HashMap<Symbol, u64>,
        colours: &HashMap<Symbol, u64>,
    ) {
        if let Some(&token) = reserved.get(&symbol) {
            self.sequence.push(token);
        } else {
            self.names.push((symbol, self.sequence.len()));
            self.sequence.push(hash(&("name", colours.get(&symbol).copied().unwrap_or(0))));
        }
    }
}
