//! Players for every Arbiter game, generic over [`arbiter_core::Game`] and
//! [`arbiter_core::Evaluate`]: this crate never names a game.
//!
//! - [`AlphaBeta`]: iterative-deepening negamax with principal-variation search, a
//!   transposition table, move ordering (table move, tactical moves, killers, history) and a
//!   quiescence search over tactical moves;
//! - [`Mcts`]: UCT with random playouts and a solver that proves wins and losses;
//! - [`RandomPlayer`]: a uniformly random legal move;
//! - [`PlayerSpec`]: a player and its limits written as text (`alphabeta:time=100ms`), and the
//!   strength levels 1–5;
//! - [`arena`]: games between two players and the statistics of a match.
//!
//! With a fixed seed and a node or iteration limit every player is deterministic.

mod alphabeta;
pub mod arena;
mod limits;
mod mcts;
mod random;
mod score;
mod spec;
mod table;

use std::time::Duration;

use arbiter_core::Evaluate;

pub use crate::alphabeta::AlphaBeta;
pub use crate::limits::Limits;
pub use crate::mcts::Mcts;
pub use crate::random::RandomPlayer;
pub use crate::score::Score;
pub use crate::spec::{
    parse_duration, Engine, PlayerSpec, SpecError, DEFAULT_TABLE_MIB, MAX_DEPTH, MAX_TABLE_MIB,
    MAX_TIME,
};

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchReport<M> {
    /// The move to play; `None` only when the position has no legal move.
    pub best: Option<M>,
    /// How the position stands for the player to move.
    pub score: Score,
    /// The depth of the last completed iteration (alpha-beta) or of the deepest line of the
    /// tree (MCTS).
    pub depth: u32,
    /// Positions visited (alpha-beta) or iterations (MCTS).
    pub nodes: u64,
    /// The time the search took.
    pub elapsed: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
}

/// Something that chooses moves.
pub trait Player<G: Evaluate>: Send {
    /// Chooses a move in `position`. `progress` hears about each completed iteration of an
    /// iterative search (once, at the end, for the others). Returns `best: None` only when the
    /// position has no legal move.
    fn choose(
        &mut self,
        position: &G,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move>;

    /// Starts a new game: forgets what earlier games taught (tables, killers, history) and
    /// seeds the random choices with `seed`, so that a game plays the same whatever the player
    /// played before it.
    fn new_game(&mut self, seed: u64);
}
