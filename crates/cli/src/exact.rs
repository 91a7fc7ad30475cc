//! Exact values of every legal move, for `hint` in `arbiter play` and for `arbiter analyze`:
//! from the endgame tables where they hold the position (checkers, Fanorona, Day and Night),
//! and by the solver in the games it handles (those that always end in a win: minicheckers,
//! holes).

use std::sync::Arc;
use std::time::Duration;

use arbiter_catalog::{AnyGame, Endgames};
use arbiter_core::Knowledge;
use arbiter_solver::{accepts, Exact, Oracle, SolveError, DEFAULT_HASH_MIB};

/// How long `hint` waits for the exact values.
pub const HINT_TIME: Duration = Duration::from_secs(5);

/// Moves with their exact values.
pub type Valued<M> = Vec<(M, Exact)>;

/// The solver of a terminal session, made when it is first asked: its tables stay from one
/// question to the next; and the endgame tables.
pub struct ExactMoves {
    oracle: Option<Oracle>,
    tables: Arc<Endgames>,
}

impl ExactMoves {
    /// Exact values from the endgame tables `tables` and the solver.
    pub fn new(tables: Arc<Endgames>) -> ExactMoves {
        ExactMoves { oracle: None, tables }
    }

    /// The legal moves of `position` with their exact values for the player to move, best
    /// first (the order of the legal moves among equals). `None` for a game the solver does
    /// not handle; an error when the values were not all found within `time`.
    pub fn ranked<G: Knowledge>(
        &mut self,
        position: &G,
        time: Duration,
    ) -> Option<Result<Valued<G::Move>, SolveError>> {
        if !accepts(position) {
            return None;
        }
        let oracle = match &mut self.oracle {
            Some(oracle) => oracle,
            empty => match Oracle::new(DEFAULT_HASH_MIB) {
                Ok(oracle) => empty.insert(oracle),
                Err(error) => return Some(Err(error)),
            },
        };
        Some(oracle.moves(position, Some(time)))
    }
}

/// The lines that show exact values: `exact: b2-c3 wins in 17 plies, …`, or why there are
/// none. Empty for a position neither the tables nor the solver handle.
pub fn lines<G: AnyGame>(exact: &mut ExactMoves, position: &G, time: Duration) -> Vec<String> {
    if let Some(lines) = crate::tablebase::exact_lines(position, &exact.tables) {
        return lines;
    }
    match exact.ranked(position, time) {
        None => Vec::new(),
        Some(Ok(values)) => {
            values.into_iter().map(|(mv, value)| format!("exact: {mv} {value}")).collect()
        }
        Some(Err(error)) => {
            vec![format!("exact: not found within {:.1} s ({error})", time.as_secs_f64())]
        }
    }
}
