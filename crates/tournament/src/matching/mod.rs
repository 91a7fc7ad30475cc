//! Maximum-weight matching in general graphs: the pairing engine under both the arena's and the
//! Swiss system's pairings.
//!
//! The method is Edmonds' blossom algorithm with the primal-dual weight updates, as presented by
//! Galil ("Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys
//! 18(1), 1986), in the organisation of Joris van Rantwijk's reference implementation
//! (<http://jorisvr.nl/article/maximum-matching>), which lichess's `WMMatching` (arena pairings)
//! and bbpPairings's `matching::Computer` (Swiss pairings) also follow. It runs in O(n³) time for
//! n vertices. Weights are `i128`, so that the Swiss pairing can pack its ordered criteria into
//! one number (see `swiss::weights`).
//!
//! Variables that the published algorithm keeps as small integers with `-1` for "none" are
//! `Option`s here, and the breadcrumbs of the blossom scan have their own array instead of a
//! label bit.

mod blossoms;
#[cfg(test)]
mod tests;

/// An undirected edge between two distinct vertices, with the weight a matching gains by
/// taking it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edge {
    /// One end.
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// The gain of matching `a` with `b`; at most [`MAX_WEIGHT`].
    pub weight: i128,
}

/// The largest edge weight: the dual variables reach twice the largest weight and the slacks
/// add two of them, so this leaves room for both without overflow.
pub(crate) const MAX_WEIGHT: i128 = i128::MAX / 8;

/// A matching of greatest total weight, as each vertex's partner (`None` when unmatched).
///
/// With `max_cardinality`, the matching is of greatest weight among those with the most edges.
/// Vertices are `0..vertex_count`; an edge with an end out of range, a loop, or a weight out of
/// `0..=MAX_WEIGHT` is a bug of the caller.
///
/// # Panics
///
/// On such an edge.
pub(crate) fn maximum_weight_matching(
    vertex_count: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    for edge in edges {
        assert!(edge.a < vertex_count && edge.b < vertex_count && edge.a != edge.b, "{edge:?}");
        assert!((0..=MAX_WEIGHT).contains(&edge.weight), "{edge:?}");
    }
    if edges.is_empty() {
        return vec![None; vertex_count];
    }
    let mut matcher = Matcher::new(vertex_count, edges, max_cardinality);
    matcher.run();
    matcher.mate.iter().map(|mate| mate.map(|endpoint| matcher.endpoint[endpoint])).collect()
}

/// The label of a top-level blossom (or of a vertex) during a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Not reached yet.
    Free,
    /// An outer ("S") blossom: at an even distance from a free vertex.
    Outer,
    /// An inner ("T") blossom: at an odd distance.
    Inner,
}

/// What the next change of the dual variables achieves.
#[derive(Debug, Clone, Copy)]
enum DualStep {
    /// No further augmentation is possible: the stage, and the search, ends.
    Stop,
    /// This edge, from a free vertex to an outer blossom, becomes tight.
    Grow(usize),
    /// This edge, between two outer blossoms, becomes tight.
    Connect(usize),
    /// This inner blossom's dual variable reaches zero: expand it.
    Expand(usize),
}

/// The state of the algorithm. Vertices are `0..n`, non-trivial blossoms `n..2n`; an edge `k`
/// has the endpoints `2k` (its `a`) and `2k + 1` (its `b`).
struct Matcher<'e> {
    n: usize,
    edges: &'e [Edge],
    max_cardinality: bool,
    /// The vertex at each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbours: Vec<Vec<usize>>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<Option<usize>>,
    /// For each top-level blossom and vertex, its label in this stage.
    label: Vec<Label>,
    /// Breadcrumbs left by `scan_for_blossom`, always cleared before it returns.
    crumb: Vec<bool>,
    /// The remote endpoint of the edge through which a labelled blossom got its label.
    label_end: Vec<Option<usize>>,
    /// For each vertex, the top-level blossom containing it.
    in_blossom: Vec<usize>,
    /// For each blossom, the blossom immediately containing it.
    parent: Vec<Option<usize>>,
    /// For each non-trivial blossom, its sub-blossoms in cycle order, starting at the base.
    children: Vec<Vec<usize>>,
    /// For each blossom, its base vertex (`None` for an unused blossom number).
    base: Vec<Option<usize>>,
    /// For each non-trivial blossom, the endpoints of the edges joining its children: entry `i`
    /// is the endpoint at `children[i]` of the edge to `children[i + 1]`.
    child_endpoints: Vec<Vec<usize>>,
    /// The least-slack edge to an outer blossom (from a free vertex), or to another outer
    /// blossom (from an outer blossom).
    best_edge: Vec<Option<usize>>,
    /// For each non-trivial outer blossom, its least-slack edges to other outer blossoms.
    best_edges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unused: Vec<usize>,
    /// Twice the dual variable of each vertex; the dual variable of each blossom.
    dual: Vec<i128>,
    /// Edges known to have zero slack.
    allowed: Vec<bool>,
    /// Outer vertices whose edges are still to be scanned.
    queue: Vec<usize>,
}

impl<'e> Matcher<'e> {
    fn new(n: usize, edges: &'e [Edge], max_cardinality: bool) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![Vec::new(); n];
        for (k, edge) in edges.iter().enumerate() {
            endpoint.extend([edge.a, edge.b]);
            neighbours[edge.a].push(2 * k + 1);
            neighbours[edge.b].push(2 * k);
        }
        let max_weight = edges.iter().map(|edge| edge.weight).max().unwrap_or(0).max(0);
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, 0);
        let mut base: Vec<Option<usize>> = (0..n).map(Some).collect();
        base.resize(2 * n, None);
        Matcher {
            n,
            edges,
            max_cardinality,
            endpoint,
            neighbours,
            mate: vec![None; n],
            label: vec![Label::Free; 2 * n],
            crumb: vec![false; 2 * n],
            label_end: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base,
            child_endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![None; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// Twice the slack of edge `k` (valid for edges between different top-level blossoms).
    fn slack(&self, k: usize) -> i128 {
        let edge = self.edges[k];
        self.dual[edge.a] + self.dual[edge.b] - 2 * edge.weight
    }

    /// The vertices inside blossom `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut leaves = Vec::new();
        self.collect_leaves(b, &mut leaves);
        leaves
    }

    fn collect_leaves(&self, b: usize, leaves: &mut Vec<usize>) {
        if b < self.n {
            leaves.push(b);
        } else {
            for &child in &self.children[b] {
                self.collect_leaves(child, leaves);
            }
        }
    }

    /// Runs stages, each ending with an augmentation, until none is possible.
    fn run(&mut self) {
        for _ in 0..self.n {
            self.start_stage();
            let mut augmented = false;
            loop {
                if self.scan_queue() {
                    augmented = true;
                    break;
                }
                if !self.change_duals() {
                    break;
                }
            }
            if !augmented {
                break;
            }
            // Outer blossoms whose dual variable is zero are no longer needed.
            for b in self.n..2 * self.n {
                if self.parent[b].is_none()
                    && self.base[b].is_some()
                    && self.label[b] == Label::Outer
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// Clears the labels and labels every single vertex outer.
    fn start_stage(&mut self) {
        self.label.fill(Label::Free);
        self.best_edge.fill(None);
        for b in self.n..2 * self.n {
            self.best_edges[b] = None;
        }
        self.allowed.fill(false);
        self.queue.clear();
        for v in 0..self.n {
            if self.mate[v].is_none() && self.label[self.in_blossom[v]] == Label::Free {
                self.assign_label(v, Label::Outer, None);
            }
        }
    }

    /// Scans the queued outer vertices' edges, growing the alternating forest and making
    /// blossoms; true when an augmenting path was found and applied.
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for index in 0..self.neighbours[v].len() {
                let p = self.neighbours[v][index];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let mut slack = 0;
                if !self.allowed[k] {
                    slack = self.slack(k);
                    if slack <= 0 {
                        self.allowed[k] = true;
                    }
                }
                if self.allowed[k] {
                    if self.follow_tight_edge(v, w, p) {
                        return true;
                    }
                } else if self.label[self.in_blossom[w]] == Label::Outer {
                    let b = self.in_blossom[v];
                    if self.best_edge[b].is_none_or(|best| slack < self.slack(best)) {
                        self.best_edge[b] = Some(k);
                    }
                } else if self.label[w] == Label::Free
                    && self.best_edge[w].is_none_or(|best| slack < self.slack(best))
                {
                    self.best_edge[w] = Some(k);
                }
            }
        }
        false
    }

    /// Follows the tight edge from outer vertex `v` to `w` (remote endpoint `p`); true when
    /// it completed an augmenting path.
    fn follow_tight_edge(&mut self, v: usize, w: usize, p: usize) -> bool {
        match self.label[self.in_blossom[w]] {
            Label::Free => self.assign_label(w, Label::Inner, Some(p ^ 1)),
            Label::Outer => match self.scan_for_blossom(v, w) {
                Some(base) => self.add_blossom(base, p / 2),
                None => {
                    self.augment_matching(p / 2);
                    return true;
                }
            },
            Label::Inner => {
                // A vertex inside an inner blossom, reachable from outside it.
                if self.label[w] == Label::Free {
                    self.label[w] = Label::Inner;
                    self.label_end[w] = Some(p ^ 1);
                }
            }
        }
        false
    }

    /// Labels the top-level blossom of `w`, reached through the remote endpoint `through`;
    /// an inner blossom's mate becomes outer in turn.
    fn assign_label(&mut self, w: usize, label: Label, through: Option<usize>) {
        let b = self.in_blossom[w];
        self.label[w] = label;
        self.label[b] = label;
        self.label_end[w] = through;
        self.label_end[b] = through;
        self.best_edge[w] = None;
        self.best_edge[b] = None;
        match label {
            Label::Outer => {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
            }
            Label::Inner => {
                let base = self.base[b].expect("a labelled blossom has a base");
                let mate = self.mate[base].expect("the base of an inner blossom is matched");
                self.assign_label(self.endpoint[mate], Label::Outer, Some(mate ^ 1));
            }
            Label::Free => {}
        }
    }

    /// Traces back from two outer vertices joined by a tight edge: the base of the blossom
    /// they close, or `None` when the paths reach two different roots (an augmenting path).
    fn scan_for_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut current, mut other) = (Some(v), Some(w));
        while let Some(x) = current {
            let b = self.in_blossom[x];
            if self.crumb[b] {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.crumb[b] = true;
            // Step back over the inner blossom to the outer blossom before it.
            current = self.label_end[b].map(|through| {
                let inner = self.in_blossom[self.endpoint[through]];
                let back = self.label_end[inner].expect("an inner blossom has a label end");
                self.endpoint[back]
            });
            if other.is_some() {
                std::mem::swap(&mut current, &mut other);
            }
        }
        for b in path {
            self.crumb[b] = false;
        }
        found
    }

    /// Computes the largest change of the dual variables that keeps every slack non-negative,
    /// applies it and acts on what became tight; false when the stage must end.
    fn change_duals(&mut self) -> bool {
        let (delta, step) = self.next_dual_step();
        for v in 0..self.n {
            match self.label[self.in_blossom[v]] {
                Label::Outer => self.dual[v] -= delta,
                Label::Inner => self.dual[v] += delta,
                Label::Free => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b].is_some() && self.parent[b].is_none() {
                match self.label[b] {
                    Label::Outer => self.dual[b] += delta,
                    Label::Inner => self.dual[b] -= delta,
                    Label::Free => {}
                }
            }
        }
        match step {
            DualStep::Stop => return false,
            DualStep::Grow(k) => {
                self.allowed[k] = true;
                let Edge { a, b, .. } = self.edges[k];
                let outer = if self.label[self.in_blossom[a]] == Label::Free { b } else { a };
                self.queue.push(outer);
            }
            DualStep::Connect(k) => {
                self.allowed[k] = true;
                self.queue.push(self.edges[k].a);
            }
            DualStep::Expand(b) => self.expand_blossom(b, false),
        }
        true
    }

    /// The amount and kind of the next dual change (Galil's δ₁ to δ₄).
    fn next_dual_step(&self) -> (i128, DualStep) {
        let least_vertex_dual = self.dual[..self.n].iter().copied().min().unwrap_or(0);
        let mut best: Option<(i128, DualStep)> =
            (!self.max_cardinality).then_some((least_vertex_dual, DualStep::Stop));
        let mut consider = |delta: i128, step: DualStep| {
            if best.is_none_or(|(least, _)| delta < least) {
                best = Some((delta, step));
            }
        };
        for v in 0..self.n {
            if self.label[self.in_blossom[v]] == Label::Free {
                if let Some(k) = self.best_edge[v] {
                    consider(self.slack(k), DualStep::Grow(k));
                }
            }
        }
        for b in 0..2 * self.n {
            if self.parent[b].is_none() && self.label[b] == Label::Outer {
                if let Some(k) = self.best_edge[b] {
                    // Both ends move, so the slack closes at twice the rate.
                    consider(self.slack(k) / 2, DualStep::Connect(k));
                }
            }
        }
        for b in self.n..2 * self.n {
            if self.base[b].is_some() && self.parent[b].is_none() && self.label[b] == Label::Inner {
                consider(self.dual[b], DualStep::Expand(b));
            }
        }
        best.unwrap_or((least_vertex_dual.max(0), DualStep::Stop))
    }
}
