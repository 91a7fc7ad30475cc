//! The evaluation of the network: a state loaded into it, queried, and moved on.
//!
//! Each node keeps the number of its satisfied inputs. When a node changes, each node it feeds
//! gains or loses one satisfied input and is compared with its threshold; only a change goes
//! further. Consecutive states of a game differ in a few base propositions, so a step costs
//! work in proportion to what changes, not to the size of the network (the counting
//! propagation of Sancho's propositional networks, in its simplest form). The outputs keep
//! their own bitsets up to date as they change: each role's legal moves and the next state.
//! Gates ([`crate::gates`]) are opened and closed as their base propositions change, and the
//! cycles of a network with cycles are recomputed whole ([`crate::cycles`]).

use std::ops::Deref;
use std::sync::Arc;

use crate::counters::{SILENT, TRUE_BIT, UNWATCHED, WATCH_NEXT};
use crate::cycles::{Cycles, NOT_IN_CYCLE};
use crate::error::GdlError;
use crate::game::{Game, Move, State};
use crate::gates::NO_GATE;

impl Game {
    /// A reasoner holding the initial state.
    #[must_use]
    pub fn machine(&self) -> Machine<'_> {
        Machine::new(self)
    }
}

/// The game a machine reasons over: borrowed, or shared with its other owners (a machine that
/// lives apart from the game's owner, such as one kept by a thread for the positions of a
/// game loaded at run time).
#[derive(Debug, Clone)]
enum Held<'g> {
    Borrowed(&'g Game),
    Shared(Arc<Game>),
}

impl Deref for Held<'_> {
    type Target = Game;

    fn deref(&self) -> &Game {
        match self {
            Held::Borrowed(game) => game,
            Held::Shared(game) => game,
        }
    }
}

/// A reasoner over one [`Game`]: holds a state and answers for it. Cheap to create; make one per
/// thread.
#[derive(Debug, Clone)]
pub struct Machine<'g> {
    game: Held<'g>,
    /// Each node's counter: its value is the top bit ([`TRUE_BIT`]).
    counters: Vec<u32>,
    /// Each role's legal moves, one bit per move, from the word `legal_offsets[role]`.
    legal: Vec<u64>,
    /// The next state, for the joint move set on the inputs.
    next: Vec<u64>,
    /// The next state of the last joint move computed.
    scratch: Vec<u64>,
    state: State,
    /// Changed nodes to propagate: the node's number shifted left twice, bit 1 set when the
    /// change comes from the node's gate or from the recomputation of its cycle, and its new
    /// value in bit 0. Only its first entries, up to a count kept apart, are live.
    stack: Vec<u32>,
    /// Whether each gate is open.
    open: Vec<bool>,
    /// Each gate's members whose inner value is true, one bit each, from `active_offsets`.
    active: Vec<u64>,
    active_offsets: Vec<usize>,
    /// For a network with cycles: the value of each member of a cycle (its counter's top bit
    /// does not say it), which cycles are marked for recomputation (as flags and as a list),
    /// and the members a recomputation changed.
    member_value: Vec<bool>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    changed: Vec<u32>,
    /// The changes of a state being loaded, in three passes of `state`'s size (see `load`).
    passes: Vec<u64>,
    /// The cycle last recomputed in the propagation under way.
    floor: Option<u32>,
}

impl<'g> Machine<'g> {
    /// A machine holding the game's initial state.
    #[must_use]
    pub fn new(game: &'g Game) -> Self {
        Machine::holding(Held::Borrowed(game))
    }

    fn holding(game: Held<'g>) -> Self {
        let network = &game.network;
        let state_words = game.bases.len().div_ceil(64);
        let legal_words: usize = network.legals.iter().map(|role| role.len().div_ceil(64)).sum();
        let (active_offsets, active_words) = network.gates.bitset_offsets();
        let mut machine = Machine {
            game: game.clone(),
            counters: network.initial_counters.clone(),
            legal: vec![0; legal_words],
            next: vec![0; state_words],
            scratch: vec![0; state_words],
            state: State { words: vec![0; state_words].into() },
            stack: vec![0; 64],
            open: network.gates.negated.clone(),
            active: vec![0; active_words],
            active_offsets,
            member_value: Vec::new(),
            dirty: vec![false; network.cycles.as_ref().map_or(0, Cycles::len)],
            dirty_list: Vec::new(),
            changed: Vec::new(),
            passes: vec![0; 3 * state_words],
            floor: None,
        };
        for (gate, members) in network.gates.members.iter().enumerate() {
            for (index, &member) in members.iter().enumerate() {
                if machine.counters[member as usize] & TRUE_BIT != 0 {
                    machine.active[machine.active_offsets[gate] + index / 64] |= 1 << (index % 64);
                }
            }
        }
        if let Some(cycles) = &network.cycles {
            machine.member_value = machine
                .counters
                .iter()
                .zip(&cycles.component_of)
                .map(|(&counter, &component)| component != NOT_IN_CYCLE && counter & TRUE_BIT != 0)
                .collect();
        }
        machine.refresh_outputs();
        machine.load(&game.initial.words);
        machine
    }

    /// A machine holding the initial state of a game shared with others, which it keeps
    /// alive: one that lives apart from the game's owner.
    #[must_use]
    pub fn shared(game: Arc<Game>) -> Machine<'static> {
        Machine::holding(Held::Shared(game))
    }

    /// Recomputes the legal and next bits from the nodes' values.
    fn refresh_outputs(&mut self) {
        let network = &self.game.network;
        self.legal.fill(0);
        self.next.fill(0);
        for (role, nodes) in network.legals.iter().enumerate() {
            for (index, &node) in nodes.iter().enumerate() {
                if self.value(node) {
                    self.legal[network.legal_offsets[role] + index / 64] |= 1 << (index % 64);
                }
            }
        }
        for (base, &node) in network.nexts.iter().enumerate() {
            if self.value(node) {
                self.next[base / 64] |= 1 << (base % 64);
            }
        }
    }

    /// The state held.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Holds `state` from now on (the work is in proportion to how much it differs from the
    /// state held).
    ///
    /// # Errors
    ///
    /// [`GdlError::ForeignState`] for a state of another game.
    pub fn set_state(&mut self, state: &State) -> Result<(), GdlError> {
        if state.words.len() != self.state.words.len() {
            return Err(GdlError::ForeignState {
                expected: self.state.words.len(),
                found: state.words.len(),
            });
        }
        self.load(&state.words);
        Ok(())
    }

    /// `true` when the state held is terminal.
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        self.value(self.game.network.terminal)
    }

    /// The goal value of `role` in the state held: the smallest of the values whose `goal`
    /// holds, `None` when none does (or for a role the game does not have). GDL asks exactly
    /// one to hold in a terminal state.
    #[must_use]
    pub fn goal(&self, role: usize) -> Option<u32> {
        self.goal_values(role).next()
    }

    /// Every goal value of `role` that holds in the state held, ascending.
    pub fn goal_values(&self, role: usize) -> impl Iterator<Item = u32> + '_ {
        let goals = self.game.network.goals.get(role).map_or(&[][..], Vec::as_slice);
        goals.iter().filter(|&&(_, node)| self.value(node)).map(|&(value, _)| value)
    }

    fn legal_words(&self, role: usize) -> &[u64] {
        let network = &self.game.network;
        let Some(&start) = network.legal_offsets.get(role) else { return &[] };
        let end = start + network.legals[role].len().div_ceil(64);
        &self.legal[start..end]
    }

    /// The legal moves of `role` in the state held, in the order of [`Game::moves`].
    pub fn legal_moves(&self, role: usize) -> impl Iterator<Item = Move> + '_ {
        self.legal_words(role).iter().enumerate().flat_map(|(word, &bits)| {
            BitIter(bits).map(move |bit| Move(u32::try_from(word * 64 + bit).unwrap_or(u32::MAX)))
        })
    }

    /// How many legal moves `role` has in the state held.
    #[must_use]
    pub fn legal_count(&self, role: usize) -> usize {
        self.legal_words(role).iter().map(|bits| bits.count_ones() as usize).sum()
    }

    /// The `n`th legal move of `role` (from 0, in the order of [`Machine::legal_moves`]).
    #[must_use]
    pub fn nth_legal(&self, role: usize, mut n: usize) -> Option<Move> {
        for (word, &bits) in self.legal_words(role).iter().enumerate() {
            let ones = bits.count_ones() as usize;
            if n < ones {
                let bit = BitIter(bits).nth(n)?;
                return Some(Move(u32::try_from(word * 64 + bit).ok()?));
            }
            n -= ones;
        }
        None
    }

    /// `true` when `mv` is a legal move of `role` in the state held.
    #[must_use]
    pub fn is_legal(&self, role: usize, mv: Move) -> bool {
        let index = mv.0 as usize;
        self.legal_words(role).get(index / 64).is_some_and(|bits| bits >> (index % 64) & 1 == 1)
    }

    /// The state that follows the state held when the roles play `joint` (one move per role,
    /// in the order of [`Game::roles`]). The state held does not change.
    ///
    /// # Errors
    ///
    /// [`GdlError::JointMoveSize`] or [`GdlError::IllegalMove`] for a joint move that cannot be
    /// played here.
    pub fn next_state(&mut self, joint: &[Move]) -> Result<State, GdlError> {
        self.compute_next(joint)?;
        self.set_inputs(joint, false);
        Ok(State { words: self.scratch.clone().into() })
    }

    /// Plays `joint` (one move per role): the state held becomes the next one.
    ///
    /// # Errors
    ///
    /// As [`Machine::next_state`]; the state held is then unchanged.
    pub fn play(&mut self, joint: &[Move]) -> Result<(), GdlError> {
        self.compute_next(joint)?;
        // The new state goes in before the inputs are cleared: a cell that the move empties
        // then changes once, not three times (emptied by the input, filled again when it is
        // cleared, emptied by the new state).
        let next = std::mem::take(&mut self.scratch);
        self.load(&next);
        self.scratch = next;
        self.set_inputs(joint, false);
        Ok(())
    }

    /// Sets the inputs of `joint` (checked) and copies the next state into `self.scratch`; the
    /// inputs stay set.
    fn compute_next(&mut self, joint: &[Move]) -> Result<(), GdlError> {
        let network = &self.game.network;
        if joint.len() != network.inputs.len() {
            return Err(GdlError::JointMoveSize {
                expected: network.inputs.len(),
                found: joint.len(),
            });
        }
        for (role, &mv) in joint.iter().enumerate() {
            if !self.is_legal(role, mv) {
                return Err(GdlError::IllegalMove {
                    role: self.game.roles[role].clone(),
                    text: self.game.move_text(role, mv).unwrap_or("?").to_owned(),
                });
            }
        }
        self.set_inputs(joint, true);
        self.scratch.copy_from_slice(&self.next);
        Ok(())
    }

    /// Sets or clears the inputs of the moves of `joint`.
    fn set_inputs(&mut self, joint: &[Move], value: bool) {
        for (role, &mv) in joint.iter().enumerate() {
            let node = self.game.network.inputs[role][mv.0 as usize];
            if node != SILENT {
                self.set_node(node, value);
            }
        }
    }

    /// Sets the base propositions to `words`.
    fn load(&mut self, words: &[u64]) {
        // Gates that close go first and gates that open go last: a member whose other inputs
        // change meanwhile then passes nothing on, and an opening gate visits only the members
        // that hold in the end.
        let (positive, negative) =
            (&self.game.network.positive_gates, &self.game.network.negative_gates);
        let count = words.len();
        if count == 0 {
            return;
        }
        let mut passes = std::mem::take(&mut self.passes);
        for (word, &target) in words.iter().enumerate() {
            let changed = self.state.words[word] ^ target;
            let gates = positive[word] | negative[word];
            let closing = changed & ((!target & positive[word]) | (target & negative[word]));
            passes[word] = closing;
            passes[count + word] = changed & !gates;
            passes[2 * count + word] = changed & gates & !closing;
        }
        for pass in passes.chunks(count) {
            for (word, &target) in words.iter().enumerate() {
                let mut changed = pass[word];
                while changed != 0 {
                    let bit = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    let node = self.game.network.bases[word * 64 + bit];
                    self.set_node(node, target >> bit & 1 == 1);
                }
            }
        }
        self.passes = passes;
        self.state.words.copy_from_slice(words);
    }

    /// A node's value: its counter's top bit, and for a gate's member, its gate open too.
    fn value(&self, node: u32) -> bool {
        if let Some(cycles) = &self.game.network.cycles {
            if cycles.component_of[node as usize] != NOT_IN_CYCLE {
                return self.member_value[node as usize];
            }
        }
        let inner = self.counters[node as usize] & TRUE_BIT != 0;
        let gate = self.game.network.gates.gate_of[node as usize];
        inner && (gate == NO_GATE || self.open[gate as usize])
    }

    /// Gives a node set from outside (a base proposition or an input) its value, opens or
    /// closes the gates it is the base of (every count is settled here, so each gate's set of
    /// true members is exact), and propagates the changes.
    fn set_node(&mut self, node: u32, value: bool) {
        if self.value(node) == value {
            return;
        }
        self.counters[node as usize] = if value { TRUE_BIT } else { TRUE_BIT - 1 };
        self.stack[0] = node << 2 | u32::from(value);
        let mut top = 1;
        let gates = &self.game.network.gates;
        for &gate in gates.of_base(node as usize) {
            let open = value != gates.negated[gate as usize];
            self.open[gate as usize] = open;
            let members = &gates.members[gate as usize];
            let start = self.active_offsets[gate as usize];
            let words = &self.active[start..start + members.len().div_ceil(64)];
            for (word, &bits) in words.iter().enumerate() {
                for bit in BitIter(bits) {
                    if self.stack.len() <= top {
                        self.stack.resize(2 * top + 64, 0);
                    }
                    self.stack[top] = members[word * 64 + bit] << 2 | 2 | u32::from(open);
                    top += 1;
                }
            }
        }
        if self.game.network.cycles.is_some() {
            self.propagate_with_cycles(top);
        } else {
            self.propagate::<false>(top);
        }
    }

    /// [`Machine::propagate`], then the cycles marked meanwhile, lowest in the topological
    /// order first, each recomputed and its changes propagated, until none is marked. A cycle
    /// recomputed is not marked again by its own changes: only those lower could affect it,
    /// and they are done.
    fn propagate_with_cycles(&mut self, top: usize) {
        let mut top = self.propagate::<true>(top);
        while let Some(position) = (0..self.dirty_list.len()).min_by_key(|&i| self.dirty_list[i]) {
            let Some(cycles) = &self.game.network.cycles else { return };
            let component = self.dirty_list.swap_remove(position);
            self.dirty[component as usize] = false;
            self.floor = Some(component);
            let mut changed = std::mem::take(&mut self.changed);
            cycles.recompute(
                component as usize,
                &self.counters,
                &mut self.member_value,
                &mut changed,
            );
            if self.stack.len() < top + changed.len() {
                self.stack.resize(2 * (top + changed.len()) + 64, 0);
            }
            for node in changed.drain(..) {
                let value = self.member_value[node as usize];
                self.stack[top] = node << 2 | 2 | u32::from(value);
                top += 1;
            }
            self.changed = changed;
            top = self.propagate::<true>(top);
        }
        self.floor = None;
    }

    /// Passes on the `top` changes at the bottom of the stack, and those they cause. The inner
    /// loop has no branch: each target's counter moves by one, and the target is written on
    /// the stack always but kept only when its value changed. A member's change of inner
    /// value is recorded in its gate's set, and goes further only while the gate is open.
    fn propagate<const CYCLES: bool>(&mut self, mut top: usize) -> usize {
        // Slices held apart from `self`, so that the compiler keeps their addresses in
        // registers through the stores of the loop.
        let network = &self.game.network;
        let (all_edges, fanout, watches) =
            (&network.edges[..], &network.fanout[..], &network.watch[..]);
        let (gate_of, member_index) = (&network.gates.gate_of[..], &network.gates.member_index);
        let counters = &mut self.counters[..];
        let stack = &mut self.stack;
        while top > 0 {
            top -= 1;
            let entry = stack[top];
            let node = (entry >> 2) as usize;
            let value = entry & 1;
            if CYCLES && entry & 2 == 0 {
                if let Some(cycles) = &network.cycles {
                    let component = cycles.component_of[node];
                    if component != NOT_IN_CYCLE {
                        // A member's count changed: its cycle is recomputed once the
                        // propagation has run dry.
                        if self.floor.is_none_or(|floor| component > floor)
                            && !self.dirty[component as usize]
                        {
                            self.dirty[component as usize] = true;
                            self.dirty_list.push(component);
                        }
                        continue;
                    }
                }
            }
            let gate = gate_of[node];
            if gate != NO_GATE && entry & 2 == 0 {
                let index = member_index[node] as usize;
                self.active[self.active_offsets[gate as usize] + index / 64] ^= 1 << (index % 64);
                if !self.open[gate as usize] {
                    continue;
                }
            }
            let watch = watches[node];
            if watch != UNWATCHED {
                flip(&mut self.legal, &mut self.next, watch);
            }
            let edges = &all_edges[fanout[node] as usize..fanout[node + 1] as usize];
            if stack.len() < top + edges.len() {
                stack.resize(2 * (top + edges.len()), 0);
            }
            let buffer = &mut stack[..];
            for &edge in edges {
                let target = (edge >> 2) as usize;
                // +1 when the input is now satisfied (true on a positive edge, false on a
                // negated one), -1 when it no longer is.
                let delta = ((value ^ (edge & 1)) << 1).wrapping_sub(1);
                let before = counters[target];
                let after = before.wrapping_add(delta);
                counters[target] = after;
                buffer[top] = (edge & !3) | (after >> 31);
                // Bit 1 of an edge marks a member of a cycle: every change of its count counts.
                let member = if CYCLES { edge >> 1 & 1 } else { 0 };
                top += (((before ^ after) >> 31) | member) as usize;
            }
        }
        top
    }
}

/// Flips the output bit a watch names.
fn flip(legal: &mut [u64], next: &mut [u64], watch: u32) {
    if watch & WATCH_NEXT != 0 {
        let base = (watch & !WATCH_NEXT) as usize;
        next[base / 64] ^= 1 << (base % 64);
    } else {
        let bit = watch as usize;
        legal[bit / 64] ^= 1 << (bit % 64);
    }
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}
