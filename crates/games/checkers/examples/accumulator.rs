//! What the learned evaluation's first layer costs, refreshed or updated move by move: the
//! measure behind the search's choice (see `arbiter_checkers::net`).
//!
//! `cargo run --release -p arbiter-checkers --example accumulator`: over the positions of
//! random games, the time of a child's two accumulators computed afresh, of the same updated
//! from the parent's (copied, as a copy-make search would copy them with the position), and
//! of the layers after them.

use std::hint::black_box;
use std::time::Instant;

use arbiter_checkers::Checkers;
use arbiter_core::nnue::{self, Accumulator, Features};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Evaluate, Game, NoOptions, Side};

fn main() {
    let Some(network) = Checkers::network() else {
        eprintln!("no network built in");
        return;
    };
    let mut pairs = Vec::new();
    random_playouts::<Checkers>(&NoOptions, 2000, 120, 1, |position, mv| {
        if let Some(mv) = mv {
            pairs.push((*position, mv));
        }
    });
    let parents: Vec<(Accumulator, Accumulator)> = pairs
        .iter()
        .map(|(position, _)| nnue::accumulators(network, position, Side::Black))
        .collect();
    let time = |name: &str, run: &dyn Fn() -> i64| {
        let clock = Instant::now();
        let total = black_box(run());
        let nanos = clock.elapsed().as_nanos() as f64 / pairs.len() as f64;
        println!("{name:<52} {nanos:>7.1} ns a move  (checksum {total})");
    };
    time("refresh: play, then both accumulators afresh", &|| {
        let mut total = 0i64;
        for (position, mv) in &pairs {
            let mut child = *position;
            child.play_unchecked(*mv);
            let (black, white) = nnue::accumulators(network, &child, Side::Black);
            total += i64::from(black.values(1)[0]) + i64::from(white.values(1)[0]);
        }
        total
    });
    time("incremental: play, copy both, update by the move", &|| {
        let mut total = 0i64;
        for ((position, mv), parent) in pairs.iter().zip(&parents) {
            let mut child = *position;
            child.play_unchecked(*mv);
            let mut next = parent.clone();
            for (accumulator, side) in [(&mut next.0, Side::Black), (&mut next.1, Side::White)] {
                let (mut added, mut removed) = (Features::new(), Features::new());
                position.feature_changes(*mv, side, &mut added, &mut removed);
                accumulator.update(network, added.as_slice(), removed.as_slice());
            }
            total += i64::from(next.0.values(1)[0]) + i64::from(next.1.values(1)[0]);
        }
        total
    });
    time("the layers after the accumulators", &|| {
        let mut total = 0i64;
        for (black, white) in &parents {
            total += i64::from(network.forward(black, white));
        }
        total
    });
    time("the whole evaluation, afresh", &|| {
        let mut total = 0i64;
        for (position, _) in &pairs {
            total += i64::from(nnue::evaluate(network, position));
        }
        total
    });
    time("the hand-written evaluation", &|| {
        let mut total = 0i64;
        for (position, _) in &pairs {
            total += i64::from(position.evaluate());
        }
        total
    });
}
