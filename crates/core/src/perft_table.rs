//! Perft with a transposition table of counts and work shared between threads: the same
//! numbers as [`perft`](crate::perft), far sooner at depth, since many move orders reach the
//! same position.
//!
//! The table maps (position hash, remaining depth) to the count below, in buckets of two
//! entries: one kept for the deeper count, one always replaced (the usual scheme of perft
//! tables). It is lock-free: an entry is two 64-bit words, the data (count and depth) and the
//! hash XOR the data, so a torn write between threads reads as a miss, never as a wrong count
//! (Hyatt and Mann's "lockless transposition table"). A full 64-bit hash must match, so a false
//! hit needs a 64-bit collision. The plain [`perft`](crate::perft) stays the reference; the
//! tests check one against the other in every game.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::perft::count;
use crate::Game;

/// One entry: the data (count above the low byte, depth in it) and the hash XOR the data.
#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// A table of perft counts shared by threads.
pub struct PerftTable {
    /// Buckets of two entries: `[2 i]` keeps the deeper count, `[2 i + 1]` the latest.
    entries: Vec<Entry>,
}

impl PerftTable {
    /// A table of about `mib` MiB (at least one bucket). An allocation that the machine
    /// refuses is an error, not an abort.
    pub fn with_mib(mib: usize) -> Result<PerftTable, TryReserveError> {
        let buckets = (mib.saturating_mul(1 << 20) / (2 * size_of::<Entry>())).max(1);
        let mut entries = Vec::new();
        entries.try_reserve_exact(buckets * 2)?;
        entries.resize_with(buckets * 2, Entry::default);
        Ok(PerftTable { entries })
    }

    fn bucket(&self, hash: u64) -> usize {
        // The high bits pick the bucket: the low ones also pick alpha-beta's table entries.
        ((u128::from(hash) * (self.entries.len() / 2) as u128) >> 64) as usize * 2
    }

    pub(crate) fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let bucket = self.bucket(hash);
        self.entries[bucket..bucket + 2].iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let check = entry.check.load(Ordering::Relaxed);
            (check ^ data == hash && data & 0xff == u64::from(depth)).then_some(data >> 8)
        })
    }

    pub(crate) fn store(&self, hash: u64, depth: u32, count: u64) {
        // A count beyond 2^56 or a depth beyond 255 does not fit the entry: it is counted
        // again instead (no perft gets there).
        if count >> 56 != 0 || depth > 255 {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let bucket = self.bucket(hash);
        let deep = &self.entries[bucket];
        let slot = if u64::from(depth) >= deep.data.load(Ordering::Relaxed) & 0xff {
            deep
        } else {
            &self.entries[bucket + 1]
        };
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(hash ^ data, Ordering::Relaxed);
    }

    /// How full the table is, in thousandths, from its first thousand buckets.
    #[must_use]
    pub fn fill_permille(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(2000)];
        let used = sample.iter().filter(|entry| entry.data.load(Ordering::Relaxed) != 0).count();
        (used * 1000 / sample.len()) as u32
    }
}

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
