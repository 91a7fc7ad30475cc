//! Ground terms, hash-consed: each distinct ground term (and ground atom, written as a term whose
//! functor is the relation) is stored once and named by a number, so that atoms compare, hash
//! and index as integers during grounding.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::syntax::{Symbol, Symbols};

/// A hasher for small integer keys and the terms made of them: grounding hashes millions of
/// them, and they need no protection against chosen collisions. Each word is mixed in by a
/// rotation, an exclusive or and a multiplication by an odd constant (the scheme of Firefox's
/// and rustc's "Fx" hash).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct IdHasher(u64);

impl IdHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }
}

/// A hash map keyed by ids.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;
/// A hash set of ids.
pub(crate) type IdSet<K> = HashSet<K, BuildHasherDefault<IdHasher>>;

/// The number of a ground term in its [`Terms`] table.
pub(crate) type TermId = u32;

/// A ground term whose arguments are numbers of other terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    Constant(Symbol),
    Function(Symbol, Box<[TermId]>),
}

/// The table of ground terms.
#[derive(Debug, Clone, Default)]
pub(crate) struct Terms {
    nodes: Vec<Node>,
    index: IdMap<Node, TermId>,
    /// Each term's nesting: 1 for a constant.
    depths: Vec<u32>,
}

impl Terms {
    /// The number of `node`, added if new.
    pub(crate) fn intern(&mut self, node: Node) -> TermId {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let id = TermId::try_from(self.nodes.len()).unwrap_or(TermId::MAX);
        let depth = match &node {
            Node::Constant(_) => 1,
            Node::Function(_, args) => {
                1 + args.iter().map(|&arg| self.depth(arg)).max().unwrap_or(0)
            }
        };
        self.depths.push(depth);
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        id
    }

    /// The number of `node` if the table has it.
    pub(crate) fn find(&self, node: &Node) -> Option<TermId> {
        self.index.get(node).copied()
    }

    /// The nesting of a term: 1 for a constant, one more than its deepest argument for a
    /// function.
    pub(crate) fn depth(&self, id: TermId) -> u32 {
        self.depths.get(id as usize).copied().unwrap_or(0)
    }

    /// How many terms the table holds.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, id: TermId) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    /// The functor of a term: the constant itself, or the function's (or relation's) name.
    pub(crate) fn functor(&self, id: TermId) -> Option<Symbol> {
        match self.node(id)? {
            Node::Constant(symbol) | Node::Function(symbol, _) => Some(*symbol),
        }
    }

    /// The arguments of a term (none for a constant).
    pub(crate) fn args(&self, id: TermId) -> &[TermId] {
        match self.node(id) {
            Some(Node::Function(_, args)) => args,
            _ => &[],
        }
    }

    /// The term in KIF.
    pub(crate) fn text(&self, symbols: &Symbols, id: TermId) -> String {
        let mut out = String::new();
        self.write(symbols, id, &mut out);
        out
    }

    fn write(&self, symbols: &Symbols, id: TermId, out: &mut String) {
        match self.node(id) {
            Some(Node::Constant(symbol)) => out.push_str(symbols.name(*symbol)),
            Some(Node::Function(symbol, args)) => {
                out.push('(');
                out.push_str(symbols.name(*symbol));
                for &arg in args.iter() {
                    out.push(' ');
                    self.write(symbols, arg, out);
                }
                out.push(')');
            }
            None => out.push('?'),
        }
    }
}
