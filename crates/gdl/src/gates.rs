//! Gates: a base proposition that many rule instances test, taken out of their counts.
//!
//! In most games a few base propositions are conditions of a great many rule instances: the
//! player in control, `(true (control white))`, is a condition of every one of White's moves.
//! When it changes, counting propagation would visit every one of those instances, though only
//! the few whose other conditions hold change. So such a proposition becomes the *gate* of
//! those instances (its *members*): a member counts only its other inputs (its *inner* value),
//! its value is its inner value while the gate is open, false while closed, and the machine
//! keeps, per gate, the set of members whose inner value is true. Opening or closing a gate
//! visits that set only.
//!
//! A gate is a base proposition, set from outside at the start of a propagation, when every
//! count is settled; so the member set is exact when the gate changes, and within one
//! propagation the gate stays as it is.

/// No gate: the node is an ordinary one.
pub(crate) const NO_GATE: u32 = u32::MAX;
/// A base proposition becomes a gate when at least this many AND nodes would be its members:
/// below it, visiting the members costs about as much as visiting the edges.
pub(crate) const GATE_MEMBERS: usize = 8;

/// The gates of a network.
#[derive(Debug, Clone, Default)]
pub(crate) struct Gates {
    /// Each node's gate, or [`NO_GATE`].
    pub(crate) gate_of: Vec<u32>,
    /// Each member's number among its gate's members.
    pub(crate) member_index: Vec<u32>,
    /// Each gate's members.
    pub(crate) members: Vec<Vec<u32>>,
    /// `true` when the gate is open while its base proposition is false.
    pub(crate) negated: Vec<bool>,
    /// The gates of node `n` (a base proposition) are `list[starts[n]..starts[n + 1]]`.
    pub(crate) starts: Vec<u32>,
    pub(crate) list: Vec<u32>,
}

impl Gates {
    /// No gate, for a network of `count` nodes.
    pub(crate) fn none(count: usize) -> Gates {
        Gates {
            gate_of: vec![NO_GATE; count],
            member_index: vec![0; count],
            starts: vec![0; count + 1],
            ..Gates::default()
        }
    }

    /// The gates whose base proposition is `node`.
    pub(crate) fn of_base(&self, node: usize) -> &[u32] {
        &self.list[self.starts[node] as usize..self.starts[node + 1] as usize]
    }

    /// The first word of each gate's member bitset, and the number of words in all.
    pub(crate) fn bitset_offsets(&self) -> (Vec<usize>, usize) {
        let mut offsets = Vec::with_capacity(self.members.len());
        let mut words = 0;
        for members in &self.members {
            offsets.push(words);
            words += members.len().div_ceil(64);
        }
        (offsets, words)
    }
}

/// Chooses the gates of a network given as each node's `inputs` (the source's number shifted
/// left once, bit 0 for a negation) and `thresholds`, and takes each member's gate out of its
/// inputs and threshold. `is_base` marks the base propositions; nodes marked `read` (whose
/// value is read directly) are never members.
pub(crate) fn choose(
    inputs: &mut [Vec<u32>],
    thresholds: &mut [u32],
    is_base: &[bool],
    read: &[bool],
) -> Gates {
    let count = inputs.len();
    let ands: Vec<usize> =
        (0..count).filter(|&node| thresholds[node] >= 2 && !read[node]).collect();
    // For each base proposition and polarity, the AND nodes that test it.
    let mut testers = vec![[0usize; 2]; count];
    for &node in &ands {
        for &input in &inputs[node] {
            if is_base[(input >> 1) as usize] {
                testers[(input >> 1) as usize][(input & 1) as usize] += 1;
            }
        }
    }
    let mut gates =
        Gates { gate_of: vec![NO_GATE; count], member_index: vec![0; count], ..Gates::default() };
    // The gate of each (base, polarity) once made.
    let mut made: Vec<[u32; 2]> = vec![[NO_GATE; 2]; count];
    let mut base_gates: Vec<Vec<u32>> = vec![Vec::new(); count];
    for &node in &ands {
        let best = inputs[node]
            .iter()
            .enumerate()
            .filter(|&(_, &input)| is_base[(input >> 1) as usize])
            .map(|(position, &input)| {
                (testers[(input >> 1) as usize][(input & 1) as usize], position, input)
            })
            .max();
        let Some((testing, position, input)) = best else { continue };
        if testing < GATE_MEMBERS {
            continue;
        }
        let (base, polarity) = ((input >> 1) as usize, (input & 1) as usize);
        if made[base][polarity] == NO_GATE {
            let gate = u32::try_from(gates.members.len()).unwrap_or(NO_GATE);
            made[base][polarity] = gate;
            gates.members.push(Vec::new());
            gates.negated.push(polarity == 1);
            base_gates[base].push(gate);
        }
        let gate = made[base][polarity];
        let members = &mut gates.members[gate as usize];
        gates.gate_of[node] = gate;
        gates.member_index[node] = u32::try_from(members.len()).unwrap_or(0);
        members.push(u32::try_from(node).unwrap_or(0));
        inputs[node].remove(position);
        thresholds[node] -= 1;
    }
    for node_gates in &base_gates {
        gates.starts.push(u32::try_from(gates.list.len()).unwrap_or(0));
        gates.list.extend_from_slice(node_gates);
    }
    gates.starts.push(u32::try_from(gates.list.len()).unwrap_or(0));
    gates
}
