//! The matching against exhaustive search on small random graphs.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{maximum_weight_matching, Edge};

/// The best (cardinality if asked, then weight) over all matchings, by exhaustive search.
fn best_by_search(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
    fn search(
        edges: &[Edge],
        from: usize,
        used: &mut Vec<bool>,
        pairs: usize,
        weight: i128,
        key: &dyn Fn(usize, i128) -> (usize, i128),
        best: &mut (usize, i128),
    ) {
        if key(pairs, weight) > key(best.0, best.1) {
            *best = (pairs, weight);
        }
        for (k, edge) in edges.iter().enumerate().skip(from) {
            if !used[edge.a] && !used[edge.b] {
                used[edge.a] = true;
                used[edge.b] = true;
                search(edges, k + 1, used, pairs + 1, weight + edge.weight, key, best);
                used[edge.a] = false;
                used[edge.b] = false;
            }
        }
    }
    let key =
        |pairs: usize, weight: i128| if max_cardinality { (pairs, weight) } else { (0, weight) };
    let mut best = (0, 0);
    search(edges, 0, &mut vec![false; n], 0, 0, &key, &mut best);
    best
}

/// The number of pairs and the weight of a matching, checking that it is one.
fn measure(n: usize, edges: &[Edge], mate: &[Option<usize>]) -> (usize, i128) {
    assert_eq!(mate.len(), n);
    let mut pairs = 0;
    let mut weight = 0;
    for (v, partner) in mate.iter().enumerate() {
        if let Some(w) = *partner {
            assert_eq!(mate[w], Some(v), "the matching is symmetric");
            if v < w {
                let edge = edges
                    .iter()
                    .find(|e| (e.a, e.b) == (v, w) || (e.a, e.b) == (w, v))
                    .expect("matched along an edge");
                pairs += 1;
                weight += edge.weight;
            }
        }
    }
    (pairs, weight)
}

#[test]
fn matches_exhaustive_search_on_random_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..3000 {
        let n = rng.random_range(1..=10);
        let density = rng.random_range(1..=10);
        let spread = [2, 5, 100][case % 3];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.random_range(0..10) < density {
                    edges.push(Edge { a, b, weight: rng.random_range(0..spread) });
                }
            }
        }
        for max_cardinality in [false, true] {
            let mate = maximum_weight_matching(n, &edges, max_cardinality);
            let found = measure(n, &edges, &mate);
            let best = best_by_search(n, &edges, max_cardinality);
            if max_cardinality {
                assert_eq!(found, best, "case {case}: {n} vertices, {edges:?}");
            } else {
                assert_eq!(found.1, best.1, "case {case}: {n} vertices, {edges:?}");
            }
        }
    }
}

#[test]
fn huge_weights_do_not_overflow() {
    let weight = super::MAX_WEIGHT;
    let edges = [
        Edge { a: 0, b: 1, weight },
        Edge { a: 1, b: 2, weight },
        Edge { a: 2, b: 3, weight: weight - 1 },
        Edge { a: 3, b: 0, weight },
    ];
    let mate = maximum_weight_matching(4, &edges, true);
    assert_eq!(measure(4, &edges, &mate), (2, 2 * weight));
}

#[test]
fn no_edges_leave_everyone_single() {
    assert_eq!(maximum_weight_matching(3, &[], true), vec![None; 3]);
}
