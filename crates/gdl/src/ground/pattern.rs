//! Rules made ready for grounding: variables numbered, constants interned, and the body's
//! positive literals put in an order in which each one binds what the next need.

use crate::error::GdlError;
use crate::syntax::{Atom, Flat, FlatRule, Symbol, Term};
use crate::terms::{Node, TermId, Terms};

/// A term with its variables numbered within its rule.
#[derive(Debug, Clone)]
pub(crate) enum Pattern {
    Ground(TermId),
    Variable(usize),
    Function(Symbol, Vec<Pattern>),
}

/// An atom as a pattern: the relation and its arguments.
#[derive(Debug, Clone)]
pub(crate) struct AtomPattern {
    pub(crate) relation: Symbol,
    pub(crate) args: Vec<Pattern>,
}

/// A literal of a prepared rule.
#[derive(Debug, Clone)]
pub(crate) enum Test {
    Fails(AtomPattern),
    Distinct(Pattern, Pattern),
    Same(Pattern, Pattern),
}

/// A rule prepared for grounding.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub(crate) head: AtomPattern,
    /// The positive literals, in the order they are joined.
    pub(crate) positives: Vec<AtomPattern>,
    /// What is checked once the positives have bound every variable.
    pub(crate) tests: Vec<Test>,
    pub(crate) variables: usize,
    /// The rule's number among the rules grounded together.
    pub(crate) id: usize,
}

/// Bindings of a rule's variables to ground terms.
pub(crate) type Bindings = Vec<Option<TermId>>;

/// Prepares `rule`, interning its constants in `terms`.
pub(crate) fn prepare(terms: &mut Terms, rule: &FlatRule) -> Prepared {
    let mut names: Vec<Symbol> = Vec::new();
    let head = atom_pattern(terms, &mut names, &rule.head);
    let mut positives = Vec::new();
    let mut tests = Vec::new();
    for flat in &rule.body {
        match flat {
            Flat::Holds(atom) => positives.push(atom_pattern(terms, &mut names, atom)),
            Flat::Fails(atom) => tests.push(Test::Fails(atom_pattern(terms, &mut names, atom))),
            Flat::Distinct(a, b) => tests
                .push(Test::Distinct(pattern(terms, &mut names, a), pattern(terms, &mut names, b))),
            Flat::Same(a, b) => {
                tests
                    .push(Test::Same(pattern(terms, &mut names, a), pattern(terms, &mut names, b)));
            }
        }
    }
    let positives = join_order(positives, names.len());
    Prepared { head, positives, tests, variables: names.len(), id: 0 }
}

fn atom_pattern(terms: &mut Terms, names: &mut Vec<Symbol>, atom: &Atom) -> AtomPattern {
    AtomPattern {
        relation: atom.relation,
        args: atom.args.iter().map(|arg| pattern(terms, names, arg)).collect(),
    }
}

fn pattern(terms: &mut Terms, names: &mut Vec<Symbol>, term: &Term) -> Pattern {
    match term {
        Term::Constant(symbol) => Pattern::Ground(terms.intern(Node::Constant(*symbol))),
        Term::Variable(symbol) => {
            let index = names.iter().position(|name| name == symbol).unwrap_or_else(|| {
                names.push(*symbol);
                names.len() - 1
            });
            Pattern::Variable(index)
        }
        Term::Function(name, args) => {
            let args: Vec<Pattern> = args.iter().map(|arg| pattern(terms, names, arg)).collect();
            match ground_args(&args) {
                Some(ids) => Pattern::Ground(terms.intern(Node::Function(*name, ids.into()))),
                None => Pattern::Function(*name, args),
            }
        }
    }
}

fn ground_args(args: &[Pattern]) -> Option<Vec<TermId>> {
    args.iter()
        .map(|arg| match arg {
            Pattern::Ground(id) => Some(*id),
            _ => None,
        })
        .collect()
}

fn pattern_variables(pattern: &Pattern, into: &mut Vec<usize>) {
    match pattern {
        Pattern::Ground(_) => {}
        Pattern::Variable(index) => into.push(*index),
        Pattern::Function(_, args) => args.iter().for_each(|arg| pattern_variables(arg, into)),
    }
}

fn atom_variables(atom: &AtomPattern) -> Vec<usize> {
    let mut variables = Vec::new();
    atom.args.iter().for_each(|arg| pattern_variables(arg, &mut variables));
    variables
}

/// A greedy join order: next, the literal with the fewest variables not yet bound, so that
/// lookups narrow as early as they can.
fn join_order(mut positives: Vec<AtomPattern>, variables: usize) -> Vec<AtomPattern> {
    let mut bound = vec![false; variables];
    let mut ordered = Vec::with_capacity(positives.len());
    while !positives.is_empty() {
        let unbound = |atom: &AtomPattern| {
            let mut free = atom_variables(atom);
            free.retain(|&v| !bound[v]);
            free.sort_unstable();
            free.dedup();
            free.len()
        };
        let best = (0..positives.len()).min_by_key(|&i| unbound(&positives[i])).unwrap_or(0);
        let atom = positives.remove(best);
        atom_variables(&atom).into_iter().for_each(|v| bound[v] = true);
        ordered.push(atom);
    }
    ordered
}

impl Terms {
    /// Matches `pattern` against the ground term `id`, binding variables; records each new
    /// binding in `trail` so that the caller can undo them.
    pub(crate) fn unify(
        &self,
        pattern: &Pattern,
        id: TermId,
        bindings: &mut Bindings,
        trail: &mut Vec<usize>,
    ) -> bool {
        match pattern {
            Pattern::Ground(ground) => *ground == id,
            Pattern::Variable(index) => match bindings[*index] {
                Some(bound) => bound == id,
                None => {
                    bindings[*index] = Some(id);
                    trail.push(*index);
                    true
                }
            },
            Pattern::Function(name, args) => {
                self.functor(id) == Some(*name)
                    && self.args(id).len() == args.len()
                    && (0..args.len()).all(|i| {
                        let arg = self.args(id)[i];
                        self.unify(&args[i], arg, bindings, trail)
                    })
            }
        }
    }

    /// Matches an atom pattern against the ground atom `id`.
    pub(crate) fn unify_atom(
        &self,
        atom: &AtomPattern,
        id: TermId,
        bindings: &mut Bindings,
        trail: &mut Vec<usize>,
    ) -> bool {
        let args = self.args(id);
        args.len() == atom.args.len()
            && (0..args.len()).all(|i| self.unify(&atom.args[i], args[i], bindings, trail))
    }

    /// The ground term of `pattern` under complete `bindings`, added to the table if new.
    pub(crate) fn build(&mut self, pattern: &Pattern, bindings: &Bindings) -> TermId {
        match pattern {
            Pattern::Ground(id) => *id,
            Pattern::Variable(index) => bindings[*index].unwrap_or(TermId::MAX),
            Pattern::Function(name, args) => {
                let args: Box<[TermId]> =
                    args.iter().map(|arg| self.build(arg, bindings)).collect();
                self.intern(Node::Function(*name, args))
            }
        }
    }

    /// The ground atom of `atom` under complete `bindings`, added to the table if new.
    pub(crate) fn build_atom(&mut self, atom: &AtomPattern, bindings: &Bindings) -> TermId {
        if atom.args.is_empty() {
            return self.intern(Node::Constant(atom.relation));
        }
        let args: Box<[TermId]> = atom.args.iter().map(|arg| self.build(arg, bindings)).collect();
        self.intern(Node::Function(atom.relation, args))
    }

    /// The ground term of `pattern` under complete `bindings` if the table has it: a term the
    /// table lacks is in no relation.
    pub(crate) fn lookup(&self, pattern: &Pattern, bindings: &Bindings) -> Option<TermId> {
        match pattern {
            Pattern::Ground(id) => Some(*id),
            Pattern::Variable(index) => bindings[*index],
            Pattern::Function(name, args) => {
                let args: Option<Box<[TermId]>> =
                    args.iter().map(|arg| self.lookup(arg, bindings)).collect();
                self.find(&Node::Function(*name, args?))
            }
        }
    }

    /// `true` when every variable of `pattern` is bound.
    pub(crate) fn is_bound(&self, pattern: &Pattern, bindings: &Bindings) -> bool {
        match pattern {
            Pattern::Ground(_) => true,
            Pattern::Variable(index) => bindings[*index].is_some(),
            Pattern::Function(_, args) => args.iter().all(|arg| self.is_bound(arg, bindings)),
        }
    }

    /// `true` when every variable of `atom` is bound.
    pub(crate) fn is_bound_atom(&self, atom: &AtomPattern, bindings: &Bindings) -> bool {
        atom.args.iter().all(|arg| self.is_bound(arg, bindings))
    }

    /// [`Terms::lookup`] for an atom.
    pub(crate) fn lookup_atom(&self, atom: &AtomPattern, bindings: &Bindings) -> Option<TermId> {
        if atom.args.is_empty() {
            return self.find(&Node::Constant(atom.relation));
        }
        let args: Option<Box<[TermId]>> =
            atom.args.iter().map(|arg| self.lookup(arg, bindings)).collect();
        self.find(&Node::Function(atom.relation, args?))
    }
}

/// The error for a table that passed its bound.
pub(crate) fn too_large(what: &'static str, limit: usize) -> GdlError {
    GdlError::TooLarge { what, limit }
}
