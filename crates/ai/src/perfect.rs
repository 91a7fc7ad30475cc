//! The perfect player: exact play by the solver, for the games that always end in a win.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use arbiter_core::Evaluate;
use arbiter_solver::{Exact, Oracle};

use crate::{AlphaBeta, Context, Limits, Player, Score, SearchReport};

/// The share of a time limit the solver may use; alpha-beta has the rest when it runs out.
const SOLVER_SHARE: u32 = 4;

/// A player who knows the value of every position, by the solver's [`Oracle`]: in a won
/// position he plays the fastest win, in a lost one the slowest loss, so he never lets a won
/// position slip. What the oracle proved is kept, as long as the player lives (a terminal
/// game, a match; the server makes a player for each move), from move to move and from game to
/// game: it is exact, so it never goes stale.
///
/// With a time limit, the solver has three quarters of it; should it not answer in that time,
/// or should the game have draw rules that the solver does not handle, alpha-beta chooses the
/// move in the time left (and the report's score is then an evaluation, not a proven result).
/// Without one, the solver takes as long as it needs.
pub struct Perfect<G: Evaluate> {
    oracle: Option<Oracle>,
    table_mib: usize,
    limits: Limits,
    fallback: AlphaBeta<G>,
}

impl<G: Evaluate> Perfect<G> {
    /// A perfect player with `table_mib` MiB for the solver's tables (made at the first move).
    #[must_use]
    pub fn new(limits: Limits, table_mib: usize) -> Self {
        Perfect {
            oracle: None,
            table_mib,
            limits,
            fallback: AlphaBeta::new(fallback_limits(limits, Duration::ZERO), 16),
        }
    }

    /// The perfect move, or `None` when the solver could not give it (or `stop` was set).
    fn solve(
        &mut self,
        position: &G,
        stop: Option<&AtomicBool>,
    ) -> Option<(Option<G::Move>, Exact, u64)> {
        if self.oracle.is_none() {
            self.oracle = Oracle::new(self.table_mib).ok();
        }
        let oracle = self.oracle.as_mut()?;
        let before = oracle.nodes();
        let time = self.limits.time.map(|time| time / SOLVER_SHARE * (SOLVER_SHARE - 1));
        let best = oracle.best(position, time, stop).ok()?;
        let nodes = oracle.nodes() - before;
        Some(match best {
            Some((mv, exact)) => (Some(mv), exact, nodes),
            None => (None, oracle.exact(position, None).ok()?, nodes),
        })
    }
}

/// Alpha-beta's limits when the solver has used `spent` of them: the time left, or a shallow
/// search when there is no time limit.
fn fallback_limits(limits: Limits, spent: Duration) -> Limits {
    match limits.time {
        Some(time) => Limits::time(time.saturating_sub(spent).max(Duration::from_millis(1))),
        None => Limits::depth(6),
    }
}

impl<G: Evaluate> Player<G> for Perfect<G> {
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        let started = Instant::now();
        if let Some((best, exact, nodes)) = self.solve(position, context.stop) {
            let report = SearchReport {
                best,
                score: if exact.wins { Score::Win(exact.plies) } else { Score::Loss(exact.plies) },
                depth: exact.plies,
                nodes,
                elapsed: started.elapsed(),
                pv: best.into_iter().collect(),
                book: false,
            };
            progress(&report);
            return report;
        }
        self.fallback.set_limits(fallback_limits(self.limits, started.elapsed()));
        let mut report = self.fallback.choose(position, context, progress);
        report.elapsed = started.elapsed();
        report
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Keeps the solver's tables: they hold exact values, which no game makes wrong, and the
    /// player's moves do not depend on them (only its speed does).
    fn new_game(&mut self, seed: u64) {
        self.fallback.new_game(seed);
    }
}
