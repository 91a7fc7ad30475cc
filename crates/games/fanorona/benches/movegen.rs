//! Fanorona move generation and perft: `cargo bench -p arbiter-fanorona`.

use std::hint::black_box;

use arbiter_core::NoOptions;
use arbiter_core::{perft, Game};
use arbiter_fanorona::Fanorona;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn generate_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("fanorona/generate_moves");
    for (name, text) in [
        ("start", "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w"),
        ("chains", "b.b.b.b.b/.b.b.b.b./b.bw.b.b./.w.w.w.w./w.w.w.w.w w"),
    ] {
        let position = Fanorona::from_text(text, &NoOptions).expect("valid");
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
    let mut group = c.benchmark_group("fanorona/perft");
    group.sample_size(10);
    let start = Fanorona::start(&NoOptions);
    let depth = 5;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function(format!("start-depth-{depth}"), |b| {
        b.iter(|| perft(black_box(&start), depth))
    });
    group.finish();
}

criterion_group!(benches, generate_moves, perft_start);
criterion_main!(benches);
