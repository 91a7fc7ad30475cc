//! Alpha-beta: iterative-deepening negamax with principal-variation search.
//!
//! The classic design of chess and draughts engines, generic over the game:
//! - iterative deepening, so that a time limit always leaves a finished iteration's move;
//! - principal-variation search (Marsland and Campbell, 1982): the first move with the full
//!   window, the others with a null window, searched again only when they surprise;
//! - a transposition table keyed by the Zobrist hash (see [`crate::table`]);
//! - move ordering: the table's move, then tactical moves, then two killer moves per ply
//!   (Akl and Newborn, 1977), then the history heuristic (Schaeffer, 1989);
//! - a quiescence search over tactical moves at the horizon, so that a capture in progress is
//!   not misjudged; where every move is tactical (captures are compulsory) there is no
//!   standing pat for one ply, or for as long as there are few captures to choose from;
//! - the game's draw rules, with the game's history before the root: a position repeated on
//!   the search path scores as a draw (a cycle gains nothing), and so does one that completes
//!   the game's repetition count with the positions already played; a line that reaches the
//!   limit of turns without progress is a draw unless the side to move has lost;
//! - knowing that a won game can still be drawn: a draw is worth less than nothing to the
//!   side that is ahead (contempt, from the previous iteration's score), and a position
//!   already played in the game is searched again rather than taken from the table, whose
//!   score may come from a search that did not know of the repetition below it;
//! - endgame tables, where it has them ([`Player::set_endgame`]): a position below the root
//!   that a table holds is not searched but valued by it. A table's distance ignores the rule
//!   on turns without progress, so a win (or loss) counts as proven only when it ends within
//!   the turns the rule leaves even if no move of it were progress; a longer one scores as a
//!   large advantage, shorter wins higher ([`UNSURE_WIN`]), so the search still heads for the
//!   shortest win and prefers one that makes progress. A table's draw is a draw. At a root
//!   that a table holds, one iteration values every move exactly and the search stops.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use arbiter_core::nnue::{self, Network};
use arbiter_core::{Evaluate, Outcome, Status, Tactics};
use arbiter_tablebase::{Endgame, Value};

use crate::draws::Draws;
use crate::limits::{Clock, Limits};
use crate::score::{Score, INFINITY, PROVEN, WIN};
use crate::table::{from_table, to_table, Bound, Entry as TableEntry, Table};
use crate::{Context, Player, SearchReport};

/// The deepest iteration when no depth limit is given.
const MAX_DEPTH: u32 = 64;
/// The deepest iteration whatever the limit asks: the search keeps per-ply tables this long.
const DEEPEST: u32 = 1000;
/// How deep the quiescence search may go.
const MAX_QUIESCENCE: u32 = 16;
/// Beyond its first ply, the quiescence search follows compulsory captures only where there
/// are at most this many.
const FORCED_BRANCHES: usize = 3;
/// A score below this (in hundredths of a piece) is too small an advantage to refuse a draw
/// for: the side is only a little better.
const CONTEMPT_FROM: i32 = 50;
/// The most a draw can cost the side ahead, in hundredths of a piece.
const MAX_CONTEMPT: i32 = 40;
/// Slots of the history table (moves are hashed into it).
const HISTORY: usize = 4096;
/// The score of a table's win that may not end before the rule on turns without progress
/// draws the game, less its distance: above any evaluation, below every proven score.
const UNSURE_WIN: i32 = 100_000;

/// An alpha-beta player with its transposition table, killers and history, kept between moves.
pub struct AlphaBeta<G: Evaluate> {
    limits: Limits,
    table: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// The score of the last search, for its side to move: where the next search's contempt
    /// starts.
    last_score: i32,
    /// The endgame tables consulted, if any.
    endgame: Option<Arc<dyn Endgame<G>>>,
    /// The network that evaluates positions, or none for the hand-written evaluation.
    network: Option<&'static Network>,
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A player searching within `limits`, with a transposition table of `table_mib` MiB.
    #[must_use]
    pub fn new(limits: Limits, table_mib: usize) -> Self {
        AlphaBeta {
            limits,
            table: Table::new(table_mib),
            killers: Vec::new(),
            history: vec![0; HISTORY],
            last_score: 0,
            endgame: None,
            network: None,
        }
    }

    /// Evaluates positions with `network` (one of `G`'s, as [`Evaluate::network`] gives),
    /// or with the hand-written evaluation when `None`, the default.
    pub fn set_network(&mut self, network: Option<&'static Network>) {
        self.network = network;
    }

    /// Searches `position`, reached by the game in `context`, by iterative deepening;
    /// `progress` hears each completed iteration.
    pub fn search(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        self.table.new_search();
        self.history.iter_mut().for_each(|value| *value /= 8);
        let clock = Clock::start(&self.limits);
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, DEEPEST);
        let mut last_score = self.last_score;
        let mut search = Search::new(self, clock, max_depth, position, context);
        let legal = position.legal_moves();
        let mut report = SearchReport {
            best: legal.first().copied(),
            score: Score::Eval(0),
            depth: 0,
            nodes: 0,
            elapsed: clock.elapsed(),
            pv: legal.first().copied().into_iter().collect(),
            book: false,
        };
        if legal.is_empty() {
            return report;
        }
        let quiet = search.draws.root_quiet;
        // At a root the tables hold, every move is valued exactly by the first iteration.
        let root_in_tables =
            search.endgame.is_some_and(|endgame| endgame.value(position).is_some());
        search.contempt = contempt(last_score);
        for depth in 1..=max_depth {
            let score = search.negamax(position, depth as i32, -INFINITY, INFINITY, 0, quiet);
            if search.stopped {
                // The root searches with a full window, so a move in the interrupted
                // iteration's line was searched to the end and scored better than every move
                // before it, the previous best first: it is the better choice. Without it, a
                // limit reached within the first iteration would play the first legal move.
                if let Some(&best) = search.pv[0].first() {
                    report.best = Some(best);
                    report.pv = search.pv[0].clone();
                }
                break;
            }
            last_score = score;
            search.contempt = contempt(score);
            report.best = search.pv[0].first().copied().or(report.best);
            report.pv = search.pv[0].clone();
            report.score = Score::from_internal(score);
            report.depth = depth;
            report.nodes = search.nodes;
            report.elapsed = clock.elapsed();
            progress(&report);
            let proven_within_reach = score.abs() > PROVEN && (WIN - score.abs()) as u32 <= depth;
            if proven_within_reach || root_in_tables || clock.past_half(&search.limits) {
                break;
            }
        }
        report.nodes = search.nodes;
        report.elapsed = clock.elapsed();
        self.last_score = last_score;
        report
    }
}

/// What a draw is worth to the side to move at the root, when its search scores `score`:
/// nothing when the position is about even or worse for it, and less the more the side is
/// ahead, down to `-MAX_CONTEMPT`. A side behind values a draw as the game does (0): it
/// defends as it would without contempt, rather than steering for repetitions.
fn contempt(score: i32) -> i32 {
    if score < CONTEMPT_FROM {
        0
    } else {
        -(score / 5).min(MAX_CONTEMPT)
    }
}

impl<G: Evaluate> Player<G> for AlphaBeta<G> {
    fn choose(
        &mut self,
        position: &G,
        context: &Context<'_>,
        progress: &mut dyn FnMut(&SearchReport<G::Move>),
    ) -> SearchReport<G::Move> {
        self.search(position, context, progress)
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn set_endgame(&mut self, endgame: Option<Arc<dyn Endgame<G>>>) {
        self.endgame = endgame;
    }

    /// Alpha-beta makes no random choice: the seed is not used.
    fn new_game(&mut self, _seed: u64) {
        self.table.clear();
        self.killers.clear();
        self.history.fill(0);
        self.last_score = 0;
    }
}

/// The state of one search.
struct Search<'a, G: Evaluate> {
    table: &'a mut Table<G::Move>,
    killers: &'a mut Vec<[Option<G::Move>; 2]>,
    history: &'a mut [i32],
    limits: Limits,
    clock: Clock,
    /// Set from outside to stop the search.
    stop: Option<&'a AtomicBool>,
    nodes: u64,
    stopped: bool,
    /// The game's draw rules, with the game before the root.
    draws: Draws,
    /// What a draw is worth to the side to move at the root (see [`contempt`]).
    contempt: i32,
    /// The hashes of the positions from the root to the current one.
    path: Vec<u64>,
    /// The principal variation found below each ply.
    pv: Vec<Vec<G::Move>>,
    /// One ordered move list per ply, reused.
    moves: Vec<Vec<(i32, G::Move)>>,
    /// One list of tactical moves per ply, for the quiescence search, reused.
    tactical: Vec<Vec<G::Move>>,
    /// One list of generated moves, reused.
    generated: Vec<G::Move>,
    /// The endgame tables consulted, if any.
    endgame: Option<&'a dyn Endgame<G>>,
    /// The network that evaluates positions, if any.
    network: Option<&'static Network>,
}

impl<'a, G: Evaluate> Search<'a, G> {
    fn new(
        engine: &'a mut AlphaBeta<G>,
        clock: Clock,
        max_depth: u32,
        root: &G,
        context: &Context<'a>,
    ) -> Self {
        let plies = (max_depth + MAX_QUIESCENCE + 2) as usize;
        engine.killers.resize(plies, [None, None]);
        Search {
            table: &mut engine.table,
            killers: &mut engine.killers,
            history: &mut engine.history,
            limits: engine.limits,
            clock,
            stop: context.stop,
            nodes: 0,
            stopped: false,
            draws: Draws::new(root, context),
            contempt: 0,
            path: Vec::with_capacity(plies),
            pv: vec![Vec::new(); plies],
            moves: vec![Vec::new(); plies],
            tactical: vec![Vec::new(); plies],
            generated: Vec::with_capacity(64),
            endgame: engine.endgame.as_deref(),
            network: engine.network,
        }
    }

    /// Counts a node, or stops the search when a limit is reached: the node limit is never
    /// exceeded, and the clock is read every 1024 nodes.
    fn visit(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        let over_nodes = self.limits.nodes.is_some_and(|limit| self.nodes >= limit);
        let check = self.nodes.is_multiple_of(1024) && self.nodes > 0;
        let stopped_outside = || self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        if over_nodes || (check && (self.clock.expired() || stopped_outside())) {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// The move's slot in the history table: its hash by a fixed function, so that move
    /// ordering (and the bench signature) is the same on every machine and Rust release.
    fn history_slot(mv: &G::Move) -> usize {
        (fixed_hash(mv) % HISTORY as u64) as usize
    }

    /// The static evaluation of `position`: the network's, or the hand-written one.
    fn evaluate(&self, position: &G) -> i32 {
        match self.network {
            Some(network) => nnue::evaluate(network, position),
            None => position.evaluate(),
        }
    }

    /// The score of a finished game for the player to move, `ply` plies from the root.
    fn terminal(&self, position: &G, ply: u32) -> i32 {
        match position.status() {
            Status::Over(Outcome::Win { winner, .. }) if winner == position.side_to_move() => {
                WIN - ply as i32
            }
            Status::Over(Outcome::Win { .. }) => -(WIN - ply as i32),
            _ => self.draw(ply),
        }
    }

    /// The score of a position the tables hold, `ply` plies below the root and reached after
    /// `quiet` turns without progress; `None` when no table holds it.
    fn table_score(&self, position: &G, ply: u32, quiet: u32) -> Option<i32> {
        let value = self.endgame?.value(position)?;
        // Whether the end comes before the rule on turns without progress could draw the game.
        let in_time = |plies: u32| self.draws.turns_left(quiet).is_none_or(|left| plies <= left);
        let proven = |plies: u32| WIN - (ply + plies) as i32;
        let unsure = |plies: u32| UNSURE_WIN - plies.min(UNSURE_WIN as u32 / 2) as i32;
        Some(match value {
            Value::Draw => self.draw(ply),
            Value::Win(plies) if in_time(plies) => proven(plies),
            Value::Loss(plies) if in_time(plies) => -proven(plies),
            Value::Win(plies) => unsure(plies),
            Value::Loss(plies) => -unsure(plies),
        })
    }

    /// A draw's score for the side to move `ply` plies below the root.
    fn draw(&self, ply: u32) -> i32 {
        if ply.is_multiple_of(2) {
            self.contempt
        } else {
            -self.contempt
        }
    }

    fn negamax(
        &mut self,
        position: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        quiet: u32,
    ) -> i32 {
        if depth <= 0 {
            return self.quiescence(position, alpha, beta, ply, quiet, 0);
        }
        if !self.visit() {
            return 0;
        }
        let index = ply as usize;
        self.pv[index].clear();
        let hash = position.hash();
        let drawn = |search: &Self| {
            search.draws.repeats(hash, &search.path) || search.draws.out_of_turns(position, quiet)
        };
        if ply > 0 && drawn(self) {
            return self.draw(ply);
        }
        if let Some(score) = self.table_score(position, ply, quiet).filter(|_| ply > 0) {
            return score;
        }
        let entry = self.table.probe(hash);
        // A position already played in this game may be drawn by repetition below it, which
        // a score stored from another search (another history) does not know: it is searched
        // again, so that the side ahead does not walk into a repetition on the table's word.
        let trusted = ply > 0 && !self.draws.played_before(hash);
        let settled = entry.filter(|entry| trusted && entry.depth >= depth);
        if let Some(score) = settled.and_then(|entry| table_cutoff(&entry, ply, alpha, beta)) {
            return score;
        }
        let mut moves = std::mem::take(&mut self.moves[index]);
        self.order(position, entry.and_then(|entry| entry.best), ply, &mut moves);
        if moves.is_empty() {
            self.moves[index] = moves;
            return self.terminal(position, ply);
        }
        let original_alpha = alpha;
        let (mut best_score, mut best_move) = (-INFINITY, None);
        self.path.push(hash);
        for (number, &(_, mv)) in moves.iter().enumerate() {
            let child_quiet = Draws::after(position, mv, quiet);
            let mut child = position.clone();
            child.play_unchecked(mv);
            let window = (alpha, beta);
            let score =
                self.child_score(&child, number == 0, depth - 1, window, ply + 1, child_quiet);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.extend_pv(index, mv);
                }
            }
            if alpha >= beta {
                if !position.is_tactical(mv) {
                    self.remember_cutoff(mv, depth, ply);
                }
                break;
            }
        }
        self.path.pop();
        self.moves[index] = moves;
        if self.stopped {
            return 0;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.table.store(hash, depth, to_table(best_score, ply), bound, best_move);
        best_score
    }

    /// A child's score by principal variation search: the first child with the whole window
    /// `(alpha, beta)`, each other one with a null window first, searched again with the whole
    /// window when it may fall inside it.
    fn child_score(
        &mut self,
        child: &G,
        first: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: u32,
        quiet: u32,
    ) -> i32 {
        if first {
            return -self.negamax(child, depth, -beta, -alpha, ply, quiet);
        }
        let probe = -self.negamax(child, depth, -alpha - 1, -alpha, ply, quiet);
        if probe > alpha && probe < beta {
            -self.negamax(child, depth, -beta, -alpha, ply, quiet)
        } else {
            probe
        }
    }

    /// The principal variation at `index`: `mv`, then the one found below it.
    fn extend_pv(&mut self, index: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(index + 1);
        head[index].clear();
        head[index].push(mv);
        head[index].extend_from_slice(&tail[0]);
    }

    /// Searches tactical moves only, past the horizon, in the game's order: the killers and
    /// the history order quiet moves, which are not searched here.
    fn quiescence(
        &mut self,
        position: &G,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        quiet: u32,
        depth: u32,
    ) -> i32 {
        if !self.visit() {
            return 0;
        }
        let index = ply as usize;
        self.pv[index].clear();
        if let Some(score) = self.table_score(position, ply, quiet) {
            // A table knows nothing of the game's history: a position that repeats one on the
            // path, or completes the game's count, is still a draw.
            let repeated = self.draws.repeats(position.hash(), &self.path);
            return if repeated { self.draw(ply) } else { score };
        }
        // Where every move is tactical (captures are compulsory) there is no standing pat:
        // the captures are searched, but only one ply, or while there are few of them (a
        // draughts exchange), so that a game where captures are nearly always on, such as
        // Fanorona, does not turn the quiescence search into a full-width one. Beyond the
        // first ply the game need not list the captures when there are many.
        let limit = if depth == 0 { usize::MAX } else { FORCED_BRANCHES };
        let mut moves = std::mem::take(&mut self.tactical[index]);
        let forced = match position.tactical_moves(&mut moves, limit) {
            Tactics::Over => {
                self.tactical[index] = moves;
                return self.terminal(position, ply);
            }
            Tactics::ManyTactical => {
                self.tactical[index] = moves;
                return self.evaluate(position);
            }
            Tactics::AllTactical => true,
            Tactics::SomeQuiet => false,
        };
        let mut best = -INFINITY;
        if !forced || depth >= MAX_QUIESCENCE {
            best = self.evaluate(position);
            if best >= beta || depth >= MAX_QUIESCENCE {
                self.tactical[index] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let child_quiet = Draws::after(position, mv, quiet);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, child_quiet, depth + 1);
            if self.stopped {
                break;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.tactical[index] = moves;
        best
    }

    /// Fills `moves` with the legal moves, best first: the table's move, tactical moves,
    /// killers, then by history.
    fn order(
        &mut self,
        position: &G,
        table_move: Option<G::Move>,
        ply: u32,
        moves: &mut Vec<(i32, G::Move)>,
    ) {
        moves.clear();
        let killers = self.killers[ply as usize];
        position.generate_moves(&mut self.generated);
        for &mv in &self.generated {
            let score = if Some(mv) == table_move {
                1 << 30
            } else if position.is_tactical(mv) {
                1 << 29
            } else if killers[0] == Some(mv) {
                1 << 28
            } else if killers[1] == Some(mv) {
                (1 << 28) - 1
            } else {
                self.history[Self::history_slot(&mv)]
            };
            moves.push((score, mv));
        }
        // A stable sort keeps the game's own order among equals: deterministic.
        moves.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    }

    fn remember_cutoff(&mut self, mv: G::Move, depth: i32, ply: u32) {
        let killers = &mut self.killers[ply as usize];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = Self::history_slot(&mv);
        self.history[slot] = (self.history[slot] + depth * depth).min(1 << 20);
    }
}

/// FNV-1a over the value's `Hash` bytes: a fixed function, unlike std's `DefaultHasher`, whose
/// algorithm may change between releases.
fn fixed_hash<T: std::hash::Hash>(value: &T) -> u64 {
    struct Fnv(u64);
    impl std::hash::Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &byte in bytes {
                self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
            }
        }
    }
    let mut hasher = Fnv(0xCBF2_9CE4_8422_2325);
    value.hash(&mut hasher);
    std::hash::Hasher::finish(&hasher)
}

/// The score a table entry deep enough gives a node searched with the window `(alpha, beta)`
/// `ply` plies below the root, when the entry settles it: an exact score, or a bound outside
/// the window.
fn table_cutoff<M>(entry: &TableEntry<M>, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(entry.score, ply);
    let usable = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}
