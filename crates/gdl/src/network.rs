//! The propositional network built from the ground rules: one node per dynamic atom (an OR of
//! its rule instances), one per rule instance of two literals or more (an AND), the base
//! propositions (`true`) and the inputs (`does`) as nodes set from outside. Edges carry a
//! polarity, so a negation costs no node.
//!
//! A node is true when the number of its satisfied inputs reaches its threshold (all of them
//! for an AND, one for an OR), which is what lets [`crate::Machine`] update it in constant time
//! when one input changes. Before evaluation, nodes that only copy another are merged into it,
//! and the most tested base propositions become gates ([`crate::gates`]). The cycles of a
//! network whose ground rules are recursive over the state are recomputed whole
//! ([`crate::cycles`]).

use std::collections::{HashMap, VecDeque};

use crate::counters::{SILENT, TRUE_BIT, UNWATCHED, WATCH_NEXT};
use crate::cycles::{evaluate_all, Cycles, NOT_IN_CYCLE};
use crate::error::GdlError;
use crate::gates::{choose, Gates, NO_GATE};
use crate::ground::Grounding;
use crate::syntax::Symbols;
use crate::terms::{Node, TermId};

/// The compiled network: its nodes and edges, and where the game's propositions are in it.
#[derive(Debug, Clone)]
pub(crate) struct Network {
    /// The number of nodes.
    pub(crate) nodes: usize,
    /// The edges leaving node `n` are `edges[fanout[n]..fanout[n + 1]]`.
    pub(crate) fanout: Vec<u32>,
    /// An edge: its target's number shifted left twice, with bit 0 set for a negated input.
    pub(crate) edges: Vec<u32>,
    /// What the node's changes update: [`UNWATCHED`], a legal bit, or `WATCH_NEXT | base`.
    pub(crate) watch: Vec<u32>,
    /// The nodes' counters (see [`TRUE_BIT`]) when every base proposition and input is false.
    pub(crate) initial_counters: Vec<u32>,
    /// The node of each base proposition, by its number.
    pub(crate) bases: Vec<u32>,
    /// The node of each role's `does` for each of its moves ([`SILENT`] when nothing reads
    /// it).
    pub(crate) inputs: Vec<Vec<u32>>,
    /// The node of each role's `legal` for each of its moves.
    pub(crate) legals: Vec<Vec<u32>>,
    /// The node of each base proposition's `next`.
    pub(crate) nexts: Vec<u32>,
    pub(crate) terminal: u32,
    /// Each role's goal values (ascending) and their nodes.
    pub(crate) goals: Vec<Vec<(u32, u32)>>,
    /// The first 64-bit word of each role's legal bits.
    pub(crate) legal_offsets: Vec<usize>,
    /// The gates, and their members.
    pub(crate) gates: Gates,
    /// For a network with cycles, its cyclic components.
    pub(crate) cycles: Option<Cycles>,
    /// The base propositions (one bit each, by number) that are the base of a gate open while
    /// they hold, and of one open while they do not.
    pub(crate) positive_gates: Vec<u64>,
    pub(crate) negative_gates: Vec<u64>,
}

/// The propositions of the game, as terms, in the order of their numbers.
#[derive(Debug, Clone)]
pub(crate) struct Propositions {
    /// The base propositions (`p` of `(true p)`).
    pub(crate) bases: Vec<TermId>,
    /// Each role's moves.
    pub(crate) moves: Vec<Vec<TermId>>,
}

struct Builder {
    threshold: Vec<u32>,
    /// Each node's inputs: the source's number shifted left once, bit 0 for a negation.
    inputs: Vec<Vec<u32>>,
    atoms: HashMap<TermId, u32>,
}

impl Builder {
    fn node(&mut self, threshold: u32) -> u32 {
        self.threshold.push(threshold);
        self.inputs.push(Vec::new());
        u32::try_from(self.threshold.len() - 1).unwrap_or(u32::MAX)
    }

    fn atom(&mut self, atom: TermId) -> u32 {
        if let Some(&node) = self.atoms.get(&atom) {
            return node;
        }
        let node = self.node(1);
        self.atoms.insert(atom, node);
        node
    }

    fn edge(&mut self, from: u32, to: u32, negative: bool) {
        self.inputs[to as usize].push(from << 1 | u32::from(negative));
    }
}

/// Builds the network of `grounding`.
///
/// # Errors
///
/// [`GdlError::GoalValue`] for a goal value that is not a number from 0 to 100;
/// [`GdlError::TooLarge`] for a network past the bounds.
pub(crate) fn build(
    grounding: &Grounding,
    symbols: &Symbols,
) -> Result<(Network, Propositions), GdlError> {
    let relation = |name| symbols.get(name);
    let mut builder = Builder { threshold: Vec::new(), inputs: Vec::new(), atoms: HashMap::new() };
    let always = builder.node(0);
    let never = builder.node(1);
    // The base propositions and inputs: nodes of no input and a threshold of one, whose
    // counter is `TRUE_BIT` when set from outside and one less when not.
    let base_atoms = grounding.atoms(relation("true")).to_vec();
    let bases: Vec<u32> = base_atoms.iter().map(|&atom| builder.atom(atom)).collect();
    for &atom in grounding.atoms(relation("does")) {
        builder.atom(atom);
    }
    for instance in &grounding.instances {
        let head = builder.atom(instance.head);
        match instance.body.as_slice() {
            [] => builder.edge(always, head, false),
            [(atom, positive)] => {
                let literal = builder.atom(*atom);
                builder.edge(literal, head, !positive);
            }
            body => {
                let and = builder.node(u32::try_from(body.len()).unwrap_or(u32::MAX));
                for &(atom, positive) in body {
                    let literal = builder.atom(atom);
                    builder.edge(literal, and, !positive);
                }
                builder.edge(and, head, false);
            }
        }
    }
    let output = |builder: &Builder, atom: TermId| match builder.atoms.get(&atom) {
        Some(&node) => node,
        None if grounding.holds_statically(atom) => always,
        None => never,
    };
    let roles = &grounding.roles;
    let terms = &grounding.terms;
    let mut moves = vec![Vec::new(); roles.len()];
    let mut inputs = vec![Vec::new(); roles.len()];
    let mut legals = vec![Vec::new(); roles.len()];
    for &atom in grounding.atoms(relation("legal")) {
        let [role, action] = terms.args(atom) else { continue };
        let Some(r) = roles.iter().position(|candidate| candidate == role) else { continue };
        moves[r].push(*action);
        legals[r].push(output(&builder, atom));
        let does = relation("does")
            .and_then(|does| terms.find(&Node::Function(does, vec![*role, *action].into())));
        // A move no rule reads still gets a node of its own (which nothing reads, so it is
        // never set): sharing `never` would let setting it change every reader of `never`.
        let input = does.and_then(|does| builder.atoms.get(&does).copied());
        let input = input.unwrap_or_else(|| builder.node(1));
        inputs[r].push(input);
    }
    let nexts = base_atoms
        .iter()
        .map(|&atom| {
            let next = relation("next")
                .and_then(|next| terms.find(&Node::Function(next, terms.args(atom).into())));
            next.map_or(never, |next| output(&builder, next))
        })
        .collect();
    let terminal = relation("terminal")
        .and_then(|terminal| terms.find(&Node::Constant(terminal)))
        .map_or(never, |atom| output(&builder, atom));
    let goals = goals(grounding, symbols, |atom| output(&builder, atom))?;
    let propositions =
        Propositions { bases: base_atoms.iter().map(|&atom| terms.args(atom)[0]).collect(), moves };
    let outputs = Outputs { bases, inputs, legals, nexts, terminal, goals };
    let network = finish(builder, outputs, grounding, symbols)?;
    Ok((network, propositions))
}

/// Each role's goal values and their nodes, ascending by value.
fn goals(
    grounding: &Grounding,
    symbols: &Symbols,
    output: impl Fn(TermId) -> u32,
) -> Result<Vec<Vec<(u32, u32)>>, GdlError> {
    let terms = &grounding.terms;
    let mut goals = vec![Vec::new(); grounding.roles.len()];
    for &atom in grounding.atoms(symbols.get("goal")) {
        let [role, value] = terms.args(atom) else { continue };
        let Some(r) = grounding.roles.iter().position(|candidate| candidate == role) else {
            continue;
        };
        let text = terms.text(symbols, *value);
        let number = text.parse::<u32>().ok().filter(|&number| number <= 100).ok_or_else(|| {
            GdlError::GoalValue { role: terms.text(symbols, *role), value: text.clone() }
        })?;
        goals[r].push((number, output(atom)));
    }
    goals.iter_mut().for_each(|role| role.sort_unstable());
    Ok(goals)
}

/// Where the game's propositions are among the nodes.
struct Outputs {
    bases: Vec<u32>,
    inputs: Vec<Vec<u32>>,
    legals: Vec<Vec<u32>>,
    nexts: Vec<u32>,
    terminal: u32,
    goals: Vec<Vec<(u32, u32)>>,
}

impl Outputs {
    /// The outputs with each node renumbered by `map`.
    fn mapped(self, map: &[u32]) -> Outputs {
        let node = |node: u32| map[node as usize];
        let nodes = |nodes: Vec<u32>| nodes.into_iter().map(node).collect::<Vec<u32>>();
        Outputs {
            bases: nodes(self.bases),
            inputs: self.inputs.into_iter().map(nodes).collect(),
            legals: self.legals.into_iter().map(nodes).collect(),
            nexts: nodes(self.nexts),
            terminal: node(self.terminal),
            goals: self
                .goals
                .into_iter()
                .map(|role| role.into_iter().map(|(value, n)| (value, node(n))).collect())
                .collect(),
        }
    }
}

/// Orders the nodes, merges copies, chooses gates, lays out the edges and computes the
/// initial values (for a network with cycles, see [`finish_cyclic`]).
fn finish(
    builder: Builder,
    outputs: Outputs,
    grounding: &Grounding,
    symbols: &Symbols,
) -> Result<Network, GdlError> {
    if builder.threshold.len() >= 1 << 30 {
        return Err(GdlError::TooLarge { what: "the number of network nodes", limit: 1 << 30 });
    }
    let Some(order) = topological_order(&builder) else {
        return finish_cyclic(builder, outputs, grounding, symbols);
    };
    let (mut builder, map) = collapse(&builder, &order, &outputs);
    let outputs = outputs.mapped(&map);
    let count = builder.threshold.len();
    let mut is_base = vec![false; count];
    outputs.bases.iter().for_each(|&node| is_base[node as usize] = true);
    let mut read = vec![false; count];
    let goal_nodes = outputs.goals.iter().flatten().map(|&(_, node)| node);
    for node in goal_nodes.chain([outputs.terminal]) {
        read[node as usize] = true;
    }
    let gates = choose(&mut builder.inputs, &mut builder.threshold, &is_base, &read);
    let mut outgoing: Vec<Vec<u32>> = vec![Vec::new(); count];
    for (target, inputs) in builder.inputs.iter().enumerate() {
        for &input in inputs {
            let target = u32::try_from(target).unwrap_or(u32::MAX);
            outgoing[(input >> 1) as usize].push(target << 2 | (input & 1));
        }
    }
    let (fanout, edges) = lay_out(&outgoing);
    let initial_counters = initial_counters(&builder.threshold, &outgoing, &gates);
    // An input that nothing reads (a move no rule looks at, such as a `noop`) is never set. An
    // input with no edge may still be read: as the `next` proposition merged into it.
    let mut watched = vec![false; count];
    for &node in outputs.nexts.iter().chain(outputs.legals.iter().flatten()) {
        watched[node as usize] = true;
    }
    let silent = |node: u32| {
        let node = node as usize;
        fanout[node] == fanout[node + 1] && gates.of_base(node).is_empty() && !watched[node]
    };
    let inputs = outputs
        .inputs
        .iter()
        .map(|role| role.iter().map(|&node| if silent(node) { SILENT } else { node }).collect())
        .collect();
    let outputs = Outputs { inputs, ..outputs };
    Ok(assemble(Layout { fanout, edges, initial_counters, gates, cycles: None }, outputs))
}

/// The network of ground rules with cycles: propagated like any other, its cycles recomputed
/// whole when a member's count changes ([`crate::cycles`]). Neither merged nor gated. An edge
/// into a member of a cycle has bit 1 set, so that every change of the member's count is
/// passed on to the machine, not only a change of its value.
///
/// # Errors
///
/// [`GdlError::NegativeCycle`] when a cycle goes through a negation.
fn finish_cyclic(
    builder: Builder,
    outputs: Outputs,
    grounding: &Grounding,
    symbols: &Symbols,
) -> Result<Network, GdlError> {
    let count = builder.threshold.len();
    let cycles = match Cycles::find(&builder.inputs, &builder.threshold) {
        Ok(cycles) => cycles.unwrap_or_default(),
        Err(cycle) => {
            let relation = builder
                .atoms
                .iter()
                .filter(|&(_, node)| cycle.contains(node))
                .filter_map(|(&atom, _)| grounding.terms.functor(atom))
                .map(|relation| symbols.name(relation).to_owned())
                .min()
                .unwrap_or_default();
            return Err(GdlError::NegativeCycle { relation });
        }
    };
    let mut outside = vec![false; count];
    for &node in outputs.bases.iter().chain(outputs.inputs.iter().flatten()) {
        outside[node as usize] = true;
    }
    let mut initial_counters: Vec<u32> =
        builder.threshold.iter().map(|&threshold| TRUE_BIT.wrapping_sub(threshold)).collect();
    evaluate_all(&builder.inputs, &builder.threshold, &outside, &mut initial_counters);
    let mut outgoing: Vec<Vec<u32>> = vec![Vec::new(); count];
    for (target, inputs) in builder.inputs.iter().enumerate() {
        let member = u32::from(cycles.component_of[target] != NOT_IN_CYCLE);
        for &input in inputs {
            let target = u32::try_from(target).unwrap_or(u32::MAX);
            outgoing[(input >> 1) as usize].push(target << 2 | member << 1 | (input & 1));
        }
    }
    let (fanout, edges) = lay_out(&outgoing);
    let layout =
        Layout { fanout, edges, initial_counters, gates: Gates::none(count), cycles: Some(cycles) };
    Ok(assemble(layout, outputs))
}

/// The edges laid out one node after the other: node `n`'s are `edges[fanout[n]..fanout[n + 1]]`.
fn lay_out(outgoing: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
    let mut fanout = Vec::with_capacity(outgoing.len() + 1);
    let mut edges = Vec::new();
    for targets in outgoing {
        fanout.push(u32::try_from(edges.len()).unwrap_or(u32::MAX));
        edges.extend_from_slice(targets);
    }
    fanout.push(u32::try_from(edges.len()).unwrap_or(u32::MAX));
    (fanout, edges)
}

/// How the nodes are laid out for evaluation.
struct Layout {
    fanout: Vec<u32>,
    edges: Vec<u32>,
    initial_counters: Vec<u32>,
    gates: Gates,
    cycles: Option<Cycles>,
}

/// The network: the layout, and the outputs with their watches.
fn assemble(layout: Layout, outputs: Outputs) -> Network {
    let Outputs { bases, inputs, legals, nexts, terminal, goals } = outputs;
    let count = layout.initial_counters.len();
    let mut watch = vec![UNWATCHED; count];
    let mut legal_offsets = Vec::with_capacity(legals.len());
    let mut words = 0;
    for role in &legals {
        legal_offsets.push(words);
        for (index, &node) in role.iter().enumerate() {
            watch[node as usize] = u32::try_from(words * 64 + index).unwrap_or(UNWATCHED);
        }
        words += role.len().div_ceil(64);
    }
    for (base, &node) in nexts.iter().enumerate() {
        watch[node as usize] = WATCH_NEXT | u32::try_from(base).unwrap_or(0);
    }
    let Layout { fanout, edges, initial_counters, gates, cycles } = layout;
    let mut positive_gates = vec![0u64; bases.len().div_ceil(64)];
    let mut negative_gates = positive_gates.clone();
    for (base, &node) in bases.iter().enumerate() {
        for &gate in gates.of_base(node as usize) {
            let kind = if gates.negated[gate as usize] {
                &mut negative_gates
            } else {
                &mut positive_gates
            };
            kind[base / 64] |= 1 << (base % 64);
        }
    }
    Network {
        nodes: count,
        fanout,
        edges,
        watch,
        initial_counters,
        bases,
        inputs,
        legals,
        nexts,
        terminal,
        goals,
        legal_offsets,
        gates,
        cycles,
        positive_gates,
        negative_gates,
    }
}

/// The counters when every base proposition and input is false: the nodes evaluated in their
/// numbering, which is topological. A member's value is its inner value while its gate is
/// open, and a gate is open at first when it is negated (its base proposition is false).
fn initial_counters(thresholds: &[u32], outgoing: &[Vec<u32>], gates: &Gates) -> Vec<u32> {
    let mut counters: Vec<u32> =
        thresholds.iter().map(|&threshold| TRUE_BIT.wrapping_sub(threshold)).collect();
    for node in 0..counters.len() {
        let inner = counters[node] & TRUE_BIT != 0;
        let gate = gates.gate_of[node];
        let value = inner && (gate == NO_GATE || gates.negated[gate as usize]);
        for &edge in &outgoing[node] {
            if value != (edge & 1 == 1) {
                counters[(edge >> 2) as usize] += 1;
            }
        }
    }
    counters
}

/// Merges each node that only copies another (an OR of one input) into that input, negated
/// or not, and renumbers the rest in `order`; returns the new network and, for each old node,
/// the new node with its value. A node whose value is read stays unless it copies without
/// negation, and two watched nodes never merge (a node has one watch).
fn collapse(builder: &Builder, order: &[u32], outputs: &Outputs) -> (Builder, Vec<u32>) {
    let count = builder.threshold.len();
    let mut watched = vec![false; count];
    let mut read = vec![false; count];
    for &node in outputs.legals.iter().flatten().chain(&outputs.nexts) {
        watched[node as usize] = true;
    }
    let goal_nodes = outputs.goals.iter().flatten().map(|&(_, node)| node);
    let set_outside = outputs.bases.iter().chain(outputs.inputs.iter().flatten()).copied();
    for node in goal_nodes.chain(set_outside).chain([outputs.terminal]) {
        read[node as usize] = true;
    }
    // Each node's representative and whether it is negated.
    let mut root: Vec<(u32, bool)> =
        (0..count).map(|node| (u32::try_from(node).unwrap_or(u32::MAX), false)).collect();
    for &node in order {
        let node = node as usize;
        let [input] = builder.inputs[node].as_slice() else { continue };
        if builder.threshold[node] != 1 {
            continue;
        }
        let (source, negated) = root[(*input >> 1) as usize];
        let negated = negated ^ (input & 1 == 1);
        let source = source as usize;
        let allowed = if negated {
            !read[node] && !watched[node]
        } else {
            !(watched[node] && watched[source])
        };
        if allowed {
            root[node] = (root[source].0, negated);
            watched[source] |= watched[node];
            read[source] |= read[node];
        }
    }
    let mut renumbered = vec![u32::MAX; count];
    let mut collapsed =
        Builder { threshold: Vec::new(), inputs: Vec::new(), atoms: HashMap::new() };
    for &node in order {
        if root[node as usize].0 == node {
            renumbered[node as usize] = collapsed.node(builder.threshold[node as usize]);
        }
    }
    for &node in order {
        let target = renumbered[node as usize];
        if target == u32::MAX {
            continue;
        }
        for &input in &builder.inputs[node as usize] {
            let (source, negated) = root[(input >> 1) as usize];
            let negated = negated ^ (input & 1 == 1);
            collapsed.edge(renumbered[source as usize], target, negated);
        }
    }
    let map = root.iter().map(|&(source, _)| renumbered[source as usize]).collect();
    (collapsed, map)
}

/// The nodes in an order where each comes after its inputs (Kahn's algorithm); `None` when
/// the ground rules have a cycle.
fn topological_order(builder: &Builder) -> Option<Vec<u32>> {
    let mut outgoing: Vec<Vec<u32>> = vec![Vec::new(); builder.threshold.len()];
    for (target, inputs) in builder.inputs.iter().enumerate() {
        for &input in inputs {
            outgoing[(input >> 1) as usize].push(u32::try_from(target).unwrap_or(u32::MAX));
        }
    }
    let mut waiting: Vec<usize> = builder.inputs.iter().map(Vec::len).collect();
    let mut ready: VecDeque<u32> = (0..waiting.len())
        .filter(|&node| waiting[node] == 0)
        .map(|node| u32::try_from(node).unwrap_or(u32::MAX))
        .collect();
    let mut order = Vec::with_capacity(waiting.len());
    while let Some(node) = ready.pop_front() {
        order.push(node);
        for &target in &outgoing[node as usize] {
            waiting[target as usize] -= 1;
            if waiting[target as usize] == 0 {
                ready.push_back(target);
            }
        }
    }
    (order.len() == waiting.len()).then_some(order)
}
