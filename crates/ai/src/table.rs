//! The transposition table: search results keyed by the position's Zobrist hash.

use crate::score::PROVEN;

/// What a stored score means relative to the window it was searched with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (the search failed high).
    Lower,
    /// At most this score (the search failed low).
    Upper,
}

impl Bound {
    /// The bound that `best`, the best score a search found with the window `(alpha, beta)`,
    /// is of the position's true score.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<M>,
    /// The search that stored it, so that older entries give way.
    age: u16,
}

/// A fixed-size table of entries, one per slot, replaced by depth: a new result takes the slot
/// when the slot is empty, holds another position from an older search, or was searched no
/// deeper.
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    age: u16,
}

impl<M: Copy> Table<M> {
    /// A table of about `mebibytes` MiB (at least one slot).
    pub(crate) fn new(mebibytes: usize) -> Table<M> {
        let slot = size_of::<Option<Entry<M>>>().max(1);
        let count = (mebibytes * 1024 * 1024 / slot).max(1);
        Table { slots: vec![None; count], age: 0 }
    }

    /// Empties the table, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(None);
        self.age = 0;
    }

    /// Starts a new search: older entries become replaceable.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        // The high bits spread over the slots; the key itself is compared on probe.
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|entry| entry.key == key)
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<M>,
    ) {
        let index = self.index(key);
        let age = self.age;
        let replace = match &self.slots[index] {
            None => true,
            Some(old) => old.age != age || old.key == key || depth >= old.depth,
        };
        if replace {
            self.slots[index] = Some(Entry { key, depth, score, bound, best, age });
        }
    }
}

/// A score as stored: proven results are kept relative to the stored position, not the root,
/// so that they stay right when the position is met at another distance.
pub(crate) fn to_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score made relative to the root again, `ply` plies from it.
pub(crate) fn from_table(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    #[test]
    fn proven_scores_are_stored_relative_to_the_position() {
        // A win 7 plies from the root, stored at ply 3, is a win in 4 from there; met again at
        // ply 5 it is a win 9 plies from the root.
        let stored = to_table(WIN - 7, 3);
        assert_eq!(stored, WIN - 4);
        assert_eq!(from_table(stored, 5), WIN - 9);
        assert_eq!(from_table(to_table(-WIN + 6, 2), 2), -WIN + 6);
        assert_eq!(to_table(35, 4), 35);
    }

    #[test]
    fn deeper_results_replace_shallower_ones_of_the_same_search() {
        let mut table: Table<u8> = Table::new(0);
        table.store(1, 5, 10, Bound::Exact, Some(1));
        table.store(2, 3, 20, Bound::Exact, Some(2));
        assert_eq!(
            table.probe(1).map(|e| e.score),
            Some(10),
            "a shallower result does not replace"
        );
        table.store(2, 6, 30, Bound::Lower, Some(3));
        assert_eq!(table.probe(2).map(|e| e.score), Some(30));
        table.new_search();
        table.store(4, 1, 40, Bound::Upper, None);
        assert_eq!(table.probe(4).map(|e| e.score), Some(40), "an older search's entry gives way");
    }
}
