//! What the search remembers: a transposition table of fixed size for the proof and disproof
//! numbers of unsolved positions, and a set of solved positions that is never evicted.
//!
//! Keys are canonical hashes ([`Knowledge::canonical_hash`](arbiter_core::Knowledge::canonical_hash)), so a
//! position and its mirror image share an entry; a solved value is always for the player to
//! move, which the mirror keeps.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use arbiter_core::Knowledge;

use crate::huge;

/// The key of a position in the table: its canonical hash, mixed again. The canonical hash
/// is the smaller of two hashes, so its high bits lean towards zero; the table's buckets and
/// the hash map's groups are chosen by high bits, and would crowd at the low end. One round of
/// SplitMix64's finaliser spreads them evenly again.
pub(crate) fn key_of<G: Knowledge>(position: &G) -> u64 {
    let mut key = position.canonical_hash();
    key = (key ^ (key >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    key = (key ^ (key >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    key ^ (key >> 31)
}

/// A proof or disproof number that stands for "proved": the other number is then 0.
pub(crate) const INFINITY: u32 = u32::MAX;
/// The largest number short of [`INFINITY`]: sums saturate here, so that only a proof makes a
/// number infinite.
pub(crate) const MAX_FINITE: u32 = u32::MAX - 1;

/// The proof number (the work left to prove that the player to move wins) and the disproof
/// number (to prove that he loses), in Nagai's negamax form: a node's proof number is the
/// least disproof number of its children, its disproof number the sum of their proof numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Numbers {
    pub(crate) proof: u32,
    pub(crate) disproof: u32,
}

impl Numbers {
    /// An unexplored position: one step from either proof.
    pub(crate) const FRESH: Numbers = Numbers { proof: 1, disproof: 1 };
    /// The player to move wins.
    pub(crate) const WON: Numbers = Numbers { proof: 0, disproof: INFINITY };
    /// The player to move loses.
    pub(crate) const LOST: Numbers = Numbers { proof: INFINITY, disproof: 0 };

    /// The numbers of a solved position.
    pub(crate) const fn solved(won: bool) -> Numbers {
        if won {
            Numbers::WON
        } else {
            Numbers::LOST
        }
    }

    /// `Some(true)` when the player to move is proved to win, `Some(false)` to lose.
    pub(crate) const fn value(self) -> Option<bool> {
        if self.proof == 0 {
            Some(true)
        } else if self.disproof == 0 {
            Some(false)
        } else {
            None
        }
    }
}

/// Keys are Zobrist hashes, already uniformly spread: hashing them again is wasted time.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A map keyed by position hashes.
pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// One remembered position. `work == 0` marks an empty slot. Packed to 20 bytes, so that
/// six fit in two cache lines.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[repr(C, packed(4))]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) proof: u32,
    pub(crate) disproof: u32,
    /// The nodes searched below the position when it was stored: what it would cost to
    /// find its numbers again, so the entry with the least is the one to give up.
    pub(crate) work: u32,
}

impl Entry {
    const fn is_solved(&self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// Entries per bucket: a new position may take any slot of its bucket.
const BUCKET: usize = 6;

/// The entries a position may take: two cache lines (120 of their 128 bytes), which a lookup
/// asks for together. With three entries in one line the search needs a third more nodes,
/// for want of slots to choose the victim from.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(128))]
struct Bucket([Entry; BUCKET]);

// The layout the comments above promise.
const _: () = assert!(size_of::<Entry>() == 20 && size_of::<Bucket>() == 128);

/// The bits of a key a solved-set word keeps: all but the top one, which holds the value.
const KEY_BITS: u64 = !(1 << 63);

/// The longest run of occupied slots the solved set probes before it calls itself full: a
/// search never walks far, and the set stops taking positions well before it is packed.
const MAX_PROBES: usize = 32;

/// The solved positions, never evicted, shared by the threads of a search without locks: an
/// open-addressing table of atomic words, each a position's key with its top bit replaced by
/// the value (`1`: the player to move wins), `0` for an empty slot. The top bit is not lost:
/// a slot is chosen by the key's high bits, so two keys that differ in the top bit alone
/// start their probes half the table apart and never meet within [`MAX_PROBES`].
///
/// A lookup is a plain load, so it neither waits for a lock nor stops the processor from
/// fetching the transposition table's bucket at the same time; an insertion claims an empty
/// slot by compare-and-swap. Probing is linear from the slot the key's high bits choose.
pub(crate) struct Solved {
    slots: Vec<AtomicU64>,
    count: AtomicUsize,
}

impl Solved {
    /// A solved set of about `bytes` bytes; `None` when that memory cannot be had.
    pub(crate) fn new(bytes: usize) -> Option<Solved> {
        let count = (bytes / size_of::<AtomicU64>()).max(MAX_PROBES);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).ok()?;
        huge::advise(&mut slots);
        slots.resize_with(count, || AtomicU64::new(0));
        Some(Solved { slots, count: AtomicUsize::new(0) })
    }

    /// The word stored for `key` with value `won`; never 0 (the one key whose word would be
    /// 0 is stored as 1, a neighbour no real position is likelier to have).
    fn word(key: u64, won: bool) -> u64 {
        let key = match key & KEY_BITS {
            0 => 1,
            bits => bits,
        };
        key | (u64::from(won) << 63)
    }

    fn home(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// The slots to probe for `key`, in order.
    fn probes(&self, key: u64) -> impl Iterator<Item = &AtomicU64> {
        let home = self.home(key);
        let len = self.slots.len();
        // At most once round the set, so one subtraction wraps every probe.
        (home..home + MAX_PROBES.min(len))
            .map(move |slot| &self.slots[if slot < len { slot } else { slot - len }])
    }

    /// Starts fetching the slot a lookup of `key` reads first; see [`Table::prefetch`].
    fn prefetch(&self, key: u64) {
        prefetch_index::prefetch_index(&self.slots, self.home(key));
    }

    fn get(&self, key: u64) -> Option<bool> {
        let wanted = Self::word(key, false);
        for slot in self.probes(key) {
            match slot.load(Ordering::Relaxed) {
                0 => return None,
                word if word & KEY_BITS == wanted => return Some(word >> 63 == 1),
                _ => {}
            }
        }
        None
    }

    /// Adds a solved position; `false` when its neighbourhood is full.
    fn insert(&self, key: u64, won: bool) -> bool {
        let word = Self::word(key, won);
        for slot in self.probes(key) {
            match slot.compare_exchange(0, word, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => {
                    self.count.fetch_add(1, Ordering::Relaxed);
                    return true;
                }
                // Already there (a solved value never changes).
                Err(found) if found & KEY_BITS == word & KEY_BITS => return true,
                Err(_) => {}
            }
        }
        false
    }

    /// The number of solved positions.
    pub(crate) fn len(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// Calls `visit` with every solved position: the slot it is in, and its word.
    pub(crate) fn for_each(
        &self,
        mut visit: impl FnMut(u64, u64) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        for (index, slot) in self.slots.iter().enumerate() {
            let word = slot.load(Ordering::Relaxed);
            if word != 0 {
                visit(index as u64, word)?;
            }
        }
        Ok(())
    }

    /// Puts back a word read from a checkpoint written by a set of the same size, in its
    /// slot; `false` when the slot is not on the board or taken.
    pub(crate) fn restore(&self, index: u64, word: u64) -> bool {
        let slot = usize::try_from(index).ok().and_then(|index| self.slots.get(index));
        match slot {
            Some(slot) if word != 0 => {
                let restored =
                    slot.compare_exchange(0, word, Ordering::Relaxed, Ordering::Relaxed).is_ok();
                self.count.fetch_add(usize::from(restored), Ordering::Relaxed);
                restored
            }
            _ => false,
        }
    }

    /// The number of slots: a checkpoint can only be read back into a set of the same size.
    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }
}

/// A thread's transposition table, with the solved set it shares.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    /// Entries in use in `buckets`.
    used: usize,
    solved: Arc<Solved>,
}

impl Table {
    /// A table of about `bytes` bytes (at least one bucket) beside the shared `solved` set;
    /// `None` when that memory cannot be had.
    pub(crate) fn new(bytes: usize, solved: Arc<Solved>) -> Option<Table> {
        let bucket_count = (bytes / size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(bucket_count).ok()?;
        huge::advise(&mut buckets);
        buckets.resize(bucket_count, Bucket::default());
        Some(Table { buckets, used: 0, solved })
    }

    fn bucket_index(&self, key: u64) -> usize {
        // Lemire's multiply-shift: uniform over any bucket count, without a division.
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Starts fetching the memory a lookup of `key` reads: a slot of the solved set (a cache
    /// line) and a bucket of the table (two). Prefetching every child before looking any up
    /// lets the processor fetch all their lines at once instead of one after another, which
    /// is most of the search's time once the tables are larger than the cache.
    pub(crate) fn prefetch(&self, key: u64) {
        self.solved.prefetch(key);
        let bucket = &self.buckets[self.bucket_index(key)].0;
        prefetch_index::prefetch_index(bucket, 0);
        // The last entry starts in the second line.
        prefetch_index::prefetch_index(bucket, BUCKET - 1);
    }

    /// The numbers remembered for `key`, if any.
    pub(crate) fn get(&self, key: u64) -> Option<Numbers> {
        if let Some(won) = self.solved.get(key) {
            return Some(Numbers::solved(won));
        }
        self.buckets[self.bucket_index(key)]
            .0
            .iter()
            .find(|entry| entry.work != 0 && entry.key == key)
            .map(|entry| Numbers { proof: entry.proof, disproof: entry.disproof })
    }

    /// Whether the player to move at `key` is known to win (`Some(true)`) or lose.
    pub(crate) fn value(&self, key: u64) -> Option<bool> {
        self.get(key).and_then(Numbers::value)
    }

    /// Remembers `numbers` for `key`, found with `work` nodes of search. A solved position
    /// goes to the solved set while it has room, and otherwise to the table, where it is kept
    /// before any unsolved entry.
    pub(crate) fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        if let Some(won) = numbers.value() {
            if self.solved.insert(key, won) {
                self.remove(key);
                return;
            }
        }
        let work = u32::try_from(work).unwrap_or(u32::MAX).max(1);
        let entry = Entry { key, proof: numbers.proof, disproof: numbers.disproof, work };
        let index = self.bucket_index(key);
        let bucket = &mut self.buckets[index].0;
        let slot = match bucket.iter().position(|old| old.work != 0 && old.key == key) {
            Some(same) => same,
            None => {
                let victim = Self::victim(bucket);
                if bucket[victim].work == 0 {
                    self.used += 1;
                }
                victim
            }
        };
        bucket[slot] = entry;
    }

    /// The slot to give up for a new position: an empty one, else the unsolved entry with the
    /// least work, else (all solved) the entry with the least work.
    fn victim(bucket: &[Entry; BUCKET]) -> usize {
        if let Some(empty) = bucket.iter().position(|entry| entry.work == 0) {
            return empty;
        }
        let least_work = |solved: bool| {
            (0..BUCKET)
                .filter(|&slot| bucket[slot].is_solved() == solved)
                .min_by_key(|&slot| bucket[slot].work)
        };
        least_work(false).or_else(|| least_work(true)).unwrap_or(0)
    }

    fn remove(&mut self, key: u64) {
        let index = self.bucket_index(key);
        if let Some(entry) =
            self.buckets[index].0.iter_mut().find(|entry| entry.work != 0 && entry.key == key)
        {
            *entry = Entry::default();
            self.used -= 1;
        }
    }

    /// Every entry in use.
    pub(crate) fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.buckets.iter().flat_map(|bucket| &bucket.0).filter(|entry| entry.work != 0)
    }

    /// Puts back an entry read from a checkpoint (a solved one to the solved set if it has
    /// room), as [`Table::store`] would.
    pub(crate) fn restore(&mut self, entry: Entry) {
        let numbers = Numbers { proof: entry.proof, disproof: entry.disproof };
        self.store(entry.key, numbers, u64::from(entry.work));
    }

    /// The share of the table's slots in use, 0 to 1.
    pub(crate) fn fill(&self) -> f64 {
        self.used as f64 / (self.buckets.len() * BUCKET) as f64
    }

    /// The number of solved positions in the solved set.
    pub(crate) fn solved_count(&self) -> usize {
        self.solved.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_positions_go_to_the_solved_set_and_stay() {
        let solved = Solved::new(1 << 20).expect("1 MiB");
        let mut table = Table::new(1 << 20, Arc::new(solved)).expect("1 MiB");
        table.store(7, Numbers { proof: 3, disproof: 4 }, 10);
        assert_eq!(table.get(7), Some(Numbers { proof: 3, disproof: 4 }));
        table.store(7, Numbers::WON, 12);
        assert_eq!(table.value(7), Some(true));
        assert_eq!(table.solved_count(), 1);
        assert!(table.fill() < 1e-9, "the unsolved entry was freed");
    }

    #[test]
    fn the_solved_set_tells_keys_apart_by_every_bit() {
        let solved = Solved::new(1 << 16).expect("64 KiB");
        let top = 1 << 63;
        for (key, won) in [(5, true), (5 | top, false), (0, false), (top, true), (1, true)] {
            assert!(solved.insert(key, won), "{key:#x}");
        }
        assert_eq!(solved.get(5), Some(true));
        assert_eq!(solved.get(5 | top), Some(false));
        assert_eq!(solved.get(top), Some(true));
        assert_eq!(solved.get(6), None);
        // Keys 0 and 1 share a word, the one pair that does: the first value stays.
        assert_eq!(solved.len(), 4);
        assert_eq!(solved.get(0), Some(false));
        assert_eq!(solved.get(1), Some(false));
    }

    #[test]
    fn a_full_bucket_gives_up_its_unsolved_entry_with_the_least_work() {
        // A table of one bucket, whose solved set has room for one position.
        let solved = Solved { slots: vec![AtomicU64::new(0)], count: AtomicUsize::new(0) };
        let mut table =
            Table { buckets: vec![Bucket::default()], used: 0, solved: Arc::new(solved) };
        table.store(100, Numbers::LOST, 1);
        for key in 1..=BUCKET as u64 {
            table.store(key, Numbers { proof: 2, disproof: 2 }, key * 10);
        }
        table.store(116, Numbers::WON, 1);
        assert_eq!(table.value(116), Some(true), "kept in the table once the set is full");
        assert_eq!(table.get(1), None, "the least work went first");
        table.store(1000, Numbers { proof: 5, disproof: 5 }, 1000);
        assert_eq!(table.value(116), Some(true), "a solved entry outlives unsolved ones");
        assert_eq!(table.get(2), None);
        assert_eq!(table.value(100), Some(false));
        assert!((table.fill() - 1.0).abs() < 1e-9);
    }
}
