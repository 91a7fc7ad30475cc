//! Perft counted by threads sharing a [`PerftTable`]: the same numbers as
//! [`perft`](crate::perft), far sooner at depth.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::perft::count;
use crate::perft_table::PerftTable;
use crate::Game;

/// How far a parallel perft has got, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftProgress {
    /// Subtrees counted, of [`PerftProgress::total`].
    pub done: usize,
    /// Subtrees to count: the positions a few moves below the root.
    pub total: usize,
    /// The sequences counted so far.
    pub nodes: u64,
    /// The time since the start.
    pub elapsed: Duration,
}

/// The subtrees a parallel count is split into: enough that the threads finish together.
const JOBS: usize = 256;

/// Every legal move with the perft of `depth - 1` below it, in move order, counted by
/// `threads` threads sharing `table` (none: no table). `progress` hears how far the count has
/// got, from the calling thread (which counts too) between its subtrees, about once a second.
pub fn divide_parallel<G: Game>(
    position: &G,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    progress: &mut dyn FnMut(PerftProgress),
) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let roots = position.legal_moves();
    // The jobs: positions below each root move, as deep as it takes to have enough of them,
    // all with the same depth left to count.
    let mut jobs: Vec<(usize, G)> = roots
        .iter()
        .enumerate()
        .map(|(index, &mv)| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            (index, child)
        })
        .collect();
    let mut left = depth - 1;
    while jobs.len() < JOBS && left > 2 {
        jobs = jobs
            .into_iter()
            .flat_map(|(index, job)| {
                job.legal_moves().into_iter().map(move |mv| {
                    let mut child = job.clone();
                    child.play_unchecked(mv);
                    (index, child)
                })
            })
            .collect();
        left -= 1;
    }
    let counts: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
    let (next, finished, nodes) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicU64::new(0));
    let work = || {
        let mut buffers = Vec::new();
        let job = jobs.get(next.fetch_add(1, Ordering::Relaxed))?;
        let count = count(&job.1, left, 0, &mut buffers, table);
        counts[job.0].fetch_add(count, Ordering::Relaxed);
        nodes.fetch_add(count, Ordering::Relaxed);
        finished.fetch_add(1, Ordering::Relaxed);
        Some(())
    };
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            scope.spawn(|| while work().is_some() {});
        }
        let mut reported = Instant::now();
        while work().is_some() {
            if reported.elapsed() >= Duration::from_secs(1) {
                reported = Instant::now();
                progress(PerftProgress {
                    done: finished.load(Ordering::Relaxed),
                    total: jobs.len(),
                    nodes: nodes.load(Ordering::Relaxed),
                    elapsed: started.elapsed(),
                });
            }
        }
    });
    roots.into_iter().zip(counts).map(|(mv, count)| (mv, count.into_inner())).collect()
}

/// The number of move sequences of length `depth` from `position`, counted by `threads`
/// threads sharing `table`; the same number as [`perft`](crate::perft).
pub fn perft_parallel<G: Game>(
    position: &G,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    progress: &mut dyn FnMut(PerftProgress),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide_parallel(position, depth, threads, table, progress).iter().map(|(_, count)| count).sum()
}
