//! Cycles in the ground rules: a relation recursive over the state (a path over the board, as
//! in connection games) makes strongly connected components in the network.
//!
//! Counting propagation alone cannot evaluate a cycle: a loop of positive edges would keep
//! itself true once its outside support is gone. So a node on a cycle does not pass its changes
//! on by itself: any change of its count marks its component *dirty*, and once the propagation
//! has run dry, the dirty component lowest in the topological order is recomputed — from all
//! false up to its least fixed point, given the counts its members receive from outside — and
//! the members whose value changed propagate like any node. Stratification keeps negations out
//! of the cycles (a ground cycle through a negation is refused), so the fixed point exists and
//! the iteration only ever turns members true.

use crate::counters::TRUE_BIT;

/// Not on a cycle.
pub(crate) const NOT_IN_CYCLE: u32 = u32::MAX;

/// The cyclic components of a network.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cycles {
    /// Each node's cyclic component, or [`NOT_IN_CYCLE`].
    pub(crate) component_of: Vec<u32>,
    /// Each component's members, components in topological order.
    members: Vec<Vec<u32>>,
    /// For each component and member, the member's inputs from its own component (positive,
    /// by number among the members), and its threshold.
    internal: Vec<Vec<Vec<u32>>>,
    thresholds: Vec<Vec<u32>>,
    /// Each node's number among its component's members.
    member_index: Vec<u32>,
}

impl Cycles {
    /// The cyclic components of the network given by each node's `inputs` (the source's number
    /// shifted left once, bit 0 for a negation) and `thresholds`; `None` when it has none.
    ///
    /// # Errors
    ///
    /// The nodes of a cycle through a negation, which has no least fixed point.
    pub(crate) fn find(
        inputs: &[Vec<u32>],
        thresholds: &[u32],
    ) -> Result<Option<Cycles>, Vec<u32>> {
        let (order, components) = components(inputs);
        if components.iter().all(|&(_, _, cyclic)| !cyclic) {
            return Ok(None);
        }
        let mut cycles = Cycles {
            component_of: vec![NOT_IN_CYCLE; inputs.len()],
            member_index: vec![0; inputs.len()],
            ..Cycles::default()
        };
        for &(start, end, _) in components.iter().filter(|&&(_, _, cyclic)| cyclic) {
            let members = order[start as usize..end as usize].to_vec();
            let number = index(cycles.members.len());
            for (position, &node) in members.iter().enumerate() {
                cycles.component_of[node as usize] = number;
                cycles.member_index[node as usize] = index(position);
            }
            cycles.members.push(members);
        }
        for members in &cycles.members {
            let mut internal = Vec::with_capacity(members.len());
            for &node in members {
                let mut sources = Vec::new();
                for &input in &inputs[node as usize] {
                    let source = (input >> 1) as usize;
                    if cycles.component_of[source] == cycles.component_of[node as usize] {
                        if input & 1 == 1 {
                            return Err(members.clone());
                        }
                        sources.push(cycles.member_index[source]);
                    }
                }
                internal.push(sources);
            }
            cycles.internal.push(internal);
            cycles.thresholds.push(members.iter().map(|&node| thresholds[node as usize]).collect());
        }
        Ok(Some(cycles))
    }

    /// The number of cyclic components.
    pub(crate) fn len(&self) -> usize {
        self.members.len()
    }

    /// Recomputes component `component` given the nodes' `counters` and the members' current
    /// `values`: writes the least fixed point into `values`, and lists the members whose value
    /// changed in `changed`.
    pub(crate) fn recompute(
        &self,
        component: usize,
        counters: &[u32],
        values: &mut [bool],
        changed: &mut Vec<u32>,
    ) {
        let members = &self.members[component];
        let internal = &self.internal[component];
        let thresholds = &self.thresholds[component];
        // What each member receives from outside its component: its count of satisfied inputs
        // less those from members that hold now.
        let outside: Vec<u32> = members
            .iter()
            .enumerate()
            .map(|(i, &node)| {
                let count =
                    counters[node as usize].wrapping_sub(TRUE_BIT).wrapping_add(thresholds[i]);
                let inside =
                    internal[i].iter().filter(|&&j| values[members[j as usize] as usize]).count();
                count.wrapping_sub(index(inside))
            })
            .collect();
        let mut holds = vec![false; members.len()];
        loop {
            let mut grew = false;
            for i in 0..members.len() {
                if holds[i] {
                    continue;
                }
                let inside = internal[i].iter().filter(|&&j| holds[j as usize]).count();
                if outside[i].wrapping_add(index(inside)) >= thresholds[i] {
                    holds[i] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        for (i, &node) in members.iter().enumerate() {
            if values[node as usize] != holds[i] {
                values[node as usize] = holds[i];
                changed.push(node);
            }
        }
    }
}

/// The counters of every node when those of the nodes set from outside (marked by `outside`)
/// are as given: the components evaluated in topological order, a cycle from all false up to
/// its least fixed point.
pub(crate) fn evaluate_all(
    inputs: &[Vec<u32>],
    thresholds: &[u32],
    outside: &[bool],
    counters: &mut [u32],
) {
    let counter = |node: usize, counters: &[u32]| {
        let satisfied = inputs[node]
            .iter()
            .filter(|&&input| (counters[(input >> 1) as usize] & TRUE_BIT != 0) != (input & 1 == 1))
            .count();
        index(satisfied).wrapping_add(TRUE_BIT).wrapping_sub(thresholds[node])
    };
    let (order, components) = components(inputs);
    for &(start, end, cyclic) in &components {
        let nodes = &order[start as usize..end as usize];
        if !cyclic {
            let node = nodes[0] as usize;
            if !outside[node] {
                counters[node] = counter(node, counters);
            }
            continue;
        }
        for &node in nodes {
            counters[node as usize] = TRUE_BIT - 1;
        }
        loop {
            let mut changed = false;
            for &node in nodes {
                let value = counter(node as usize, counters);
                changed |= (value ^ counters[node as usize]) & TRUE_BIT != 0;
                counters[node as usize] = value;
            }
            if !changed {
                break;
            }
        }
    }
}

fn index(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// The nodes grouped by strongly connected component (Tarjan's algorithm, iterative), the
/// components in topological order (inputs first), and each component's range and whether it
/// is a cycle (several nodes, or one that feeds itself).
fn components(inputs: &[Vec<u32>]) -> (Vec<u32>, Vec<(u32, u32, bool)>) {
    let count = inputs.len();
    // Tarjan's algorithm follows edges from a node to its inputs, so that a component is
    // completed after the components it reads: completion order is evaluation order.
    const UNSEEN: u32 = u32::MAX;
    let mut number = vec![UNSEEN; count];
    let mut low = vec![0u32; count];
    let mut on_stack = vec![false; count];
    let mut stack = Vec::new();
    let mut order = Vec::with_capacity(count);
    let mut components = Vec::new();
    let mut next_number = 0u32;
    for root in 0..count {
        if number[root] != UNSEEN {
            continue;
        }
        let mut frames: Vec<(usize, usize)> = vec![(root, 0)];
        number[root] = next_number;
        low[root] = next_number;
        next_number += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut followed)) = frames.last_mut() {
            if let Some(&input) = inputs[node].get(*followed) {
                *followed += 1;
                let source = (input >> 1) as usize;
                if number[source] == UNSEEN {
                    number[source] = next_number;
                    low[source] = next_number;
                    next_number += 1;
                    stack.push(source);
                    on_stack[source] = true;
                    frames.push((source, 0));
                } else if on_stack[source] {
                    low[node] = low[node].min(number[source]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == number[node] {
                let start = index(order.len());
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    order.push(index(member));
                    if member == node {
                        break;
                    }
                }
                let end = index(order.len());
                let feeds_itself = inputs[node].iter().any(|&input| (input >> 1) as usize == node);
                components.push((start, end, end - start > 1 || feeds_itself));
            }
        }
    }
    (order, components)
}
