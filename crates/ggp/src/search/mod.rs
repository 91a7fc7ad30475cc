//! The searches that choose a role's move on the GDL reasoner, for any game: each works from a
//! [`State`] and makes its own [`Machine`](arbiter_gdl::Machine) per call (a machine borrows its
//! game, which the match owns).
//!
//! - [`Mcts`]: UCT, decoupled for simultaneous moves (each role chooses by its own statistics,
//!   as in CadiaPlayer), with random playouts scored by the goals; the tree is kept from move to
//!   move and grows during the start clock too;
//! - [`MonteCarlo`]: flat Monte Carlo as ggp-base's `SampleMonteCarloGamer` plays it: playouts
//!   after each of the role's moves in turn, the best average goal chosen;
//! - [`Random`]: a uniformly random legal move, as ggp-base's `RandomGamer`.

mod flat;
mod mcts;
pub(crate) mod playout;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use arbiter_gdl::{Game, Move, State};

pub use crate::search::flat::MonteCarlo;
pub use crate::search::mcts::{Mcts, MAX_NODES};
pub use crate::search::playout::{playout, MAX_PLAYOUT_STEPS};

/// The searches a player can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// UCT on the reasoner ([`Mcts`]), and the native engine where the rules are a game it
    /// knows.
    #[default]
    Mcts,
    /// Flat Monte Carlo ([`MonteCarlo`]).
    MonteCarlo,
    /// A random legal move ([`Random`]).
    Random,
}

impl Engine {
    /// The engine's name on the command line: `mcts`, `mc` or `random`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Engine::Mcts => "mcts",
            Engine::MonteCarlo => "mc",
            Engine::Random => "random",
        }
    }

    /// A new search of this kind for `role`, its random choices seeded by `seed`.
    #[must_use]
    pub fn searcher(self, role: usize, seed: u64) -> Box<dyn Searcher> {
        match self {
            Engine::Mcts => Box::new(Mcts::new(role, seed)),
            Engine::MonteCarlo => Box::new(MonteCarlo::new(role, seed)),
            Engine::Random => Box::new(Random::new(role, seed)),
        }
    }
}

/// A search for one role through one match.
pub trait Searcher: Send {
    /// Thinks about `state` until `deadline` or `stop` (the start clock); by default nothing.
    fn ponder(&mut self, game: &Game, state: &State, deadline: Instant, stop: &AtomicBool) {
        let _ = (game, state, deadline, stop);
    }

    /// The role's move in `state`, chosen before `deadline` (or at once when `stop` is set);
    /// `None` only when the role has no legal move.
    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        deadline: Instant,
        stop: &AtomicBool,
    ) -> Option<Move>;

    /// The joint move played from the state last searched, so that a tree can be kept.
    fn played(&mut self, joint: &[Move]) {
        let _ = joint;
    }
}

/// A random legal move.
pub struct Random {
    role: usize,
    rng: rand_chacha::ChaCha8Rng,
}

impl Random {
    /// A random player for `role`.
    #[must_use]
    pub fn new(role: usize, seed: u64) -> Self {
        use rand::SeedableRng;
        Random { role, rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl Searcher for Random {
    fn choose(&mut self, game: &Game, state: &State, _: Instant, _: &AtomicBool) -> Option<Move> {
        use rand::RngExt;
        let mut machine = game.machine();
        machine.set_state(state).ok()?;
        let count = machine.legal_count(self.role);
        if count == 0 {
            return None;
        }
        machine.nth_legal(self.role, self.rng.random_range(0..count))
    }
}
