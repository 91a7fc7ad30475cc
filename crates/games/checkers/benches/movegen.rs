//! Checkers move generation and perft: `cargo bench -p arbiter-checkers`.

use std::hint::black_box;

use arbiter_checkers::Checkers;
use arbiter_core::{perft, Game, NoOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A start position, the example of RULES.md (kings, jumps), and a crowded middle game.
const POSITIONS: [(&str, &str); 3] = [
    ("start", "B:W21-32:B1-12"),
    ("rules-example", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
    ("middle-game", "W:W14,17,21,22,23,25,26,27,29,31:B1,3,5,6,7,9,10,11,13,16"),
];

fn position(fen: &str) -> Checkers {
    Checkers::from_text(fen, &NoOptions).expect("benchmark positions are valid")
}

fn generate_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers/generate_moves");
    for (name, fen) in POSITIONS {
        let position = position(fen);
        let mut moves = Vec::with_capacity(64);
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
    let mut group = c.benchmark_group("checkers/perft");
    group.sample_size(10);
    let start = Checkers::start(&NoOptions);
    for depth in [7, 9] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("start-depth-{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth));
        });
    }
    group.finish();
}

criterion_group!(benches, generate_moves, perft_start);
criterion_main!(benches);
