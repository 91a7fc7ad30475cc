//! Checkers move generation and perft: `cargo bench -p arbiter-checkers --features bench`.

use arbiter_checkers::Checkers;
use arbiter_core::bench::bench_game;
use arbiter_core::NoOptions;
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    bench_game::<Checkers>(
        c,
        &NoOptions,
        &[
            ("start", "B:W21-32:B1-12"),
            ("rules-example", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
            ("middle-game", "W:W14,17,21,22,23,25,26,27,29,31:B1,3,5,6,7,9,10,11,13,16"),
        ],
        &[7, 9],
    );
}

criterion_group!(benches, movegen);
criterion_main!(benches);
