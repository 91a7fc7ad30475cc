//! What a front end asks of a game whose type it does not know, beyond its record: the
//! computer's searches, exact values by the endgame tables or the solver, solutions, perft.
//! The code is generic over the game and instantiated here, once for each game of the
//! catalog, so that every front end gets it compiled as the engines are (see the workspace's
//! test profile) rather than each compiling its own copy.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arbiter_ai::{PlayerSpec, SearchInfo, Session, SpecError};
use arbiter_core::{perft, GameRecord};
use arbiter_solver::{accepts, solve, Exact, Oracle, Settings, Solution, SolveError};
use arbiter_tablebase::{Probe, Value};

use crate::{AnyGame, Endgames, Probing};

/// A search to run on a worker thread.
pub type Search = Box<dyn FnOnce() -> SearchInfo + Send>;

/// A search of exact values to run on a worker thread.
pub type ExactSearch = Box<dyn FnOnce() -> Option<Vec<ExactMove>> + Send>;

/// A legal move and its exact value for the player who makes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactMove {
    /// The move, in canonical notation.
    pub mv: String,
    /// Its value: a win or a loss in so many plies, or a draw.
    pub value: Value,
}

/// Whether the computer player `spec` can play the game at `record`'s position (the perfect
/// player only plays the games that always end in a win).
pub(crate) fn check_player<G: AnyGame>(
    record: &GameRecord<G>,
    spec: &PlayerSpec,
) -> Result<(), SpecError> {
    spec.check_game(record.position())
}

/// A search of `record`'s current position by `spec`, with the record's history for the draw
/// rules, probing `tables`; `stop` ends it early.
pub(crate) fn search<G: AnyGame>(
    record: &GameRecord<G>,
    spec: PlayerSpec,
    tables: Option<(&Endgames, Probing)>,
    stop: Option<Arc<AtomicBool>>,
) -> Search {
    let record = record.clone();
    let tables = tables.and_then(|(tables, probing)| tables.of::<G>(probing));
    Box::new(move || {
        let mut session = Session::new(record);
        session.set_endgame(tables);
        session.think(&spec, stop.as_deref(), &mut |_| {}).to_text()
    })
}

/// The exact values of `position`'s moves by the endgame tables `tables`, else by the solver
/// with `memory_mib` of tables: `None` in the games it does not handle, when the game is
/// `over`, or when `time` ran out first.
pub(crate) fn exact<G: AnyGame>(
    position: &G,
    over: bool,
    tables: Option<&Endgames>,
    time: Duration,
    memory_mib: usize,
) -> ExactSearch {
    let position = position.clone();
    let tables = tables.and_then(Endgames::tables::<G>);
    Box::new(move || {
        if over {
            return None;
        }
        if let Some(probe) = tables.and_then(|tables| tables.moves(&position)) {
            let moves = probe.moves.iter();
            return Some(
                moves.map(|(mv, value)| ExactMove { mv: mv.to_string(), value: *value }).collect(),
            );
        }
        if !accepts(&position) {
            return None;
        }
        let values = Oracle::new(memory_mib).ok()?.moves(&position, Some(time)).ok()?;
        let exact = |(mv, Exact { wins, plies }): (G::Move, Exact)| ExactMove {
            mv: mv.to_string(),
            value: if wins { Value::Win(plies) } else { Value::Loss(plies) },
        };
        Some(values.into_iter().map(exact).collect())
    })
}

/// The solution of `position`, its moves in canonical notation.
pub(crate) fn solution<G: AnyGame>(
    position: &G,
    settings: &Settings,
) -> Result<Solution<String>, SolveError> {
    let solution = solve(position, settings, &mut |_| {})?;
    Ok(Solution {
        winner: solution.winner,
        plies: solution.plies,
        principal_variation: solution.principal_variation.iter().map(ToString::to_string).collect(),
        nodes: solution.nodes,
        length_nodes: solution.length_nodes,
        search_time: solution.search_time,
        elapsed: solution.elapsed,
        proof_lines: solution.proof_lines,
    })
}

/// The number of move sequences of `depth` moves from `position`.
pub(crate) fn count<G: AnyGame>(position: &G, depth: u32) -> u64 {
    perft(position, depth)
}

/// `position`'s value in the endgame tables `tables`, its moves in canonical notation; `None`
/// where no table holds it.
pub(crate) fn probe<G: AnyGame>(position: &G, tables: &Endgames) -> Option<Probe<String>> {
    let probe = tables.tables::<G>()?.moves(position)?;
    Some(Probe {
        value: probe.value,
        moves: probe.moves.iter().map(|(mv, value)| (mv.to_string(), *value)).collect(),
    })
}
