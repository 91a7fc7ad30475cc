//! Breakthrough move generation and perft: `cargo bench -p arbiter-holes --features bench`.

use arbiter_core::bench::bench_game;
use arbiter_holes::{Holes, Options};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    bench_game::<Holes>(
        c,
        &Options::default(),
        &[
            ("start", "bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w"),
            ("middle-game", "..b.bb/b.b..b/.b#.#./.#w#w./w.w.w./ww...w w"),
        ],
        &[6],
    );
}

criterion_group!(benches, movegen);
criterion_main!(benches);
