//! Both cores (or more): a simple parallel split at the root.
//!
//! Before the search of the root, each thread solves its share of the root's moves (the
//! positions after moves `t`, `t + threads`, …) with df-pn on a table of its own, and all
//! threads share one solved set, so what one proves the others (and the final search of the
//! root) use. When a thread finds a move that wins for the player at the root, it stops the
//! others: the root is solved. The final search of the root then finds its children solved.
//! It is the simplest parallel scheme; the threads share no unsolved numbers, so they may
//! repeat each other's work below positions that several root moves reach.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_core::{Game, Status};

use crate::dfpn::Search;
use crate::table::{Solved, Table};
use crate::{Progress, SolveError, STACK_BYTES};

/// The root's moves, shared out.
pub(crate) struct Split<'a> {
    pub(crate) threads: usize,
    pub(crate) deadline: Option<Instant>,
    pub(crate) table_bytes: usize,
    pub(crate) solved: &'a Arc<Solved>,
}

impl Split<'_> {
    /// Solves the root's children on `threads` threads (this one with `table` and `progress`,
    /// the others quietly); returns the nodes searched.
    pub(crate) fn run<G: Game>(
        &self,
        root: &G,
        table: &mut Table,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<u64, SolveError> {
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
        let mut tables = Vec::new();
        for _ in 1..self.threads {
            let memory = SolveError::Memory { mib: self.table_bytes >> 20 };
            tables.push(Table::new(self.table_bytes, Arc::clone(self.solved)).ok_or(memory)?);
        }
        let stop = AtomicBool::new(false);
        let share = |table: &mut Table, first: usize, progress: &mut dyn FnMut(&Progress)| {
            let mut nodes = 0;
            for child in children.iter().skip(first).step_by(self.threads) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let left = self.deadline.map(|deadline| {
                    deadline.saturating_duration_since(Instant::now()).max(Duration::from_nanos(1))
                });
                let mut search = Search::new(table, left, progress).stopped_by(&stop);
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
            for (index, mut table) in tables.into_iter().enumerate() {
                let share = &share;
                let worker = std::thread::Builder::new()
                    .name(format!("solver {}", index + 1))
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, move || share(&mut table, index + 1, &mut |_| {}));
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
