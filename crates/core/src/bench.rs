//! Criterion benchmarks that every game's `benches/` runs in a few lines (feature `bench`):
//! move generation on some positions, and perft from the start.

use std::hint::black_box;

use criterion::{Criterion, Throughput};

use crate::{perft, Game};

/// Benchmarks `generate_moves` on each named position (in the game's text form) and perft
/// from the start at each of `perft_depths`, under `options`. Groups are named after the game:
/// `checkers/generate_moves/start`, `checkers/perft/start-depth-9`.
///
/// # Panics
///
/// When a position text is not valid: the benchmark's own data is wrong.
pub fn bench_game<G: Game>(
    c: &mut Criterion,
    options: &G::Options,
    positions: &[(&str, &str)],
    perft_depths: &[u32],
) {
    let mut group = c.benchmark_group(format!("{}/generate_moves", G::ID));
    for &(name, text) in positions {
        let position = G::from_text(text, options)
            .unwrap_or_else(|error| panic!("benchmark position {name}: {error}"));
        let mut moves = Vec::with_capacity(64);
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&position).generate_moves(&mut moves);
                moves.len()
            });
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("{}/perft", G::ID));
    group.sample_size(10);
    let start = G::start(options);
    for &depth in perft_depths {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("start-depth-{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth));
        });
    }
    group.finish();
}
