//! Making, expanding and augmenting through blossoms.

use super::{Edge, Label, Matcher};

/// An index into a blossom's cycle of children, taken modulo its length: the walks round a
/// blossom run from a child's index to zero, forwards or backwards.
fn wrap(index: isize, len: usize) -> usize {
    // Cycle lengths are far below `isize::MAX`.
    index.rem_euclid(len as isize) as usize
}

/// Where a walk round a blossom starts from child `index`: the signed start index, the step
/// (+1 or -1) and the endpoint trick (0 or 1) that picks the joining edges' near endpoints.
/// The walk goes the way that reaches the base through an even number of edges.
fn walk_from(index: usize, len: usize) -> (isize, isize, usize) {
    if index % 2 == 1 {
        (index as isize - len as isize, 1, 0)
    } else {
        (index as isize, -1, 1)
    }
}

impl Matcher<'_> {
    /// Makes a new outer blossom of the cycle closed by edge `k` through `base`.
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let Edge { a: v, b: w, .. } = self.edges[k];
        let base_blossom = self.in_blossom[base];
        let b = self.unused.pop().expect("there are at most n non-trivial blossoms");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[base_blossom] = Some(b);
        let mut path = Vec::new();
        let mut endpoints = Vec::new();
        // From v's side back to the base, then reversed; then from w's side.
        let mut sub = self.in_blossom[v];
        while sub != base_blossom {
            self.parent[sub] = Some(b);
            path.push(sub);
            let through = self.label_end[sub].expect("a blossom on the path is labelled");
            endpoints.push(through);
            sub = self.in_blossom[self.endpoint[through]];
        }
        path.push(base_blossom);
        path.reverse();
        endpoints.reverse();
        endpoints.push(2 * k);
        let mut sub = self.in_blossom[w];
        while sub != base_blossom {
            self.parent[sub] = Some(b);
            path.push(sub);
            let through = self.label_end[sub].expect("a blossom on the path is labelled");
            endpoints.push(through ^ 1);
            sub = self.in_blossom[self.endpoint[through]];
        }
        self.children[b] = path;
        self.child_endpoints[b] = endpoints;
        self.label[b] = Label::Outer;
        self.label_end[b] = self.label_end[base_blossom];
        self.dual[b] = 0;
        for leaf in self.leaves(b) {
            if self.label[self.in_blossom[leaf]] == Label::Inner {
                // An inner vertex becomes outer: its edges are now to be scanned.
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        self.gather_best_edges(b);
    }

    /// Computes a new blossom's least-slack edges to the other outer blossoms from those of
    /// its children.
    fn gather_best_edges(&mut self, b: usize) {
        let mut best_to: Vec<Option<usize>> = vec![None; 2 * self.n];
        for sub in self.children[b].clone() {
            let candidates: Vec<usize> = match self.best_edges[sub].take() {
                Some(list) => list,
                None => self
                    .leaves(sub)
                    .into_iter()
                    .flat_map(|leaf| self.neighbours[leaf].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in candidates {
                let Edge { a, b: other, .. } = self.edges[k];
                let far = if self.in_blossom[other] == b { a } else { other };
                let far_blossom = self.in_blossom[far];
                if far_blossom != b
                    && self.label[far_blossom] == Label::Outer
                    && best_to[far_blossom].is_none_or(|best| self.slack(k) < self.slack(best))
                {
                    best_to[far_blossom] = Some(k);
                }
            }
            self.best_edge[sub] = None;
        }
        let list: Vec<usize> = best_to.into_iter().flatten().collect();
        self.best_edge[b] = list.iter().copied().min_by_key(|&k| self.slack(k));
        self.best_edges[b] = Some(list);
    }

    /// Dissolves blossom `b` into its children. At the end of a stage (`end_of_stage`), outer
    /// children with a zero dual variable are dissolved too; in the middle of one, an inner
    /// blossom's children are relabelled so that the forest stays alternating.
    pub(super) fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for sub in self.children[b].clone() {
            self.parent[sub] = None;
            if sub < self.n {
                self.in_blossom[sub] = sub;
            } else if end_of_stage && self.dual[sub] == 0 {
                self.expand_blossom(sub, end_of_stage);
            } else {
                for leaf in self.leaves(sub) {
                    self.in_blossom[leaf] = sub;
                }
            }
        }
        if !end_of_stage && self.label[b] == Label::Inner {
            self.relabel_expanded(b);
        }
        self.label[b] = Label::Free;
        self.label_end[b] = None;
        self.children[b].clear();
        self.child_endpoints[b].clear();
        self.base[b] = None;
        self.best_edges[b] = None;
        self.best_edge[b] = None;
        self.unused.push(b);
    }

    /// Relabels the children of the inner blossom `b` being expanded: those on the even path
    /// from the child it was entered through to its base alternate inner and outer; the others
    /// become free unless reachable from outside.
    fn relabel_expanded(&mut self, b: usize) {
        let entered = self.label_end[b].expect("an inner blossom has a label end");
        let entry_child = self.in_blossom[self.endpoint[entered ^ 1]];
        let len = self.children[b].len();
        let entry_index = self.children[b]
            .iter()
            .position(|&child| child == entry_child)
            .expect("the entry child is a child");
        let (mut j, step, trick) = walk_from(entry_index, len);
        let mut p = entered;
        while j != 0 {
            // Relabel the inner child, then step over the outer child after it.
            self.label[self.endpoint[p ^ 1]] = Label::Free;
            let near = self.child_endpoints[b][wrap(j - trick as isize, len)];
            self.label[self.endpoint[near ^ trick ^ 1]] = Label::Free;
            self.assign_label(self.endpoint[p ^ 1], Label::Inner, Some(p));
            self.allowed[near / 2] = true;
            j += step;
            p = self.child_endpoints[b][wrap(j - trick as isize, len)] ^ trick;
            self.allowed[p / 2] = true;
            j += step;
        }
        // The base child becomes inner without relabelling its mate.
        let base_child = self.children[b][wrap(j, len)];
        let entry_vertex = self.endpoint[p ^ 1];
        self.label[entry_vertex] = Label::Inner;
        self.label[base_child] = Label::Inner;
        self.label_end[entry_vertex] = Some(p);
        self.label_end[base_child] = Some(p);
        self.best_edge[base_child] = None;
        j += step;
        while self.children[b][wrap(j, len)] != entry_child {
            let child = self.children[b][wrap(j, len)];
            j += step;
            if self.label[child] == Label::Outer {
                continue;
            }
            let reached = self.leaves(child).into_iter().find(|&v| self.label[v] != Label::Free);
            if let Some(v) = reached {
                self.label[v] = Label::Free;
                let base = self.base[child].expect("a child blossom has a base");
                let mate = self.mate[base].expect("a child's base is matched inside");
                self.label[self.endpoint[mate]] = Label::Free;
                self.assign_label(v, Label::Inner, self.label_end[v]);
            }
        }
    }

    /// Swaps the matched and unmatched edges along the even path inside blossom `b` from
    /// vertex `v` to the base, so that `v` becomes the base.
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut child = v;
        while self.parent[child] != Some(b) {
            child = self.parent[child].expect("v is inside b");
        }
        if child >= self.n {
            self.augment_blossom(child, v);
        }
        let len = self.children[b].len();
        let index = self.children[b].iter().position(|&c| c == child).expect("a child of b");
        let (mut j, step, trick) = walk_from(index, len);
        while j != 0 {
            j += step;
            let first = self.children[b][wrap(j, len)];
            let p = self.child_endpoints[b][wrap(j - trick as isize, len)] ^ trick;
            if first >= self.n {
                self.augment_blossom(first, self.endpoint[p]);
            }
            j += step;
            let second = self.children[b][wrap(j, len)];
            if second >= self.n {
                self.augment_blossom(second, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = Some(p ^ 1);
            self.mate[self.endpoint[p ^ 1]] = Some(p);
        }
        self.children[b].rotate_left(index);
        self.child_endpoints[b].rotate_left(index);
        self.base[b] = self.base[self.children[b][0]];
    }

    /// Augments the matching along the path through edge `k` between two outer vertices of
    /// different trees, back to both roots.
    pub(super) fn augment_matching(&mut self, k: usize) {
        let Edge { a, b, .. } = self.edges[k];
        for (start, far_endpoint) in [(a, 2 * k + 1), (b, 2 * k)] {
            let (mut s, mut p) = (start, far_endpoint);
            loop {
                let blossom = self.in_blossom[s];
                if blossom >= self.n {
                    self.augment_blossom(blossom, s);
                }
                self.mate[s] = Some(p);
                let Some(through) = self.label_end[blossom] else {
                    break; // reached the root, a single vertex
                };
                let inner = self.in_blossom[self.endpoint[through]];
                let back = self.label_end[inner].expect("an inner blossom has a label end");
                s = self.endpoint[back];
                let j = self.endpoint[back ^ 1];
                if inner >= self.n {
                    self.augment_blossom(inner, j);
                }
                self.mate[j] = Some(back);
                p = back ^ 1;
            }
        }
    }
}
