//! Exact answers about positions, one question after another, for players and analysis: the
//! value and perfect-play length of a position, of each of its moves, and the perfect move.
//!
//! An [`Oracle`] keeps what it has proved between questions (the df-pn table, the solved set
//! and the length bounds), so that the questions of one game, where each position follows the
//! last, mostly find their answers already known. What it keeps is exact, so it never goes
//! stale: a new game keeps it too.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_core::{DrawRules, Knowledge, Status};

use crate::book::book;
use crate::dfpn::Search;
use crate::length::{Distance, Lengths};
use crate::table::{Solved, Table};
use crate::{Memory, SolveError};

/// The exact value of a position for the player to move: whether he wins with perfect play,
/// and the perfect-play length (the winner wins as fast as he can, the loser loses as slowly
/// as he can), in plies. Values are ordered from worst to best for that player: the slowest
/// win is below the fastest, and every loss below every win, the fastest loss lowest. Its
/// `Display` is `wins in 17 plies` or `loses in 22 plies`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    /// `true` when the player to move wins.
    pub wins: bool,
    /// Plies to the end with perfect play; 0 for a finished game.
    pub plies: u32,
}

impl Exact {
    /// The value of a move for the player who makes it, from the value of the position after
    /// it (for the opponent): one ply longer, and the other way round.
    #[must_use]
    pub const fn before(self) -> Exact {
        Exact { wins: !self.wins, plies: self.plies + 1 }
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // A win is better the shorter, a loss the longer.
        let rank = |exact: &Exact| {
            if exact.wins {
                i64::from(u32::MAX) - i64::from(exact.plies)
            } else {
                i64::from(exact.plies) - i64::from(u32::MAX)
            }
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.wins { "wins" } else { "loses" };
        let unit = if self.plies == 1 { "ply" } else { "plies" };
        write!(f, "{verb} in {} {unit}", self.plies)
    }
}

/// A solver that remembers what it proved, for one game and rule set at a time.
pub struct Oracle {
    table: Table,
    lengths: Lengths,
    /// Positions expanded since the oracle was made, by df-pn and the length searches.
    nodes: u64,
}

impl Oracle {
    /// An oracle with about `hash_mib` MiB for its tables.
    pub fn new(hash_mib: usize) -> Result<Oracle, SolveError> {
        let memory = Memory::split(hash_mib, 1);
        let memory_error = SolveError::Memory { mib: hash_mib };
        let solved = Arc::new(Solved::new(memory.solved).ok_or(memory_error.clone())?);
        let table = Table::new(memory.table, solved).ok_or(memory_error)?;
        Ok(Oracle { table, lengths: Lengths::new(memory.lengths), nodes: 0 })
    }

    /// Positions expanded so far, by every question.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of `position`, or [`SolveError::OutOfTime`] when `time` runs out
    /// first (what was proved on the way is kept for the next question).
    pub fn exact<G: Knowledge>(
        &mut self,
        position: &G,
        time: Option<Duration>,
    ) -> Result<Exact, SolveError> {
        let deadline = time.map(|time| Instant::now() + time);
        self.on_big_stack(|oracle| oracle.exact_here(position, deadline, None))
    }

    /// The exact value of every legal move of `position` for the player who makes it, best
    /// first (in the order of the legal moves among equals). Fails like [`Oracle::exact`] if
    /// `time` runs out before all are known.
    pub fn moves<G: Knowledge>(
        &mut self,
        position: &G,
        time: Option<Duration>,
    ) -> Result<Vec<(G::Move, Exact)>, SolveError> {
        let deadline = time.map(|time| Instant::now() + time);
        self.on_big_stack(|oracle| {
            let mut values = Vec::new();
            for mv in position.legal_moves() {
                let mut child = position.clone();
                child.play_unchecked(mv);
                values.push((mv, oracle.exact_here(&child, deadline, None)?.before()));
            }
            // A stable sort: equals keep the order of the legal moves.
            values.sort_by(|(_, a), (_, b)| b.cmp(a));
            Ok(values)
        })
    }

    /// The perfect move of `position` and the position's exact value: the winner's fastest
    /// win, the loser's slowest loss (the first in the order of the legal moves when several
    /// are as good). `None` for a finished game. Setting `stop` (from another thread) ends
    /// the search like the time limit.
    pub fn best<G: Knowledge>(
        &mut self,
        position: &G,
        time: Option<Duration>,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<(G::Move, Exact)>, SolveError> {
        let deadline = time.map(|time| Instant::now() + time);
        self.on_big_stack(|oracle| {
            let exact = oracle.exact_here(position, deadline, stop)?;
            if exact.plies == 0 {
                return Ok(None);
            }
            if let Some(mv) = from_book(position, exact) {
                return Ok(Some((mv, exact)));
            }
            let mut distance =
                Distance::new(&mut oracle.table, &mut oracle.lengths, deadline).stopped_by(stop);
            let best = distance.perfect_move(position, exact.wins, exact.plies);
            oracle.nodes += distance.nodes + distance.solve_nodes;
            match best {
                Some(mv) if !distance.stopped() => Ok(Some((mv, exact))),
                _ => Err(SolveError::OutOfTime),
            }
        })
    }

    fn exact_here<G: Knowledge>(
        &mut self,
        position: &G,
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
    ) -> Result<Exact, SolveError> {
        if position.draw_rules() != DrawRules::NONE {
            return Err(SolveError::DrawRules { game: G::ID });
        }
        if let Status::Over(outcome) = position.status() {
            let wins = outcome.winner() == Some(position.side_to_move());
            return Ok(Exact { wins, plies: 0 });
        }
        if let Some(known) = book(G::ID).and_then(|book| book.exact(position.canonical_hash())) {
            return Ok(known);
        }
        let left = deadline.map(|deadline| {
            deadline.saturating_duration_since(Instant::now()).max(Duration::from_nanos(1))
        });
        let mut quiet = |_: &crate::Progress| {};
        let mut search = Search::new(&mut self.table, left, &mut quiet).stopped_by(stop);
        let won = search.solve(position);
        self.nodes += search.nodes;
        let wins = won.ok_or(SolveError::OutOfTime)?;
        let mut distance =
            Distance::new(&mut self.table, &mut self.lengths, deadline).stopped_by(stop);
        let plies = distance.plies(position, wins, &mut |_| {});
        self.nodes += distance.nodes + distance.solve_nodes;
        let plies = plies.map_err(|_| SolveError::OutOfTime)?;
        Ok(Exact { wins, plies })
    }

    /// Runs `work` on this oracle on a thread with the solver's large stack.
    fn on_big_stack<T: Send>(
        &mut self,
        work: impl FnOnce(&mut Oracle) -> Result<T, SolveError> + Send,
    ) -> Result<T, SolveError> {
        crate::on_big_stack("oracle", || work(self))
    }
}

/// The perfect move by the book of `G`, when it knows the position's value (`exact`) and the
/// value of a move that keeps it: the first such move in the order of the legal moves, as the
/// search would choose.
fn from_book<G: Knowledge>(position: &G, exact: Exact) -> Option<G::Move> {
    let book = book(G::ID)?;
    position.legal_moves().into_iter().find(|&mv| {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let after = match child.status() {
            Status::Over(outcome) => {
                Some(Exact { wins: outcome.winner() == Some(child.side_to_move()), plies: 0 })
            }
            Status::Ongoing => book.exact(child.canonical_hash()),
        };
        after.map(Exact::before) == Some(exact)
    })
}

#[cfg(test)]
mod tests {
    use super::Exact;

    #[test]
    fn values_order_from_the_fastest_loss_to_the_fastest_win() {
        let win = |plies| Exact { wins: true, plies };
        let loss = |plies| Exact { wins: false, plies };
        let mut values = vec![win(9), loss(2), win(1), loss(12), win(3)];
        values.sort();
        assert_eq!(values, [loss(2), loss(12), win(9), win(3), win(1)]);
        assert_eq!(win(17).to_string(), "wins in 17 plies");
        assert_eq!(loss(1).to_string(), "loses in 1 ply");
        assert_eq!(loss(4).before(), win(5));
    }
}
