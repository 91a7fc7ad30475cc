//! Flat Monte Carlo, as ggp-base's `SampleMonteCarloGamer` plays: the role's legal moves are
//! tried in turn, each followed by random moves of the others and a random playout, and the
//! move with the best average goal is played. No tree, nothing kept between moves.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use arbiter_gdl::{Game, Move, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::search::playout::{playout, random_joint};
use crate::search::Searcher;

/// The flat Monte Carlo player.
pub struct MonteCarlo {
    role: usize,
    rng: ChaCha8Rng,
}

impl MonteCarlo {
    /// A flat Monte Carlo player for `role`.
    #[must_use]
    pub fn new(role: usize, seed: u64) -> Self {
        MonteCarlo { role, rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl Searcher for MonteCarlo {
    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<Move> {
        let roles = game.roles().len();
        let mut machine = game.machine();
        machine.set_state(state).ok()?;
        let moves: Vec<Move> = machine.legal_moves(self.role).collect();
        // As ggp-base's player: a single legal move is played at once.
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        let mut totals = vec![0.0; moves.len()];
        let mut counts = vec![0u32; moves.len()];
        let (mut joint, mut rewards) = (Vec::with_capacity(roles), Vec::with_capacity(roles));
        let mut next = 0;
        while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
            machine.set_state(state).ok()?;
            if !random_joint(&machine, roles, &mut self.rng, &mut joint) {
                break;
            }
            joint[self.role] = moves[next];
            if machine.play(&joint).is_ok() {
                playout(&mut machine, roles, &mut self.rng, &mut joint, &mut rewards);
                totals[next] += rewards[self.role];
                counts[next] += 1;
            }
            next = (next + 1) % moves.len();
        }
        let mean = |i: usize| if counts[i] == 0 { 0.0 } else { totals[i] / f64::from(counts[i]) };
        let best = (0..moves.len()).max_by(|&a, &b| mean(a).total_cmp(&mean(b)))?;
        Some(moves[best])
    }
}
