//! Mini-checkers move generation and perft: `cargo bench -p arbiter-minicheckers --features bench`.

use arbiter_core::bench::bench_game;
use arbiter_minicheckers::{Minicheckers, Options};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    bench_game::<Minicheckers>(
        c,
        &Options::default(),
        &[
            ("start", "W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6"),
            ("captures", "W:Wa1,c1,e1:Bb2,d2,f2,b4,d4,f4"),
        ],
        &[12],
    );
}

criterion_group!(benches, movegen);
criterion_main!(benches);
