//! The table of counts that perft shares between threads: many move orders reach the same
//! position, so a count stored once is looked up instead of counted again.
//!
//! The table maps (position hash, remaining depth) to the count below, in buckets of two
//! entries: one kept for the deeper count, one always replaced (the usual scheme of perft
//! tables). It is lock-free: an entry is two 64-bit words, the data (count and depth) and the
//! hash XOR the data, so a torn write between threads reads as a miss, never as a wrong count
//! (Hyatt and Mann's "lockless transposition table"). A full 64-bit hash must match, so a false
//! hit needs a 64-bit collision. The plain [`perft`](crate::perft) stays the reference; the
//! tests check one against the other in every game ([`perft_parallel`](crate::perft_parallel)).

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, Ordering};

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
