//! Both cores (or more): a simple parallel split at the root.
//!
//! Before the search of the root, each thread solves its share of the root's moves (the
//! positions after moves `t`, `t + threads`, …) with df-pn on a table of its own, and all
//! threads share one solved set, so what one proves the others (and the final search of the
//! root) use. When a thread finds a move that wins for the player at the root, it stops the
//! others: the root is solved. The final search of the root then finds its children solved.
//! It is the simplest parallel scheme; the threads share no unsolved numbers, so they may
//! repeat each other's work below positions that several root moves reach.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arbiter_core::{Knowledge, Status};

use crate::dfpn::Search;
use crate::table::Table;
use crate::{Progress, SolveError, STACK_BYTES};

/// The root's moves, shared out.
pub(crate) struct Split<'a> {
    pub(crate) deadline: Option<Instant>,
    /// Set (by Ctrl-C) to stop every thread.
    pub(crate) interrupt: Option<&'a AtomicBool>,
    /// Every thread's nodes, for the progress.
    pub(crate) nodes: &'a AtomicU64,
}

impl Split<'_> {
    /// Solves the root's children on this thread (with `table` and `progress`) and one more
    /// thread for each of `others` (quietly, each with its table); returns the nodes searched.
    pub(crate) fn run<G: Knowledge>(
        &self,
        root: &G,
        table: &mut Table,
        others: &mut [Table],
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<u64, SolveError> {
        let threads = others.len() + 1;
        let children: Vec<G> = root
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = root.clone();
                child.play_unchecked(mv);
                child
            })
            .collect();
        // A finished child is a win or loss in one, which the root's own search sees at once.
        if children.iter().any(|child| child.status() != Status::Ongoing) {
            return Ok(0);
        }
        let stop = AtomicBool::new(false);
        let share = |table: &mut Table, first: usize, progress: &mut dyn FnMut(&Progress)| {
            let mut nodes = 0;
            for child in children.iter().skip(first).step_by(threads) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let left = self.deadline.map(|deadline| {
                    deadline.saturating_duration_since(Instant::now()).max(Duration::from_nanos(1))
                });
                let mut search = Search::new(table, left, progress)
                    .stopped_by(Some(&stop))
                    .stopped_by(self.interrupt)
                    .counting_in(self.nodes);
                let value = search.solve(child);
                nodes += search.nodes;
                // A child lost for its mover wins the root; no value means time is up.
                if value != Some(true) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            nodes
        };
        std::thread::scope(|scope| {
            let mut workers = Vec::new();
            for (index, table) in others.iter_mut().enumerate() {
                let share = &share;
                let worker = std::thread::Builder::new()
                    .name(format!("solver {}", index + 1))
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, move || share(table, index + 1, &mut |_| {}));
                match worker {
                    Ok(worker) => workers.push(worker),
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(SolveError::Thread(error.to_string()));
                    }
                }
            }
            let mut nodes = share(table, 0, progress);
            for worker in workers {
                nodes += worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
            Ok(nodes)
        })
    }
}
