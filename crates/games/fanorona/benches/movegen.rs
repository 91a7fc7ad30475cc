//! Fanorona move generation and perft: `cargo bench -p arbiter-fanorona --features bench`.

use arbiter_core::bench::bench_game;
use arbiter_core::NoOptions;
use arbiter_fanorona::Fanorona;
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    bench_game::<Fanorona>(
        c,
        &NoOptions,
        &[
            ("start", "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w"),
            ("chains", "b.b.b.b.b/.b.b.b.b./b.bw.b.b./.w.w.w.w./w.w.w.w.w w"),
        ],
        &[5],
    );
}

criterion_group!(benches, movegen);
criterion_main!(benches);
