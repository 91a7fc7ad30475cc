//! What endgame tables (retrograde analysis) need of a game beyond its rules.
//!
//! A table holds the value of every position of one material (the pieces of each kind on
//! each side). A game says which materials there are and numbers the positions of each one;
//! the builder (the `arbiter-tablebase` crate) finds the rest with the game's own move
//! generator: it plays every move forward and inverts that graph in memory, so a game needs no
//! generator of moves backwards, which would be a second statement of its rules to keep in
//! step with the first.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use crate::Game;

/// A numbering of the positions of each material, for endgame tables.
///
/// Tables hold positions under the game's default options only.
pub trait Retrograde: Game {
    /// The pieces of each kind on each side. Its `Display` names it in file names and
    /// commands, and `FromStr` reads that name back.
    type Material: Copy + Eq + Hash + Debug + Display + FromStr + Send + Sync + 'static;

    /// The most pieces of the tables built in memory when they are first needed and no folder
    /// has them: those that take seconds to build.
    const ON_DEMAND_PIECES: u32 = 4;

    /// The material's stage in the order of building: a move that leads from one material to
    /// another (a capture, a crowning) always leads to a lower stage, so that the tables a
    /// material needs are built before it.
    fn stage(material: Self::Material) -> u32;

    /// Every material of at least one piece on each side and at most `pieces` pieces in all
    /// (pieces of no side, such as neutral ones, included), in any order.
    fn materials(pieces: u32) -> Vec<Self::Material>;

    /// The number of pieces of `material`, as [`Retrograde::materials`] counts them.
    fn piece_count(material: Self::Material) -> u32;

    /// The material of this position, or `None` when it has none that tables hold: a side
    /// without pieces, or options other than the defaults.
    fn material(&self) -> Option<Self::Material>;

    /// How many indices the positions of `material` take. Every position of the material has
    /// an index below it; some indices may name no position.
    fn index_count(material: Self::Material) -> u64;

    /// The index of this position among those of its material (`self.material()` must not be
    /// `None`); [`Retrograde::unindex`] gives the position back.
    fn index(&self) -> u64;

    /// The position of `material` at `index`, or `None` when the index names no position the
    /// game's [`Game::from_text`] would accept (two pieces on one square, say).
    fn unindex(material: Self::Material, index: u64) -> Option<Self>;
}

/// Binomial coefficients `C(n, k)` for `n ≤ 64`, `k ≤ 16`, for numbering sets of squares.
const BINOMIALS: [[u64; 17]; 65] = {
    let mut table = [[0u64; 17]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 16 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)`, the number of sets of `k` squares among `n` (`n ≤ 64`, `k ≤ 16`).
#[must_use]
pub const fn binomial(n: u32, k: u32) -> u64 {
    BINOMIALS[n as usize][k as usize]
}

/// The rank of the set of places `set` (bit `i` is place `i`) among the sets of as many
/// places, in colexicographic order: a number below `binomial(n, set.count_ones())` when the
/// places are below `n`.
#[must_use]
pub fn rank_set(set: u64) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut k = 1;
    while rest != 0 {
        rank += binomial(rest.trailing_zeros(), k);
        rest &= rest - 1;
        k += 1;
    }
    rank
}

/// The set of `k` places of colexicographic rank `rank`: the inverse of [`rank_set`].
#[must_use]
pub fn unrank_set(mut rank: u64, k: u32) -> u64 {
    let mut set = 0;
    for size in (1..=k).rev() {
        // The highest place: the largest `place` with `C(place, size) <= rank`.
        let mut place = size - 1;
        while binomial(place + 1, size) <= rank {
            place += 1;
        }
        rank -= binomial(place, size);
        set |= 1 << place;
    }
    set
}

/// Spreads the places of `set` (bit `i` is place `i`) onto the squares of `squares`: place `i`
/// becomes the `i`-th lowest bit of `squares`.
#[must_use]
pub fn deposit(set: u64, squares: u64) -> u64 {
    if let Some(shift) = contiguous(squares) {
        return set << shift & squares;
    }
    let mut result = 0;
    let mut rest = squares;
    let mut place = 0;
    let mut places = set;
    while places != 0 {
        // Skip the squares of the places before the next one of the set.
        let next = places.trailing_zeros();
        for _ in place..next {
            rest &= rest.wrapping_sub(1);
        }
        result |= rest & rest.wrapping_neg();
        rest &= rest.wrapping_sub(1);
        place = next + 1;
        places &= places - 1;
    }
    result
}

/// The places, among the squares of `squares`, of the squares of `set` (a subset): the
/// inverse of [`deposit`].
#[must_use]
pub fn extract(set: u64, squares: u64) -> u64 {
    if let Some(shift) = contiguous(squares) {
        return (set & squares) >> shift;
    }
    let mut result = 0;
    let mut rest = set & squares;
    while rest != 0 {
        let square = rest & rest.wrapping_neg();
        // The square's place: the squares below it.
        result |= 1 << (squares & (square - 1)).count_ones();
        rest &= rest - 1;
    }
    result
}

/// The lowest square of `squares` when they are one run of consecutive bits, where
/// [`deposit`] and [`extract`] are shifts.
fn contiguous(squares: u64) -> Option<u32> {
    let shift = squares.trailing_zeros();
    let run = squares.checked_shr(shift).unwrap_or(0);
    (run & run.wrapping_add(1) == 0).then_some(shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_ranked_densely_and_back() {
        for k in 0..4 {
            let count = binomial(10, k);
            for rank in 0..count {
                let set = unrank_set(rank, k);
                assert_eq!(set.count_ones(), k);
                assert!(set < 1 << 10);
                assert_eq!(rank_set(set), rank);
            }
        }
    }

    #[test]
    fn deposit_and_extract_are_inverse() {
        for squares in [0b1011_0110, 0b0111_1000, u64::MAX] {
            for set in 0..1 << squares.count_ones().min(5) {
                assert_eq!(extract(deposit(set, squares), squares), set);
            }
        }
        assert_eq!(deposit(0b101, 0b1011_0110), 0b1_0010);
    }
}
