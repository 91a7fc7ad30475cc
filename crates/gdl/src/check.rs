//! The checks a description must pass to be GDL (Love et al., "General Game Playing: Game
//! Description Language Specification", §3–4): one arity per relation, reserved relations in
//! their places, safe rules, stratified negation, and the dependency restrictions on `does`
//! and `init`.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

use crate::error::GdlError;
use crate::syntax::{Atom, Description, Flat, FlatRule, Position, Symbol};

/// One dependency of a relation on another, through a rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) to: Symbol,
    pub(crate) negative: bool,
    pub(crate) at: Position,
}

/// Runs every check on `description`, whose flattened rules are `rules`.
///
/// # Errors
///
/// The first violation found, as its named [`GdlError`].
pub fn check(description: &Description, rules: &[FlatRule]) -> Result<(), GdlError> {
    check_arities(description, rules)?;
    check_places(description, rules)?;
    for rule in rules {
        check_safety(description, rule)?;
    }
    let graph = dependency_graph(rules);
    check_stratified(description, &graph, &dynamic_relations(description, rules))?;
    check_restrictions(description, &graph)
}

fn name(description: &Description, symbol: Symbol) -> String {
    description.symbols.name(symbol).to_owned()
}

/// Every relation is used with one number of arguments.
fn check_arities(description: &Description, rules: &[FlatRule]) -> Result<(), GdlError> {
    let mut arities: HashMap<Symbol, usize> = HashMap::new();
    for rule in rules {
        let atoms =
            std::iter::once(&rule.head).chain(rule.body.iter().filter_map(|flat| match flat {
                Flat::Holds(atom) | Flat::Fails(atom) => Some(atom),
                Flat::Distinct(..) | Flat::Same(..) => None,
            }));
        for atom in atoms {
            let expected = *arities.entry(atom.relation).or_insert(atom.args.len());
            if expected != atom.args.len() {
                return Err(GdlError::ArityMismatch {
                    relation: name(description, atom.relation),
                    expected,
                    found: atom.args.len(),
                    at: rule.position,
                });
            }
        }
    }
    Ok(())
}

/// Reserved relations stand where GDL allows them.
fn check_places(description: &Description, rules: &[FlatRule]) -> Result<(), GdlError> {
    for rule in rules {
        let head = description.symbols.name(rule.head.relation);
        if matches!(head, "true" | "does" | "distinct" | "not" | "or") {
            return Err(GdlError::ReservedHead { relation: head.to_owned(), at: rule.position });
        }
        if head == "role" && (!rule.body.is_empty() || has_variables(&rule.head)) {
            return Err(GdlError::RoleNotFact { at: rule.position });
        }
        for flat in &rule.body {
            if let Flat::Holds(atom) | Flat::Fails(atom) = flat {
                let relation = description.symbols.name(atom.relation);
                if matches!(relation, "init" | "next") {
                    return Err(GdlError::HeadOnlyInBody {
                        relation: relation.to_owned(),
                        at: rule.position,
                    });
                }
            }
        }
    }
    Ok(())
}

fn has_variables(atom: &Atom) -> bool {
    let mut variables = Vec::new();
    atom.variables(&mut variables);
    !variables.is_empty()
}

/// Every variable of the head, of a negation or of a (`not`) `distinct` appears in a positive
/// literal of the body.
fn check_safety(description: &Description, rule: &FlatRule) -> Result<(), GdlError> {
    let mut bound = Vec::new();
    let mut needed = Vec::new();
    rule.head.variables(&mut needed);
    for flat in &rule.body {
        match flat {
            Flat::Holds(atom) => atom.variables(&mut bound),
            Flat::Fails(atom) => atom.variables(&mut needed),
            Flat::Distinct(a, b) | Flat::Same(a, b) => {
                a.variables(&mut needed);
                b.variables(&mut needed);
            }
        }
    }
    match needed.iter().find(|variable| !bound.contains(variable)) {
        Some(&variable) => Err(GdlError::UnsafeVariable {
            variable: name(description, variable),
            at: rule.position,
        }),
        None => Ok(()),
    }
}

/// For each relation, the relations its rules' bodies use.
pub(crate) fn dependency_graph(rules: &[FlatRule]) -> HashMap<Symbol, Vec<Edge>> {
    let mut graph: HashMap<Symbol, Vec<Edge>> = HashMap::new();
    for rule in rules {
        let edges = graph.entry(rule.head.relation).or_default();
        for flat in &rule.body {
            if let Flat::Holds(atom) | Flat::Fails(atom) = flat {
                let negative = matches!(flat, Flat::Fails(_));
                edges.push(Edge { to: atom.relation, negative, at: rule.position });
            }
        }
    }
    graph
}

/// No relation depends on itself through a negation: no negative edge inside a strongly
/// connected component of the dependency graph.
///
/// Except among `dynamic` relations (those that depend on the state), where the check is left
/// to the ground rules: some published games, such as ggp-repository's `hex`, write
/// `(<= (goal ?r 0) (role ?r) (not (goal ?r 100)))`, a relation through its own negation but
/// no ground atom through its own. The network refuses a ground cycle through a negation
/// ([`GdlError::NegativeCycle`]); static relations, computed exactly during grounding stratum
/// by stratum, must be stratified here.
fn check_stratified(
    description: &Description,
    graph: &HashMap<Symbol, Vec<Edge>>,
    dynamic: &HashSet<Symbol>,
) -> Result<(), GdlError> {
    let components = strongly_connected(graph);
    for (&from, edges) in graph {
        for edge in edges {
            let same = components.get(&from) == components.get(&edge.to);
            if edge.negative && same && !dynamic.contains(&from) {
                return Err(GdlError::Unstratified {
                    relation: name(description, from),
                    at: edge.at,
                });
            }
        }
    }
    Ok(())
}

/// The relations that depend on `true` or `does`, themselves included.
pub(crate) fn dynamic_relations(description: &Description, rules: &[FlatRule]) -> HashSet<Symbol> {
    let graph = dependency_graph(rules);
    let mut dynamic: HashSet<Symbol> =
        ["true", "does"].iter().filter_map(|name| description.symbols.get(name)).collect();
    loop {
        let before = dynamic.len();
        for (&head, edges) in &graph {
            if edges.iter().any(|edge| dynamic.contains(&edge.to)) {
                dynamic.insert(head);
            }
        }
        if dynamic.len() == before {
            return dynamic;
        }
    }
}

/// The component number of each relation with rules (Tarjan's algorithm, iterative).
pub(crate) fn strongly_connected(graph: &HashMap<Symbol, Vec<Edge>>) -> HashMap<Symbol, usize> {
    struct Visit {
        index: usize,
        low: usize,
        on_stack: bool,
    }
    let mut visits: HashMap<Symbol, Visit> = HashMap::new();
    let mut stack = Vec::new();
    let mut components = HashMap::new();
    let mut roots: Vec<Symbol> = graph.keys().copied().collect();
    roots.sort();
    for root in roots {
        if visits.contains_key(&root) {
            continue;
        }
        // Each frame: a node and how many of its edges have been followed.
        let mut frames = vec![(root, 0usize)];
        let next_index = visits.len();
        visits.insert(root, Visit { index: next_index, low: next_index, on_stack: true });
        stack.push(root);
        while let Some(&mut (node, ref mut followed)) = frames.last_mut() {
            let edges = graph.get(&node).map_or(&[][..], Vec::as_slice);
            if let Some(edge) = edges.get(*followed) {
                *followed += 1;
                match visits.get(&edge.to) {
                    None => {
                        let index = visits.len();
                        visits.insert(edge.to, Visit { index, low: index, on_stack: true });
                        stack.push(edge.to);
                        frames.push((edge.to, 0));
                    }
                    Some(visit) if visit.on_stack => {
                        let index = visit.index;
                        if let Some(current) = visits.get_mut(&node) {
                            current.low = current.low.min(index);
                        }
                    }
                    Some(_) => {}
                }
                continue;
            }
            frames.pop();
            let (index, low) = visits.get(&node).map_or((0, 0), |visit| (visit.index, visit.low));
            if let Some(&(parent, _)) = frames.last() {
                if let Some(visit) = visits.get_mut(&parent) {
                    visit.low = visit.low.min(low);
                }
            }
            if index == low {
                let component = components.len();
                while let Some(member) = stack.pop() {
                    if let Some(visit) = visits.get_mut(&member) {
                        visit.on_stack = false;
                    }
                    components.insert(member, component);
                    if member == node {
                        break;
                    }
                }
            }
        }
    }
    components
}

/// The relations `start` depends on, each with the rule through which it was first reached.
fn reachable(graph: &HashMap<Symbol, Vec<Edge>>, start: Symbol) -> HashMap<Symbol, Position> {
    let mut reached = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(relation) = queue.pop_front() {
        for edge in graph.get(&relation).map_or(&[][..], Vec::as_slice) {
            if let Entry::Vacant(entry) = reached.entry(edge.to) {
                entry.insert(edge.at);
                queue.push_back(edge.to);
            }
        }
    }
    reached
}

/// `legal`, `goal`, `terminal` and `init` do not depend on `does`; `init` depends on nothing
/// about the state.
fn check_restrictions(
    description: &Description,
    graph: &HashMap<Symbol, Vec<Edge>>,
) -> Result<(), GdlError> {
    let symbols = &description.symbols;
    let Some(does) = symbols.get("does") else {
        return check_init(description, graph);
    };
    for relation in ["legal", "goal", "terminal", "init"] {
        let Some(symbol) = symbols.get(relation) else { continue };
        if let Some(&at) = reachable(graph, symbol).get(&does) {
            return Err(GdlError::DependsOnDoes { relation: relation.to_owned(), at });
        }
    }
    check_init(description, graph)
}

fn check_init(
    description: &Description,
    graph: &HashMap<Symbol, Vec<Edge>>,
) -> Result<(), GdlError> {
    let symbols = &description.symbols;
    let Some(init) = symbols.get("init") else { return Ok(()) };
    let reached = reachable(graph, init);
    for dependency in ["true", "legal", "goal", "terminal"] {
        let Some(symbol) = symbols.get(dependency) else { continue };
        if let Some(&at) = reached.get(&symbol) {
            return Err(GdlError::InitDependsOnState { dependency: dependency.to_owned(), at });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    fn checked(text: &str) -> Result<(), GdlError> {
        let description = parse(text)?;
        check(&description, &description.flatten())
    }

    #[test]
    fn each_violation_has_its_error() {
        let unsafe_head = "(role a) (<= (p ?x) (q ?y))";
        assert!(matches!(checked(unsafe_head), Err(GdlError::UnsafeVariable { .. })));
        let unsafe_not = "(role a) (q 1) (<= (p ?x) (q ?x) (not (r ?y)))";
        assert!(matches!(checked(unsafe_not), Err(GdlError::UnsafeVariable { .. })));
        let unstratified = "(role a) (<= p (not q)) (<= q p)";
        // Over the state, the check is the ground rules' (see the network's tests).
        let dynamic_ok = "(role a) (init x) (<= (g 0) (true x) (not (g 1))) (<= (g 1) (true y))";
        assert_eq!(checked(dynamic_ok), Ok(()));
        assert!(matches!(checked(unstratified), Err(GdlError::Unstratified { .. })));
        let does_in_legal = "(role a) (<= (legal a x) (does a x))";
        assert!(matches!(checked(does_in_legal), Err(GdlError::DependsOnDoes { .. })));
        let init_on_true = "(role a) (<= (init p) (true p))";
        assert!(matches!(checked(init_on_true), Err(GdlError::InitDependsOnState { .. })));
        let true_head = "(role a) (<= (true p) (role a))";
        assert!(matches!(checked(true_head), Err(GdlError::ReservedHead { .. })));
        let next_body = "(role a) (<= p (next q))";
        assert!(matches!(checked(next_body), Err(GdlError::HeadOnlyInBody { .. })));
        let role_rule = "(<= (role a) (q 1))";
        assert!(matches!(checked(role_rule), Err(GdlError::RoleNotFact { .. })));
        let arity = "(role a) (q 1) (<= p (q 1 2))";
        assert!(matches!(checked(arity), Err(GdlError::ArityMismatch { .. })));
    }

    #[test]
    fn positive_recursion_and_negation_of_lower_strata_pass() {
        let text = "(role a) (e 1 2) (e 2 3) (<= (path ?x ?y) (e ?x ?y)) \
                    (<= (path ?x ?z) (e ?x ?y) (path ?y ?z)) \
                    (<= (far ?x ?y) (path ?x ?y) (not (e ?x ?y)) (or (distinct ?x 3) (e ?x ?y)))";
        assert_eq!(checked(text), Ok(()));
    }
}
