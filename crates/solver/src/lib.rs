//! An exact solver for two-player games that always end in a win: who wins with perfect play,
//! in how many plies, and a line of perfect play.
//!
//! It works on any [`Game`] whose rules have no draws ([`DrawRules::NONE`]) and whose play is
//! finite: Arbiter's two 6×6 games, mini checkers and Breakthrough with holes (both rule
//! sets), where every move carries a piece forward. Games
//! with draw rules are refused ([`SolveError::DrawRules`]): a draw by repetition depends on
//! the history, which a table of positions does not see.
//!
//! # How
//!
//! 1. **The value**, by depth-first proof-number search (df-pn; Nagai, *Df-pn algorithm for
//!    searching AND/OR trees and its applications*, PhD thesis, University of Tokyo, 2002),
//!    in negamax form: a position's proof number is the least disproof number of its
//!    children, its disproof number the sum of their proof numbers, and the search descends
//!    into the most promising child with thresholds that send it back up only when another
//!    child becomes more promising. Two refinements:
//!    - the **1+ε trick** (Pawlewicz and Lorentz, *Improving parallel proof-number search*,
//!      and Pawlewicz and Hayward, *Scalable parallel DFPN search*, Computers and Games
//!      2013): the best child may be searched until its disproof number exceeds the second
//!      best's by a quarter, not by one, which stops the search from switching back and forth
//!      between two children whose numbers are close;
//!    - **threats** are seen when a position is expanded: if a move ends the game with a win
//!      for the mover, the position is proved at once and its other children are never
//!      looked at; and the game's own knowledge of the last plies ([`Knowledge::forced`]: in
//!      Breakthrough, a piece one row from its goal with a free cell ahead, which nothing but
//!      its capture can stop, and a piece two rows out that can step onto such a cell where
//!      it cannot be captured, a race won in three) solves a child as it is created, and the
//!      position too when a child is lost for the opponent. The length searches use the same
//!      knowledge;
//!    - fresh positions start with a disproof number equal to their number of moves (the
//!      "mobility" start), so the search prefers moves that leave the opponent few answers.
//!
//!    Positions are remembered under their canonical hash
//!    ([`Knowledge::canonical_hash`]: for the 6×6 games the
//!    smaller of the position's and its mirror image's), so the search treats a position and
//!    its image as one. Of the memory the caller gives, three eighths go to a
//!    transposition table in buckets of six entries (two cache lines) for unsolved positions, where a new
//!    position replaces the entry with the least work behind it and never a solved entry
//!    while an unsolved one is in the bucket, three eighths to a set of solved positions that
//!    is never evicted (once it is full, solved positions go to the table, where they are kept
//!    first), and a quarter to the bounds the length searches remember.
//! 2. **The perfect-play length**, once the value is known: the number of plies to the end
//!    when the winner wins as fast as possible and the loser loses as slowly as possible, by
//!    depth-bounded searches on the proof (module `length`), and a line of
//!    perfect play of that length.
//!
//! Positions are identified by 64-bit hashes (the solved set keeps 63 of their bits in a word
//! and the 64th in the word's place), so a collision could in principle make a wrong value: for
//! `l` lookups against `n` stored positions the chance is about `l·n / 2^64`, some 10^-6 for a
//! solve of the 6×6 games from the start, but approaching one for runs of billions of nodes
//! against hundreds of millions of solved positions. A result of such a run is to be trusted
//! once its proof (`--proof`) is checked with the rules alone (`arbiter verify-proof`), which
//! uses no hash. The length search gives up past 10,000 plies, the sign of such a collision.
//!
//! The search runs in threads of their own with a large stack, as the depth of the recursion
//! is the length of the longest game. With more than one thread, the root's moves are shared
//! out among them first, with one solved set for all (module `split`); the
//! perfect-play length is then searched on one thread.
//!
//! An [`Oracle`] answers question after question (a position's exact value, each move's, the
//! perfect move) and keeps what it proved between them: what a perfect player and an analysis
//! use.

pub mod book;
mod bounds;
pub mod checkpoint;
mod dfpn;
mod huge;
mod length;
mod oracle;
mod proof;
mod split;
pub mod strong;
mod table;

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_core::{DrawRules, Knowledge, Side};

pub use crate::bounds::{depth_bounds, DepthBounds};
pub use crate::checkpoint::Subject;
use crate::checkpoint::{Behind, Fit};
use crate::dfpn::Search;
use crate::length::{Distance, Lengths};
pub use crate::oracle::{Exact, Oracle};
use crate::split::Split;
pub use crate::strong::{StrongError, StrongSolution};
use crate::table::{key_of, Solved, Table};

/// The stack of the searching thread: one frame per ply of the deepest line searched.
pub(crate) const STACK_BYTES: usize = 256 << 20;

/// The memory of the solver's tables when the caller does not say, in MiB.
pub const DEFAULT_HASH_MIB: usize = 256;

/// What the solver may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The memory for the transposition table and the solved set together, in MiB.
    pub hash_mib: usize,
    /// Give up after this long (the df-pn search and the length search together).
    pub time_limit: Option<Duration>,
    /// Threads for the df-pn search, at least 1: the root's moves are shared out among them.
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hash_mib: DEFAULT_HASH_MIB, time_limit: None, threads: 1 }
    }
}

/// How the search is going, reported about once a second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Positions expanded by df-pn so far.
    pub nodes: u64,
    /// Positions expanded per second of search.
    pub nodes_per_second: f64,
    /// The share of the transposition table's entries in use, 0 to 1.
    pub table_fill: f64,
    /// Positions in the solved set.
    pub solved_positions: usize,
    /// The root's proof number: the work left, roughly, to prove the player to move wins.
    pub root_proof: u32,
    /// The root's disproof number: likewise, to prove he loses.
    pub root_disproof: u32,
    /// Time since the search started.
    pub elapsed: Duration,
    /// What the solver is doing.
    pub phase: Phase,
}

/// The solver's two phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Finding who wins, by df-pn.
    Value,
    /// The value is known: finding the perfect-play length, trying lengths from the shortest
    /// up; the numbers of the progress are then those df-pn ended with.
    Length {
        /// Who wins with perfect play.
        winner: Side,
        /// The length being tried.
        bound: u32,
    },
}

/// The value of a position with perfect play, and how the game goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M> {
    /// Who wins with perfect play.
    pub winner: Side,
    /// The number of plies to the end when the winner wins as fast as possible and the loser
    /// loses as slowly as possible.
    pub plies: u32,
    /// A line of perfect play of that length (empty when the game is already over).
    pub principal_variation: Vec<M>,
    /// Positions expanded by df-pn.
    pub nodes: u64,
    /// Positions visited by the search for the length, with those expanded by the df-pn
    /// searches it makes of the winner's alternatives.
    pub length_nodes: u64,
    /// The time taken by df-pn.
    pub search_time: Duration,
    /// The time taken in all (the proof's writing not included).
    pub elapsed: Duration,
    /// The lines of the proof written, when one was asked for.
    pub proof_lines: Option<u64>,
}

/// Why a position was not solved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The game has draw rules, which the solver does not handle.
    #[error(
        "{game} has draw rules (repetition, turns without progress), which the solver does not \
         handle; it solves games that always end in a win"
    )]
    DrawRules {
        /// The game's identifier.
        game: &'static str,
    },
    /// The time limit came before a proof.
    #[error(
        "not solved within the time limit: {} nodes in {:.1} s, root proof number {}, \
         disproof number {}",
        .0.nodes, .0.elapsed.as_secs_f64(), .0.root_proof, .0.root_disproof
    )]
    TimeLimit(Progress),
    /// The time limit (or Ctrl-C) came after the value but before the perfect-play length
    /// was found.
    #[error(
        "{winner} wins with perfect play (df-pn: {nodes} nodes), but the perfect-play length \
         was not found before the time limit or Ctrl-C: it is more than {more_than} plies"
    )]
    LengthTimeLimit {
        /// Who wins with perfect play.
        winner: Side,
        /// The greatest length ruled out.
        more_than: u32,
        /// Positions expanded by df-pn.
        nodes: u64,
    },
    /// The memory asked for could not be had.
    #[error("cannot have {mib} MiB of memory for the solver's tables; give less with --hash")]
    Memory {
        /// The memory asked for, in MiB.
        mib: usize,
    },
    /// Ctrl-C (or the caller) stopped the search; the checkpoint, if any, was written.
    #[error(
        "stopped before a proof (a checkpoint, when one was asked for, is written: the same \
         command goes on from it): {} nodes in {:.1} s, root proof number {}, disproof \
         number {}",
        .0.nodes, .0.elapsed.as_secs_f64(), .0.root_proof, .0.root_disproof
    )]
    Interrupted(Progress),
    /// A checkpoint could not be read or written.
    #[error("{0}")]
    Checkpoint(String),
    /// The time allowed for one question ran out before its answer.
    #[error("not solved within the time allowed")]
    OutOfTime,
    /// The proof could not be written.
    #[error("cannot write the proof: {0}")]
    Proof(String),
    /// The searching thread could not be started.
    #[error("cannot start the solver's thread: {0}")]
    Thread(String),
}

/// Solves `position`: who wins with perfect play, the perfect-play length and a line of
/// perfect play. `progress` is called about once a second during the df-pn search, once at
/// its end, and with each length tried after it.
pub fn solve<G: Knowledge>(
    position: &G,
    settings: &Settings,
    progress: &mut (dyn FnMut(&Progress) + Send),
) -> Result<Solution<G::Move>, SolveError> {
    solve_on_big_stack(position, settings, &LongRun::default(), progress, None)
}

/// Solves `position` like [`solve`], then writes the proof tree to `proof`: a line for each
/// position of the proof where the winner is to move, its text, a tab and the winning move
/// chosen there; the loser's positions have no line, as all their moves are in the proof.
pub fn solve_with_proof<G: Knowledge>(
    position: &G,
    settings: &Settings,
    progress: &mut (dyn FnMut(&Progress) + Send),
    proof: &mut (dyn Write + Send),
) -> Result<Solution<G::Move>, SolveError> {
    solve_on_big_stack(position, settings, &LongRun::default(), progress, Some(proof))
}

/// What a long search needs besides its [`Settings`]: checkpoints and a way to stop it.
#[derive(Debug, Default)]
pub struct LongRun<'a> {
    /// Where and how often to write the tables; a checkpoint found there is resumed.
    pub checkpoint: Option<Checkpointing<'a>>,
    /// Set (by Ctrl-C, say) to stop the search: a checkpoint is then written first.
    pub interrupt: Option<&'a AtomicBool>,
}

/// A long search's checkpoints (see [`checkpoint`]).
#[derive(Debug)]
pub struct Checkpointing<'a> {
    /// The file: resumed when it exists, written again at each checkpoint.
    pub path: &'a Path,
    /// The time between checkpoints.
    pub every: Duration,
    /// What is being solved, which a checkpoint to resume must be of.
    pub subject: Subject,
}

/// Solves `position` like [`solve_with_proof`] (without a proof when `proof` is `None`), with
/// the checkpoints and interruption of `run`: the search goes on from the checkpoint when
/// there is one, the tables are written every `run.checkpoint.every` and when it is
/// interrupted or runs out of time. The nodes and times reported include the work behind the
/// checkpoint.
pub fn solve_long<G: Knowledge>(
    position: &G,
    settings: &Settings,
    run: &LongRun<'_>,
    progress: &mut (dyn FnMut(&Progress) + Send),
    proof: Option<&mut (dyn Write + Send)>,
) -> Result<Solution<G::Move>, SolveError> {
    solve_on_big_stack(position, settings, run, progress, proof)
}

fn solve_on_big_stack<G: Knowledge>(
    position: &G,
    settings: &Settings,
    run: &LongRun<'_>,
    progress: &mut (dyn FnMut(&Progress) + Send),
    proof: Option<&mut (dyn Write + Send)>,
) -> Result<Solution<G::Move>, SolveError> {
    if position.draw_rules() != DrawRules::NONE {
        return Err(SolveError::DrawRules { game: G::ID });
    }
    on_big_stack("solver", || solve_here(position, settings, run, progress, proof))
}

/// Runs `work` on a thread of its own with the solver's large stack ([`STACK_BYTES`]): the
/// searches recurse once per ply of the longest line, and the caller's thread (a server's
/// worker, say) may have a small stack. A panic of `work` goes on in the caller.
pub(crate) fn on_big_stack<T: Send>(
    name: &str,
    work: impl FnOnce() -> Result<T, SolveError> + Send,
) -> Result<T, SolveError> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name(name.to_owned())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, work)
            .map_err(|error| SolveError::Thread(error.to_string()))?;
        worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The value by df-pn, in slices between checkpoints; `Ok(won)` once found.
fn search_value<G: Knowledge>(
    position: &G,
    settings: &Settings,
    run: &LongRun<'_>,
    tables: &mut [Table],
    solved: &Solved,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(bool, Progress), SolveError> {
    let started = Instant::now();
    let deadline = settings.time_limit.map(|limit| started + limit);
    let fit = Fit { key: key_of(position), solved_slots: solved.capacity() };
    let behind = resume(run, fit, solved, tables)?;
    let (table, others) = tables.split_first_mut().ok_or(SolveError::Memory { mib: 0 })?;
    let mut nodes = behind.nodes;
    loop {
        let slice_started = Instant::now();
        let slice_end = match &run.checkpoint {
            Some(checkpoint) => {
                let next = slice_started + checkpoint.every;
                Some(deadline.map_or(next, |deadline| deadline.min(next)))
            }
            None => deadline,
        };
        let before = Duration::from_secs_f64(behind.seconds) + (slice_started - started);
        let done = nodes;
        // What the searches report, counted from the start of the whole work.
        let mut report = |seen: &Progress| {
            // The searches of a split start one after another: the slice's clock, not theirs.
            let elapsed = before + slice_started.elapsed();
            let nodes = done + seen.nodes;
            progress(&Progress {
                nodes,
                elapsed,
                nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
                ..*seen
            });
        };
        // Every thread's nodes in this slice, which the progress reports.
        let slice_nodes = AtomicU64::new(0);
        let split = Split { deadline: slice_end, interrupt: run.interrupt, nodes: &slice_nodes };
        let split_nodes =
            if others.is_empty() { 0 } else { split.run(position, table, others, &mut report)? };
        let left = slice_end.map(|end| end.saturating_duration_since(Instant::now()));
        let mut search = Search::new(table, left, &mut report)
            .stopped_by(run.interrupt)
            .counting_in(&slice_nodes);
        let won = search.solve(position);
        nodes += split_nodes + search.nodes;
        let elapsed = before + slice_started.elapsed();
        let numbers = Progress {
            nodes,
            elapsed,
            nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
            ..search.progress()
        };
        // A checkpoint after each slice, and once the value is known (the length search
        // after it may be long, and may be stopped).
        if let Some(checkpoint) = &run.checkpoint {
            let all: Vec<&Table> = std::iter::once(&*table).chain(others.iter()).collect();
            let behind = Behind { nodes, seconds: elapsed.as_secs_f64() };
            save(checkpoint, fit, behind, solved, &all)?;
        }
        if let Some(won) = won {
            return Ok((won, numbers));
        }
        if run.interrupt.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(SolveError::Interrupted(numbers));
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(SolveError::TimeLimit(numbers));
        }
    }
}

/// The work behind the run's checkpoint, read into `solved` and `tables`, when it has one
/// that exists; none otherwise.
fn resume(
    run: &LongRun<'_>,
    fit: Fit,
    solved: &Solved,
    tables: &mut [Table],
) -> Result<Behind, SolveError> {
    let Some(checkpoint) = run.checkpoint.as_ref().filter(|c| c.path.exists()) else {
        return Ok(Behind::default());
    };
    checkpoint::read(checkpoint.path, &checkpoint.subject, fit, solved, tables).map_err(|why| {
        SolveError::Checkpoint(format!("cannot resume from {}: {why}", checkpoint.path.display()))
    })
}

/// Writes the checkpoint of the work so far.
fn save(
    checkpoint: &Checkpointing<'_>,
    fit: Fit,
    behind: Behind,
    solved: &Solved,
    tables: &[&Table],
) -> Result<(), SolveError> {
    checkpoint::write(checkpoint.path, &checkpoint.subject, fit, behind, solved, tables).map_err(
        |error| {
            SolveError::Checkpoint(format!(
                "cannot write the checkpoint {}: {error}",
                checkpoint.path.display()
            ))
        },
    )
}

fn solve_here<G: Knowledge>(
    position: &G,
    settings: &Settings,
    run: &LongRun<'_>,
    progress: &mut dyn FnMut(&Progress),
    proof: Option<&mut (dyn Write + Send)>,
) -> Result<Solution<G::Move>, SolveError> {
    let started = Instant::now();
    let deadline = settings.time_limit.map(|limit| started + limit);
    let threads = settings.threads.max(1);
    let memory = Memory::split(settings.hash_mib, threads);
    let solved =
        Arc::new(Solved::new(memory.solved).ok_or(SolveError::Memory { mib: settings.hash_mib })?);
    let mut tables = Vec::new();
    for _ in 0..threads {
        let table = Table::new(memory.table, Arc::clone(&solved));
        tables.push(table.ok_or(SolveError::Memory { mib: settings.hash_mib })?);
    }
    let search_started = Instant::now();
    let (won, final_progress) =
        search_value(position, settings, run, &mut tables, &solved, progress)?;
    let search_time = search_started.elapsed();
    let nodes = final_progress.nodes;
    let table = &mut tables[0];
    let mover = position.side_to_move();
    let winner = if won { mover } else { mover.opponent() };
    let mut lengths = Lengths::new(memory.lengths);
    let mut distance = Distance::new(table, &mut lengths, deadline).stopped_by(run.interrupt);
    let mut report_bound = |bound| {
        let phase = Phase::Length { winner, bound };
        progress(&Progress { phase, elapsed: started.elapsed(), ..final_progress });
    };
    let plies = distance
        .plies(position, won, &mut report_bound)
        .map_err(|more_than| SolveError::LengthTimeLimit { winner, more_than, nodes })?;
    // The line only retraces what the length search found: no limit for it.
    distance.clear_deadline();
    let principal_variation = distance.line(position, won, plies);
    let length_nodes = distance.nodes + distance.solve_nodes;
    let elapsed = started.elapsed();
    let proof_lines = match proof {
        Some(out) => Some(
            proof::write(table, position, winner, out)
                .and_then(|lines| out.flush().map(|()| lines))
                .map_err(|error| SolveError::Proof(error.to_string()))?,
        ),
        None => None,
    };
    Ok(Solution {
        winner,
        plies,
        principal_variation,
        nodes,
        length_nodes,
        search_time,
        elapsed,
        proof_lines,
    })
}

/// How the memory the caller gives is shared out, in bytes.
struct Memory {
    /// The solved set, shared by the threads.
    solved: usize,
    /// Each thread's transposition table.
    table: usize,
    /// The memory of the perfect-play length searches.
    lengths: usize,
}

impl Memory {
    /// Three eighths for the solved set, three eighths for the threads' tables, a quarter for
    /// the length searches.
    fn split(mib: usize, threads: usize) -> Memory {
        let eighth = mib.saturating_mul(1 << 20) / 8;
        Memory { solved: 3 * eighth, table: 3 * eighth / threads.max(1), lengths: 2 * eighth }
    }
}

/// `true` when `G`'s rules have no draws, so that the solver accepts its positions.
#[must_use]
pub fn accepts<G: Knowledge>(position: &G) -> bool {
    position.draw_rules() == DrawRules::NONE
}
