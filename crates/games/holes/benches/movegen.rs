//! Breakthrough move generation and perft: `cargo bench -p arbiter-holes`.

use std::hint::black_box;

use arbiter_core::{perft, Game};
use arbiter_holes::{Holes, Options};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn generate_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("holes/generate_moves");
    for (name, text) in [
        ("start", "bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w"),
        ("middle-game", "..b.bb/b.b..b/.b#.#./.#w#w./w.w.w./ww...w w"),
    ] {
        let position = Holes::from_text(text, &Options::default()).expect("valid");
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
    let mut group = c.benchmark_group("holes/perft");
    group.sample_size(10);
    let start = Holes::start(&Options::default());
    let depth = 6;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function(format!("start-depth-{depth}"), |b| {
        b.iter(|| perft(black_box(&start), depth))
    });
    group.finish();
}

criterion_group!(benches, generate_moves, perft_start);
criterion_main!(benches);
