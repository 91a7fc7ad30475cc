//! Day-and-Night move generation and perft: `cargo bench -p arbiter-daynight --features bench`.

use arbiter_core::bench::bench_game;
use arbiter_daynight::{DayNight, Options};
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(c: &mut Criterion) {
    bench_game::<DayNight>(
        c,
        &Options::default(),
        &[
            ("start", "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da"),
            ("neutrals", "W:Wa1,c3,e1:Bd1,h1,i4:Nb2,f3,k3:Dc"),
        ],
        &[5],
    );
}

criterion_group!(benches, movegen);
criterion_main!(benches);
