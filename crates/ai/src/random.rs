//! A player that picks a legal move uniformly at random.

use arbiter_core::Evaluate;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::limits::Clock;
use crate::{Context, Limits, Player, Score, SearchReport};

/// Plays a uniformly random legal move; deterministic for a given seed.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomPlayer { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl<G: Evaluate> Player<G> for RandomPlayer {
    fn choose(
        &mut self,
        position: &G,
        _context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let clock = Clock::start(&Limits::default());
        let legal = position.legal_moves();
        let best = (!legal.is_empty()).then(|| legal[self.rng.random_range(0..legal.len())]);
        let report = SearchReport {
            best,
            score: Score::WinRate(0.5),
            depth: 0,
            nodes: 1,
            elapsed: clock.elapsed(),
            pv: best.into_iter().collect(),
            book: false,
        };
        progress(&report);
        report
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
}
