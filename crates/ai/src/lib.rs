//! Players for every Arbiter game, generic over [`arbiter_core::Game`] and
//! [`arbiter_core::Evaluate`]: this crate never names a game.
//!
//! - [`AlphaBeta`]: iterative-deepening negamax with principal-variation search, a
//!   transposition table, move ordering (table move, tactical moves, killers, history) and a
//!   quiescence search over tactical moves;
//! - [`Mcts`]: UCT with random playouts and a solver that proves wins and losses;
//! - [`RandomPlayer`]: a uniformly random legal move;
//! - [`Perfect`]: exact play by the solver (`arbiter-solver`) for the games that always end in
//!   a win: the fastest win, the slowest loss;
//! - [`PlayerSpec`]: a player and its limits written as text (`alphabeta:time=100ms`), and the
//!   strength levels 1–5;
//! - [`Booked`]: a player that answers the positions of an opening book ([`book`]) from it;
//! - [`arena`]: games between two players and the statistics of a match;
//! - [`train`]: the training of learned evaluations: self-play data, a trainer, quantisation.
//!
//! With a fixed seed and a node or iteration limit every player is deterministic.

mod alphabeta;
pub mod arena;
mod ballot;
pub mod book;
mod clock;
mod draws;
mod erratic;
mod evaluation;
mod limits;
mod mcts;
mod perfect;
pub mod playout;
mod random;
mod score;
mod session;
mod spec;
mod table;
pub mod train;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::{Evaluate, Game, GameRecord};
use arbiter_tablebase::Endgame;
use thiserror::Error;

pub use crate::alphabeta::AlphaBeta;
pub use crate::book::{Book, BookError, BookMove, Booked};
pub use crate::clock::budget;
pub use crate::erratic::Erratic;
pub use crate::evaluation::Evaluation;
pub use crate::limits::Limits;
pub use crate::mcts::Mcts;
pub use crate::perfect::Perfect;
pub use crate::random::RandomPlayer;
pub use crate::score::Score;
pub use crate::session::Session;
pub use crate::spec::{
    parse_duration, Engine, PlayerSpec, SpecError, DEFAULT_SOLVER_MIB, DEFAULT_TABLE_MIB,
    MAX_DEPTH, MAX_TABLE_MIB, MAX_TIME,
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
    /// `true` when `best` comes from an opening book, without a search.
    pub book: bool,
}

/// What a search knows besides the position: the game that led to it, for the draw rules,
/// and a signal to stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Context<'a> {
    /// The hashes of the positions played before the one searched, oldest first.
    pub history: &'a [u64],
    /// The consecutive turns without progress that led to the position searched.
    pub turns_without_progress: u32,
    /// Set (from another thread) to stop the search: it returns at once with the best move
    /// found so far.
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> Context<'a> {
    /// The context of a game's current position: `history` receives the hashes of the
    /// positions played before it.
    pub fn of_record<G: Game>(record: &GameRecord<G>, history: &'a mut Vec<u64>) -> Self {
        history.clear();
        history.extend(record.positions().map(Game::hash));
        history.pop();
        Context { history, turns_without_progress: record.turns_without_progress(), stop: None }
    }
}

/// A [`SearchReport`] with its moves in the game's notation, for a user interface or another
/// process: what `SearchReport::to_text` gives.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct SearchInfo {
    /// The move to play, if there is one.
    pub best: Option<String>,
    /// How the position stands for the player to move.
    pub score: Score,
    /// The depth reached.
    pub depth: u32,
    /// Positions visited (alpha-beta) or iterations (MCTS).
    pub nodes: u64,
    /// The time the search took, in milliseconds.
    pub milliseconds: u64,
    /// The principal variation.
    pub pv: Vec<String>,
    /// `true` when the move comes from an opening book, without a search.
    #[cfg_attr(feature = "serde", serde(default))]
    pub book: bool,
}

impl<M: std::fmt::Display> SearchReport<M> {
    /// The report with its moves written in the game's notation.
    #[must_use]
    pub fn to_text(&self) -> SearchInfo {
        SearchInfo {
            best: self.best.as_ref().map(ToString::to_string),
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            milliseconds: u64::try_from(self.elapsed.as_millis()).unwrap_or(u64::MAX),
            pv: self.pv.iter().map(ToString::to_string).collect(),
            book: self.book,
        }
    }
}

/// Why a player gave a game up instead of moving: an engine in another process that crashed,
/// did not answer in time, or answered with something that is not a legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct Forfeit {
    /// What went wrong, naming the engine and quoting what it said.
    pub reason: String,
}

/// Something that chooses moves.
pub trait Player<G: Evaluate>: Send {
    /// Chooses a move in `position`, reached by the game in `context`. `progress` hears about
    /// each completed iteration of an iterative search (once, at the end, for the others).
    /// Returns `best: None` only when the position has no legal move.
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move>;

    /// Changes the limits of the next searches; what the player has learnt (tables) stays.
    fn set_limits(&mut self, limits: Limits) {
        let _ = limits;
    }

    /// Gives the player endgame tables to consult (alpha-beta does; the others ignore them).
    fn set_endgame(&mut self, endgame: Option<Arc<dyn Endgame<G>>>) {
        let _ = endgame;
    }

    /// Chooses a move in the current position of `record`, the game so far. A player in another
    /// process needs the whole game (its start and moves, for the draw rules) and may fail: it
    /// then gives the game up with a [`Forfeit`] that says why. By default [`Player::choose`]
    /// in the record's position: the players of this crate never forfeit.
    fn choose_in_game(
        &mut self,
        record: &GameRecord<G>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> Result<SearchReport<G::Move>, Forfeit> {
        let mut history = Vec::new();
        let context = Context::of_record(record, &mut history);
        Ok(self.choose(record.position(), &context, progress))
    }

    /// Starts a new game: forgets what earlier games taught (tables, killers, history) and
    /// seeds the random choices with `seed`, so that a game plays the same whatever the player
    /// played before it.
    fn new_game(&mut self, seed: u64);
}

/// The search of `arbiter bench`: alpha-beta to `depth` from the game's start under its default
/// options, with a 16 MiB table. Its node count is a signature of the search: a change of move
/// ordering or pruning changes it.
#[must_use]
pub fn bench_search<G: Evaluate>(depth: u32) -> SearchReport<G::Move> {
    let start = G::start(&Default::default());
    AlphaBeta::<G>::new(Limits::depth(depth), 16).search(&start, &Context::default(), &mut |_| {})
}
