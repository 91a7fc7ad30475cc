//! Day-and-Night move generation and perft: `cargo bench -p arbiter-daynight`.

use std::hint::black_box;

use arbiter_core::{perft, Game};
use arbiter_daynight::{DayNight, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn generate_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("daynight/generate_moves");
    for (name, text) in [
        ("start", "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da"),
        ("neutrals", "W:Wa1,c3,e1:Bd1,h1,i4:Nb2,f3,k3:Dc"),
    ] {
        let position = DayNight::from_text(text, &Options::default()).expect("valid");
        let mut moves = Vec::with_capacity(16);
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&position).generate_moves(&mut moves);
                moves.len()
            });
        });
    }
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("daynight/perft");
    group.sample_size(10);
    let start = DayNight::start(&Options::default());
    let depth = 5;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function(format!("start-depth-{depth}"), |b| {
        b.iter(|| perft(black_box(&start), depth))
    });
    group.finish();
}

criterion_group!(benches, generate_moves, perft_start);
criterion_main!(benches);
