//! The perfect-play length of a solved position and a line of perfect play.
//!
//! Perfect play here is what a player who knows the value does: the winner wins as fast as he
//! can, the loser loses as slowly as he can. Its length is found by depth-bounded AND/OR
//! searches, one bound after another (1, 3, 5, … plies when the player to move wins; 2, 4, …
//! when he loses). Each search asks "can the winner force the end within `d` plies?": at the
//! winner's nodes one move that works is enough, at the loser's every move must. What the
//! searches learn is memoised per position as bounds ("holds within `d`", "fails within `d`"),
//! so the next bound reuses it. At the winner's nodes, what is known decides first (a move
//! after which the loser is known to lose in time, a threat the game sees), then the moves the
//! df-pn results know to win, then the others: with more than [`SHALLOW`] plies left, a move of
//! unknown value is first proved to win by a df-pn search, so that a losing move is never
//! searched to a deep bound; with fewer, the bounded search tries it at once, which costs less
//! than the proof (in Breakthrough with holes, a fifth of the nodes). At the loser's nodes, a
//! move known to escape decides first.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use arbiter_core::{Forced, Knowledge, Status};

use crate::dfpn::Search;
use crate::table::{key_of, KeyMap, Table};

/// What is known of "the side to move wins (or loses) within `d` plies" for one position.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    /// The least `d` for which it is known to hold; `u32::MAX` when none is.
    holds_within: u32,
    /// The greatest `d` for which it is known to fail.
    fails_within: u32,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds { holds_within: u32::MAX, fails_within: 0 }
    }
}

/// What the distance searches remember: bounds per position, for "the player to move wins
/// within `d`" and "loses within `d`". It is a cache: when it reaches its capacity it is
/// emptied, which costs time and never changes an answer.
pub(crate) struct Lengths {
    wins: KeyMap<Bounds>,
    losses: KeyMap<Bounds>,
    capacity: usize,
}

/// Up to this many plies the length search tries a winner's move of unknown value by a
/// bounded search at once; beyond, it first proves the move wins by df-pn.
const SHALLOW: u32 = 12;

/// The longest perfect-play length looked for.
const MAX_PLIES: u32 = 10_000;

/// The bytes a remembered position costs, with the hash map's overhead.
const LENGTH_ENTRY_BYTES: usize = 32;

impl Lengths {
    /// A memory of about `bytes` bytes.
    pub(crate) fn new(bytes: usize) -> Lengths {
        Lengths {
            wins: KeyMap::default(),
            losses: KeyMap::default(),
            capacity: (bytes / LENGTH_ENTRY_BYTES).max(1024),
        }
    }

    fn remember(&mut self, wins: bool, key: u64, plies: u32, holds: bool) {
        if self.wins.len() + self.losses.len() >= self.capacity {
            self.wins.clear();
            self.losses.clear();
        }
        let memory = if wins { &mut self.wins } else { &mut self.losses };
        let bounds = memory.entry(key).or_default();
        if holds {
            bounds.holds_within = bounds.holds_within.min(plies);
        } else {
            bounds.fails_within = bounds.fails_within.max(plies);
        }
    }
}

/// The distance searches over one game.
pub(crate) struct Distance<'a> {
    /// The df-pn results, which searches of the winner's alternatives add to.
    table: &'a mut Table,
    lengths: &'a mut Lengths,
    /// Positions visited.
    pub(crate) nodes: u64,
    /// Positions expanded by the df-pn searches of the winner's alternatives.
    pub(crate) solve_nodes: u64,
    /// When to give up.
    deadline: Option<Instant>,
    /// Set when the deadline has passed: every search then unwinds without remembering.
    stopped: bool,
    /// Set (by another thread) to stop like the deadline.
    stop: Option<&'a AtomicBool>,
    /// Whether a winner's move of unknown value, far from the end, is first proved to win by
    /// df-pn ([`SHALLOW`]); off for positions whose value is not known.
    proving: bool,
}

impl<'a> Distance<'a> {
    pub(crate) fn new(
        table: &'a mut Table,
        lengths: &'a mut Lengths,
        deadline: Option<Instant>,
    ) -> Self {
        Distance {
            table,
            lengths,
            nodes: 0,
            solve_nodes: 0,
            deadline,
            stopped: false,
            stop: None,
            proving: true,
        }
    }

    /// The same searches, never proving a move's value by df-pn first: for the depth bounds
    /// of a position whose value is unknown, where such a proof could be the whole problem.
    pub(crate) fn without_proofs(mut self) -> Self {
        self.proving = false;
        self
    }

    /// The same searches, also stopped when `stop` is set.
    pub(crate) fn stopped_by(mut self, stop: Option<&'a AtomicBool>) -> Self {
        self.stop = stop;
        self
    }

    /// Lets the searches run to their end.
    pub(crate) fn clear_deadline(&mut self) {
        self.deadline = None;
    }

    /// Counts a position and looks at the clock now and then.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096)
            && (self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
                || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
    }

    /// Whether the player to move at `position` wins: from the table, or by df-pn.
    fn wins<G: Knowledge>(&mut self, position: &G, key: u64) -> bool {
        if let Some(known) = self.table.value(key) {
            return known;
        }
        // A df-pn search looks at the clock only every few thousand nodes: once the limit has
        // passed, none is started.
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
            || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            self.stopped = true;
        }
        if self.stopped {
            return false;
        }
        let mut quiet = |_: &crate::Progress| {};
        let left = self.deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
        let mut search = Search::new(self.table, left, &mut quiet).stopped_by(self.stop);
        let won = search.solve(position);
        self.solve_nodes += search.nodes;
        if won.is_none() {
            self.stopped = true;
        }
        won.unwrap_or(false)
    }

    /// The perfect-play length of `position`, whose player to move wins when `won`; `Err` with
    /// the greatest length ruled out when the deadline came first. `bound` is told each length
    /// about to be tried.
    pub(crate) fn plies<G: Knowledge>(
        &mut self,
        position: &G,
        won: bool,
        bound: &mut dyn FnMut(u32),
    ) -> Result<u32, u32> {
        let key = key_of(position);
        let mut plies = if won { 1 } else { 0 };
        loop {
            bound(plies);
            let within = if won {
                self.wins_within(position, key, plies)
            } else {
                self.loses_within(position, key, plies)
            };
            if self.stopped {
                return Err(plies.saturating_sub(2));
            }
            if within {
                return Ok(plies);
            }
            // No game is this long: the value and the searches disagree (a hash collision
            // could do it), and searching on would never end.
            if plies >= MAX_PLIES {
                return Err(plies);
            }
            // The winner makes the last move: the length is odd from his turn, even from the
            // loser's.
            plies += 2;
        }
    }

    /// A line of perfect play from `position`, of length `plies` (its perfect-play length),
    /// whose player to move wins when `won`.
    pub(crate) fn line<G: Knowledge>(
        &mut self,
        position: &G,
        won: bool,
        plies: u32,
    ) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut position = position.clone();
        let mut winner_to_move = won;
        for left in (1..=plies).rev() {
            let Some(mv) = self.perfect_move(&position, winner_to_move, left) else { break };
            position.play_unchecked(mv);
            line.push(mv);
            winner_to_move = !winner_to_move;
        }
        line
    }

    /// A perfect move at `position`, whose player to move wins when `won` in `plies` plies
    /// of perfect play: the first move after which the loser loses within `plies - 1` plies
    /// (for the winner), or after which the winner needs all of them (for the loser).
    pub(crate) fn perfect_move<G: Knowledge>(
        &mut self,
        position: &G,
        won: bool,
        plies: u32,
    ) -> Option<G::Move> {
        position.legal_moves().into_iter().find(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let key = key_of(&child);
            if won {
                self.loses_within(&child, key, plies - 1)
            } else {
                plies < 2 || !self.wins_within(&child, key, plies - 2)
            }
        })
    }

    /// `true` once the deadline has stopped the searches: their answers are then not to be
    /// trusted.
    pub(crate) const fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the player to move can win within `plies` plies whatever the opponent does.
    pub(crate) fn wins_within<G: Knowledge>(&mut self, position: &G, key: u64, plies: u32) -> bool {
        if plies == 0 || position.status().is_over() || self.table.value(key) == Some(false) {
            return false;
        }
        match position.forced() {
            Some(Forced::WinInOne) => return true,
            Some(Forced::LossInTwo) => return false,
            // Within three, perhaps at once: a shorter bound is searched.
            Some(Forced::WinInThree) if plies >= 3 => return true,
            _ => {}
        }
        if let Some(known) = known(self.lengths.wins.get(&key), plies) {
            return known;
        }
        if self.stopped {
            return false;
        }
        self.tick();
        let children = children(position);
        // First what is known without a search (an enhanced transposition cutoff): a move
        // that wins on the spot, or after which the loser is known to lose in time.
        let quick = children.iter().any(|(child, child_key)| {
            lost_by_mover(child)
                || (plies >= 3
                    && (child.forced() == Some(Forced::LossInTwo)
                        || known(self.lengths.losses.get(child_key), plies - 1) == Some(true)))
        });
        // Then the moves known to win (lost for the opponent), then the others. A move whose
        // value is unknown may still win faster than the known ones: near the end a bounded
        // search of it costs less than proving its value by df-pn first, far from it more.
        let holds = quick
            || (plies >= 3 && {
                let (mut known, mut unknown) = (Vec::new(), Vec::new());
                for (child, child_key) in children {
                    match self.table.value(child_key) {
                        // The move loses.
                        Some(true) => {}
                        Some(false) => known.push((child, child_key)),
                        None => unknown.push((child, child_key)),
                    }
                }
                known
                    .into_iter()
                    .any(|(child, child_key)| self.loses_within(&child, child_key, plies - 1))
                    || unknown.into_iter().any(|(child, child_key)| {
                        (!self.proving || plies <= SHALLOW || !self.wins(&child, child_key))
                            && self.loses_within(&child, child_key, plies - 1)
                    })
            });
        if !self.stopped {
            self.lengths.remember(true, key, plies, holds);
        }
        holds
    }

    /// Whether the player to move loses within `plies` plies whatever he does.
    pub(crate) fn loses_within<G: Knowledge>(
        &mut self,
        position: &G,
        key: u64,
        plies: u32,
    ) -> bool {
        if lost_by_mover(position) {
            return true;
        }
        if plies < 2 || position.status().is_over() || self.table.value(key) == Some(true) {
            return false;
        }
        if let Some(forced) = position.forced() {
            return !forced.mover_wins();
        }
        if let Some(known) = known(self.lengths.losses.get(&key), plies) {
            return known;
        }
        if self.stopped {
            return false;
        }
        self.tick();
        let children = children(position);
        // First what is known without a search: a move after which the winner is known not
        // to win in time.
        let escape = children.iter().any(|(child, child_key)| {
            !child.status().is_over()
                && (child.forced() == Some(Forced::LossInTwo)
                    || self.table.value(*child_key) == Some(false)
                    || known(self.lengths.wins.get(child_key), plies - 1) == Some(false))
        });
        let holds = !escape
            && children
                .into_iter()
                .all(|(child, child_key)| self.wins_within(&child, child_key, plies - 1));
        if !self.stopped {
            self.lengths.remember(false, key, plies, holds);
        }
        holds
    }
}

/// The answer the bounds already give for `plies`, if any.
fn known(bounds: Option<&Bounds>, plies: u32) -> Option<bool> {
    let bounds = bounds?;
    if plies >= bounds.holds_within {
        Some(true)
    } else if plies <= bounds.fails_within {
        Some(false)
    } else {
        None
    }
}

/// `true` when the game is over and the player to move has lost it.
fn lost_by_mover<G: Knowledge>(position: &G) -> bool {
    match position.status() {
        Status::Over(outcome) => outcome.winner() != Some(position.side_to_move()),
        Status::Ongoing => false,
    }
}

/// The positions after each legal move, with their keys.
fn children<G: Knowledge>(position: &G) -> Vec<(G, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let key = key_of(&child);
            (child, key)
        })
        .collect()
}
