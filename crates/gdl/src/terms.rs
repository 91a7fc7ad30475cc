//! Ground terms, hash-consed: each distinct ground term (and ground atom, written as a term whose
//! functor is the relation) is stored once and named by a number, so that atoms compare, hash
//! and index as integers during grounding.

use std::collections::HashMap;

use crate::syntax::{Symbol, Symbols};

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
    index: HashMap<Node, TermId>,
}

impl Terms {
    /// The number of `node`, added if new.
    pub(crate) fn intern(&mut self, node: Node) -> TermId {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let id = TermId::try_from(self.nodes.len()).unwrap_or(TermId::MAX);
        self.nodes.push(node.clone());
        self.index.insert(node, id);
        id
    }

    /// The number of `node` if the table has it.
    pub(crate) fn find(&self, node: &Node) -> Option<TermId> {
        self.index.get(node).copied()
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
