//! The reasoner's speed on a description: random playouts from the initial state on one
//! thread, with a fixed seed (`arbiter bench FILE.kif`).

use std::time::{Duration, Instant};

use arbiter_gdl::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::search::playout::random_joint;

/// What a run of playouts measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Speed {
    /// Playouts finished.
    pub playouts: u64,
    /// States visited, the initial and the terminal state of each playout included.
    pub states: u64,
    /// Playouts that stopped in a state where a role had no legal move.
    pub stuck: u64,
    /// The time they took.
    pub elapsed: Duration,
}

impl Speed {
    /// Playouts per second.
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// States per second.
    #[must_use]
    pub fn states_per_second(&self) -> f64 {
        self.states as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random playouts for `duration` (in whole batches of 100).
#[must_use]
pub fn playouts(game: &Game, duration: Duration, seed: u64) -> Speed {
    let roles = game.roles().len();
    let mut machine = game.machine();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut joint = Vec::with_capacity(roles);
    let initial = game.initial_state();
    let (mut playouts, mut states, mut stuck) = (0, 0, 0);
    let start = Instant::now();
    while start.elapsed() < duration {
        for _ in 0..100 {
            if machine.set_state(&initial).is_err() {
                break;
            }
            states += 1;
            while !machine.is_terminal() {
                if !random_joint(&machine, roles, &mut rng, &mut joint)
                    || machine.play(&joint).is_err()
                {
                    stuck += 1;
                    break;
                }
                states += 1;
            }
            playouts += 1;
        }
    }
    Speed { playouts, states, stuck, elapsed: start.elapsed() }
}
