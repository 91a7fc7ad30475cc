//! Grounding: every rule replaced by its ground instances that can ever matter.
//!
//! Relations split in two. *Static* ones depend neither on `true` nor on `does`; they hold the
//! same in every state, so they are computed exactly, stratum by stratum, and vanish from the
//! ground rules. *Dynamic* ones are over-approximated: an atom is *possible* when some
//! instance of its rules has possible positive literals, negations of dynamic atoms assumed
//! satisfiable; `(true p)` is possible when `(init p)` holds or `(next p)` is possible, and
//! `(does r m)` when `(legal r m)` is. Iterating this to a fixed point gives every atom that any
//! reachable state can make true (and some that none can), and the ground instances over them.

mod pattern;

use std::collections::{HashMap, HashSet};

use crate::check::{dependency_graph, dynamic_relations, strongly_connected};
use crate::error::GdlError;
use crate::ground::pattern::{prepare, too_large, AtomPattern, Bindings, Pattern, Prepared, Test};
use crate::limits::{Deadline, Limits};
use crate::syntax::{Description, FlatRule, Symbol};
use crate::terms::{IdMap, IdSet, Node, TermId, Terms};

/// The most ground terms (atoms included) a description may make.
pub const MAX_TERMS: usize = 2_000_000;
/// The deepest nesting of a ground term grounding may make (a counter written `(s (s ...))`
/// would otherwise grow without end).
pub const MAX_TERM_DEPTH: usize = 64;
/// The most ground rule instances a description may make.
pub const MAX_INSTANCES: usize = 4_000_000;

/// The atoms of one relation, in the order they were found, indexed by each argument and by
/// each argument of a compound argument (so that `(true (cell ?x 3 ?p))` finds its atoms by the
/// 3).
#[derive(Debug, Clone, Default)]
pub(crate) struct Relation {
    pub(crate) atoms: Vec<TermId>,
    set: IdSet<TermId>,
    /// The atoms by [`place`] and the term found there.
    index: IdMap<(u32, TermId), Vec<TermId>>,
}

/// The place of argument `inner` (from 1; 0 for the whole argument) of argument `outer`.
fn place(outer: usize, inner: usize) -> u32 {
    u32::try_from(outer * 256 + inner).unwrap_or(u32::MAX)
}

impl Relation {
    fn insert(&mut self, atom: TermId, terms: &Terms) -> bool {
        let new = self.set.insert(atom);
        if new {
            self.atoms.push(atom);
            for (outer, &arg) in terms.args(atom).iter().enumerate() {
                self.index.entry((place(outer, 0), arg)).or_default().push(atom);
                for (inner, &leaf) in terms.args(arg).iter().enumerate().take(255) {
                    self.index.entry((place(outer, inner + 1), leaf)).or_default().push(atom);
                }
            }
        }
        new
    }

    /// The atoms with `term` at `place`.
    fn with(&self, place: u32, term: TermId) -> &[TermId] {
        self.index.get(&(place, term)).map_or(&[], Vec::as_slice)
    }

    pub(crate) fn contains(&self, atom: TermId) -> bool {
        self.set.contains(&atom)
    }
}

/// A ground rule over dynamic atoms: the head holds when every literal does (`true`: the atom
/// holds; `false`: it does not).
#[derive(Debug, Clone)]
pub(crate) struct Instance {
    pub(crate) head: TermId,
    pub(crate) body: Vec<(TermId, bool)>,
}

/// The ground form of a description.
#[derive(Debug, Clone)]
pub(crate) struct Grounding {
    pub(crate) terms: Terms,
    /// The atoms of each relation: exact for static relations, possible for dynamic ones.
    pub(crate) relations: HashMap<Symbol, Relation>,
    pub(crate) dynamic: HashSet<Symbol>,
    pub(crate) instances: Vec<Instance>,
    /// The roles, as terms, in the order of the text.
    pub(crate) roles: Vec<TermId>,
}

impl Grounding {
    /// The atoms of `relation` (exact or possible).
    pub(crate) fn atoms(&self, relation: Option<Symbol>) -> &[TermId] {
        relation.and_then(|r| self.relations.get(&r)).map_or(&[], |r| r.atoms.as_slice())
    }

    /// `true` when `atom` belongs to a static relation and holds.
    pub(crate) fn holds_statically(&self, atom: TermId) -> bool {
        self.terms.functor(atom).is_some_and(|relation| {
            !self.dynamic.contains(&relation)
                && self.relations.get(&relation).is_some_and(|r| r.contains(atom))
        })
    }
}

/// Grounds the checked `rules` of `description`.
///
/// # Errors
///
/// [`GdlError::TooLarge`] when the ground form passes the sizes of `limits`,
/// [`GdlError::TooSlow`] when `deadline` passes first.
pub(crate) fn ground(
    description: &Description,
    rules: &[FlatRule],
    limits: &Limits,
    deadline: &Deadline,
) -> Result<Grounding, GdlError> {
    let symbols = &description.symbols;
    let mut grounder = Grounder {
        terms: Terms::default(),
        relations: HashMap::new(),
        dynamic: dynamic_relations(description, rules),
        seen: vec![None; rules.len()],
        limits: *limits,
        deadline,
    };
    let prepared: Vec<Prepared> = rules
        .iter()
        .enumerate()
        .map(|(id, rule)| Prepared { id, ..prepare(&mut grounder.terms, rule) })
        .collect();
    let groups = groups(rules, &prepared);
    let (dynamic_groups, static_groups): (Vec<_>, Vec<_>) =
        groups.into_iter().partition(|group| grounder.dynamic.contains(&group[0].head.relation));
    for group in &static_groups {
        grounder.saturate(group)?;
    }
    let true_relation = symbols.get("true");
    let does_relation = symbols.get("does");
    grounder.feed(symbols.get("init"), true_relation, false);
    loop {
        for group in &dynamic_groups {
            grounder.saturate(group)?;
        }
        let new_states = grounder.feed(symbols.get("next"), true_relation, false);
        let new_moves = grounder.feed(symbols.get("legal"), does_relation, true);
        if !new_states && !new_moves {
            break;
        }
    }
    let mut instances = Vec::new();
    for rule in &prepared {
        if grounder.dynamic.contains(&rule.head.relation) {
            grounder.instances(rule, &mut instances)?;
        }
    }
    let roles = roles(&mut grounder.terms, description, rules);
    Ok(Grounding {
        terms: grounder.terms,
        relations: grounder.relations,
        dynamic: grounder.dynamic,
        instances,
        roles,
    })
}

/// The roles' terms, in the order of their facts.
fn roles(terms: &mut Terms, description: &Description, rules: &[FlatRule]) -> Vec<TermId> {
    let mut roles = Vec::new();
    let role = description.symbols.get("role");
    for rule in rules.iter().filter(|rule| Some(rule.head.relation) == role) {
        let prepared = prepare(terms, rule);
        if let Some(pattern) = prepared.head.args.first() {
            let id = terms.build(pattern, &Vec::new());
            if !roles.contains(&id) {
                roles.push(id);
            }
        }
    }
    roles
}

/// The rules grouped by the strongly connected component of their heads' relations, lower
/// strata first (Tarjan's algorithm completes a component after those it depends on).
fn groups<'a>(rules: &[FlatRule], prepared: &'a [Prepared]) -> Vec<Vec<&'a Prepared>> {
    let components = strongly_connected(&dependency_graph(rules));
    let mut by_component: Vec<(usize, Vec<&Prepared>)> = Vec::new();
    for rule in prepared {
        let component = components.get(&rule.head.relation).copied().unwrap_or(usize::MAX);
        match by_component.iter_mut().find(|(c, _)| *c == component) {
            Some((_, group)) => group.push(rule),
            None => by_component.push((component, vec![rule])),
        }
    }
    by_component.sort_by_key(|(component, _)| *component);
    by_component.into_iter().map(|(_, group)| group).collect()
}

/// The state of one join of a rule's body.
struct Join {
    /// Which positive literals are joined.
    joined: Vec<bool>,
    bindings: Bindings,
    /// The variables bound, in order, to undo.
    trail: Vec<usize>,
    found: Vec<Bindings>,
    /// Whether to stop a branch once the head's variables are bound and its atom is known
    /// already: when only new atoms matter, not every instance.
    prune_known: bool,
    /// The most instances it may find.
    most: usize,
}

impl Join {
    /// What was found, or the error of a join that passed its bound or its deadline.
    fn finish(self, deadline: &Deadline) -> Result<Vec<Bindings>, GdlError> {
        if self.found.len() > self.most {
            return Err(too_large("the number of ground rule instances", self.most));
        }
        deadline.check("grounding")?;
        Ok(self.found)
    }

    fn new(rule: &Prepared, prune_known: bool, most: usize) -> Join {
        Join {
            joined: vec![false; rule.positives.len()],
            bindings: vec![None; rule.variables],
            trail: Vec::new(),
            found: Vec::new(),
            prune_known,
            most,
        }
    }
}

struct Grounder<'d> {
    terms: Terms,
    relations: HashMap<Symbol, Relation>,
    dynamic: HashSet<Symbol>,
    /// For each rule evaluated already, the number of atoms each of its positive literals'
    /// relations had then: only combinations with a newer atom can give something new.
    seen: Vec<Option<Vec<usize>>>,
    limits: Limits,
    deadline: &'d Deadline,
}

impl Grounder<'_> {
    /// Adds the heads of `group`'s rules until nothing new comes (once, for a group that does
    /// not use its own relations).
    fn saturate(&mut self, group: &[&Prepared]) -> Result<(), GdlError> {
        let heads: Vec<Symbol> = group.iter().map(|rule| rule.head.relation).collect();
        let recursive = group
            .iter()
            .any(|rule| rule.positives.iter().any(|atom| heads.contains(&atom.relation)));
        loop {
            let mut added = false;
            for rule in group {
                let sizes: Vec<usize> = rule
                    .positives
                    .iter()
                    .map(|atom| self.relations.get(&atom.relation).map_or(0, |r| r.atoms.len()))
                    .collect();
                let found = match &self.seen[rule.id] {
                    None => self.join(rule, true)?,
                    Some(seen) => self.join_new(rule, seen, &sizes)?,
                };
                self.seen[rule.id] = Some(sizes);
                for bindings in found {
                    let atom = self.terms.build_atom(&rule.head, &bindings);
                    if self.terms.depth(atom) as usize > MAX_TERM_DEPTH {
                        return Err(too_large("the nesting of a ground term", MAX_TERM_DEPTH));
                    }
                    let relation = self.relations.entry(rule.head.relation).or_default();
                    added |= relation.insert(atom, &self.terms);
                }
                if self.terms.len() > self.limits.terms {
                    return Err(too_large("the number of ground terms", self.limits.terms));
                }
            }
            if !recursive || !added {
                return Ok(());
            }
        }
    }

    /// Adds `(to x...)` for each atom `(from x...)`; `true` when one was new. With `all_args`,
    /// every argument is carried (`legal` to `does`); without, only the first (`next` to
    /// `true`).
    fn feed(&mut self, from: Option<Symbol>, to: Option<Symbol>, all_args: bool) -> bool {
        let (Some(from), Some(to)) = (from, to) else { return false };
        let atoms = self.relations.get(&from).map(|r| r.atoms.clone()).unwrap_or_default();
        let mut added = false;
        for atom in atoms {
            let args: Box<[TermId]> = if all_args {
                self.terms.args(atom).into()
            } else {
                self.terms.args(atom).iter().take(1).copied().collect()
            };
            let fed = self.terms.intern(Node::Function(to, args));
            added |= self.relations.entry(to).or_default().insert(fed, &self.terms);
        }
        added
    }

    /// Every complete binding of `rule`'s variables under which its positive literals are
    /// among the known atoms and its tests pass (negations of dynamic atoms are not tested);
    /// with `prune_known`, only those whose head is not known already (and some that are).
    fn join(&self, rule: &Prepared, prune_known: bool) -> Result<Vec<Bindings>, GdlError> {
        let mut join = Join::new(rule, prune_known, self.limits.instances);
        self.join_from(rule, &mut join, true);
        join.finish(self.deadline)
    }

    /// The bindings of `rule` that use at least one atom found since it was last joined (when
    /// its literals' relations had `seen` atoms; they have `sizes` now) and give a head not
    /// known yet: semi-naive evaluation, each literal in turn taking only its new atoms.
    fn join_new(
        &self,
        rule: &Prepared,
        seen: &[usize],
        sizes: &[usize],
    ) -> Result<Vec<Bindings>, GdlError> {
        let mut join = Join::new(rule, true, self.limits.instances);
        for (index, atom) in rule.positives.iter().enumerate() {
            let Some(relation) = self.relations.get(&atom.relation) else { continue };
            let new = relation.atoms.get(seen[index]..sizes[index]).unwrap_or(&[]);
            join.joined[index] = true;
            for &candidate in new {
                if self.terms.unify_atom(atom, candidate, &mut join.bindings, &mut join.trail) {
                    self.join_from(rule, &mut join, true);
                }
                for variable in join.trail.drain(..) {
                    join.bindings[variable] = None;
                }
            }
            join.joined[index] = false;
        }
        join.finish(self.deadline)
    }

    /// Joins the positive literals not yet joined, the one with the fewest candidates under
    /// the bindings so far first (a literal whose variables are all bound is a membership test
    /// and goes at once). While `head_open`, the head has not been found bound and new.
    fn join_from(&self, rule: &Prepared, join: &mut Join, mut head_open: bool) {
        if join.prune_known && head_open && self.terms.is_bound_atom(&rule.head, &join.bindings) {
            let head = self.terms.lookup_atom(&rule.head, &join.bindings);
            let relation = self.relations.get(&rule.head.relation);
            if head.is_some_and(|head| relation.is_some_and(|r| r.contains(head))) {
                return;
            }
            head_open = false;
        }
        let mut best: Option<(usize, &[TermId])> = None;
        for (index, atom) in rule.positives.iter().enumerate().filter(|&(i, _)| !join.joined[i]) {
            if let Some(ground) = self.terms.lookup_atom(atom, &join.bindings) {
                if !self.relations.get(&atom.relation).is_some_and(|r| r.contains(ground)) {
                    return;
                }
                join.joined[index] = true;
                self.join_from(rule, join, head_open);
                join.joined[index] = false;
                return;
            }
            let relation = self.relations.get(&atom.relation);
            let candidates = relation.and_then(|r| self.candidates(r, atom, &join.bindings));
            let Some(candidates) = candidates else { return };
            if best.is_none_or(|(_, fewest)| candidates.len() < fewest.len()) {
                best = Some((index, candidates));
            }
        }
        let Some((index, candidates)) = best else {
            if rule.tests.iter().all(|test| self.passes(test, &join.bindings)) {
                join.found.push(join.bindings.clone());
            }
            return;
        };
        if join.found.len() > join.most || self.deadline.passed() {
            // One rule alone passes the bound, or the time is up: the rest of its join would
            // only cost memory and time.
            return;
        }
        let atom = &rule.positives[index];
        join.joined[index] = true;
        for &candidate in candidates {
            let mark = join.trail.len();
            if self.terms.unify_atom(atom, candidate, &mut join.bindings, &mut join.trail) {
                self.join_from(rule, join, head_open);
            }
            for variable in join.trail.drain(mark..) {
                join.bindings[variable] = None;
            }
        }
        join.joined[index] = false;
    }

    /// The atoms of `relation` that agree with the most selective bound argument of `atom` (or
    /// bound argument of a compound argument), or all of them; `None` when a bound argument is
    /// a term no atom has.
    fn candidates<'r>(
        &self,
        relation: &'r Relation,
        atom: &AtomPattern,
        bindings: &Bindings,
    ) -> Option<&'r [TermId]> {
        let mut candidates = relation.atoms.as_slice();
        let mut narrow = |place: u32, pattern: &Pattern| -> Option<()> {
            if self.terms.is_bound(pattern, bindings) {
                let agreeing = relation.with(place, self.terms.lookup(pattern, bindings)?);
                if agreeing.len() < candidates.len() {
                    candidates = agreeing;
                }
            }
            Some(())
        };
        for (outer, pattern) in atom.args.iter().enumerate() {
            narrow(place(outer, 0), pattern)?;
            if let Pattern::Function(_, inner) = pattern {
                for (index, leaf) in inner.iter().enumerate().take(255) {
                    narrow(place(outer, index + 1), leaf)?;
                }
            }
        }
        Some(candidates)
    }

    fn passes(&self, test: &Test, bindings: &Bindings) -> bool {
        match test {
            Test::Distinct(a, b) => {
                self.terms.lookup(a, bindings) != self.terms.lookup(b, bindings)
            }
            Test::Same(a, b) => self.terms.lookup(a, bindings) == self.terms.lookup(b, bindings),
            Test::Fails(atom) if self.dynamic.contains(&atom.relation) => true,
            Test::Fails(atom) => !self.terms.lookup_atom(atom, bindings).is_some_and(|ground| {
                self.relations.get(&atom.relation).is_some_and(|r| r.contains(ground))
            }),
        }
    }

    /// Appends the ground instances of the dynamic `rule`, with its static literals removed
    /// (they hold) and its negations of impossible atoms removed (they hold too).
    fn instances(&mut self, rule: &Prepared, into: &mut Vec<Instance>) -> Result<(), GdlError> {
        for bindings in self.join(rule, false)? {
            let head = self.terms.build_atom(&rule.head, &bindings);
            let mut body = Vec::new();
            for atom in rule.positives.iter().filter(|atom| self.dynamic.contains(&atom.relation)) {
                body.push((self.terms.build_atom(atom, &bindings), true));
            }
            for test in &rule.tests {
                let Test::Fails(atom) = test else { continue };
                if !self.dynamic.contains(&atom.relation) {
                    continue;
                }
                let possible = self.terms.lookup_atom(atom, &bindings).filter(|&ground| {
                    self.relations.get(&atom.relation).is_some_and(|r| r.contains(ground))
                });
                if let Some(ground) = possible {
                    body.push((ground, false));
                }
            }
            into.push(Instance { head, body });
            if into.len() > self.limits.instances {
                let limit = self.limits.instances;
                return Err(too_large("the number of ground rule instances", limit));
            }
        }
        Ok(())
    }
}
