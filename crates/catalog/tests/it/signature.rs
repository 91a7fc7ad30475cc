//! The bench signature: the node count of `arbiter bench`'s fixed-depth search for every game,
//! saved in `tests/data/bench-signature.txt` as Stockfish keeps its bench number, so that a
//! change of search behaviour (move ordering, pruning) cannot go unnoticed.

use std::path::Path;

use arbiter_ai::bench_search;
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::testkit::check_snapshot;

struct Signature(u32);

impl Visitor for Signature {
    type Output = String;

    fn visit<G: AnyGame>(self) -> String {
        let report = bench_search::<G>(self.0);
        let best = report.best.map(|mv| mv.to_string()).unwrap_or_default();
        format!("{} search {} nodes {} best {best}\n", G::ID, self.0, report.nodes)
    }
}

#[test]
fn the_bench_search_signature_matches_the_saved_one() {
    let actual: String = GameId::ALL
        .into_iter()
        .map(|id| id.visit(Signature(id.info().bench_search_depth)))
        .collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bench-signature.txt");
    check_snapshot(&path, &actual);
}
