//! The evaluation of a network whose ground rules are recursive over the state (a path
//! relation over the board, as in connection games): a full sweep in place of counting
//! propagation.
//!
//! Counting propagation cannot take a cycle: a loop of positive edges would keep itself true
//! once its outside support is gone. So such a network is evaluated whole after every change:
//! its strongly connected components in topological order, an acyclic one in one step, a
//! cyclic one from all false up to its least fixed point. Stratification keeps negations out
//! of the cycles (a ground cycle stays within one stratum), so the iteration only ever turns
//! nodes true and ends. Slower than propagation, but any stratified description runs.

use crate::network::TRUE_BIT;

/// How to sweep a cyclic network.
#[derive(Debug, Clone)]
pub(crate) struct Sweep {
    /// The nodes, each strongly connected component's together, components in topological
    /// order.
    order: Vec<u32>,
    /// Each component: its range in `order`, and whether it is a cycle.
    components: Vec<(u32, u32, bool)>,
    /// The inputs of node `n` are `inputs[input_start[n]..input_start[n + 1]]`, each the
    /// source's number shifted left once, bit 0 set for a negation.
    input_start: Vec<u32>,
    inputs: Vec<u32>,
    thresholds: Vec<u32>,
    /// The base propositions and inputs, whose counters are set from outside.
    outside: Vec<bool>,
}

impl Sweep {
    /// The sweep of a network given by each node's `inputs` and `thresholds`; `outside` marks
    /// the nodes set from outside.
    ///
    /// # Errors
    ///
    /// The nodes of a cycle through a negation, which has no least fixed point to sweep to.
    pub(crate) fn new(
        inputs: &[Vec<u32>],
        thresholds: Vec<u32>,
        outside: Vec<bool>,
    ) -> Result<Sweep, Vec<u32>> {
        let mut input_start = Vec::with_capacity(inputs.len() + 1);
        let mut flat = Vec::new();
        for node_inputs in inputs {
            input_start.push(index(flat.len()));
            flat.extend_from_slice(node_inputs);
        }
        input_start.push(index(flat.len()));
        let (order, components) = components(inputs);
        let mut component_of = vec![u32::MAX; inputs.len()];
        for (number, &(start, end, _)) in components.iter().enumerate() {
            for &node in &order[start as usize..end as usize] {
                component_of[node as usize] = index(number);
            }
        }
        for &(start, end, _) in components.iter().filter(|&&(_, _, cyclic)| cyclic) {
            let members = &order[start as usize..end as usize];
            let negated_inside = members.iter().any(|&node| {
                inputs[node as usize].iter().any(|&input| {
                    input & 1 == 1
                        && component_of[(input >> 1) as usize] == component_of[node as usize]
                })
            });
            if negated_inside {
                return Err(members.to_vec());
            }
        }
        Ok(Sweep { order, components, input_start, inputs: flat, thresholds, outside })
    }

    /// The number of edges swept.
    pub(crate) fn edges(&self) -> usize {
        self.inputs.len()
    }

    /// Recomputes every counter from the counters of the nodes set from outside.
    pub(crate) fn evaluate(&self, counters: &mut [u32]) {
        for &(start, end, cyclic) in &self.components {
            let nodes = &self.order[start as usize..end as usize];
            if !cyclic {
                let node = nodes[0] as usize;
                if !self.outside[node] {
                    counters[node] = self.counter(node, counters);
                }
                continue;
            }
            for &node in nodes {
                counters[node as usize] = TRUE_BIT - 1;
            }
            loop {
                let mut changed = false;
                for &node in nodes {
                    let counter = self.counter(node as usize, counters);
                    changed |= (counter ^ counters[node as usize]) & TRUE_BIT != 0;
                    counters[node as usize] = counter;
                }
                if !changed {
                    break;
                }
            }
        }
    }

    /// A node's counter from its inputs' current values.
    fn counter(&self, node: usize, counters: &[u32]) -> u32 {
        let inputs =
            &self.inputs[self.input_start[node] as usize..self.input_start[node + 1] as usize];
        let satisfied = inputs
            .iter()
            .filter(|&&input| (counters[(input >> 1) as usize] & TRUE_BIT != 0) != (input & 1 == 1))
            .count();
        index(satisfied).wrapping_add(TRUE_BIT).wrapping_sub(self.thresholds[node])
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
