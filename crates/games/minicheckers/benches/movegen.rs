//! Mini-checkers move generation and perft: `cargo bench -p arbiter-minicheckers`.

use std::hint::black_box;

use arbiter_core::{perft, Game};
use arbiter_minicheckers::{Minicheckers, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn generate_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("minicheckers/generate_moves");
    for (name, text) in [
        ("start", "W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6"),
        ("captures", "W:Wa1,c1,e1:Bb2,d2,f2,b4,d4,f4"),
    ] {
        let position = Minicheckers::from_text(text, &Options::default()).expect("valid");
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
    let mut group = c.benchmark_group("minicheckers/perft");
    group.sample_size(10);
    let start = Minicheckers::start(&Options::default());
    let depth = 12;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function(format!("start-depth-{depth}"), |b| {
        b.iter(|| perft(black_box(&start), depth))
    });
    group.finish();
}

criterion_group!(benches, generate_moves, perft_start);
criterion_main!(benches);
