//! Squares of small rectangular boards kept as bitboards in a `u64`, named algebraically.
//!
//! Square `(file, rank)` is bit `rank * FILES + file`; file 0 is `a` and rank 0 is `1`, so
//! `a1` is bit 0. Games on such boards (mini checkers, Breakthrough 6×6) share this type.

use std::fmt;

/// A square of a `FILES` × `RANKS` board (at most 64 squares), written `a1`, `b2`, ….
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridSquare<const FILES: u8, const RANKS: u8>(u8);

impl<const FILES: u8, const RANKS: u8> GridSquare<FILES, RANKS> {
    /// Every square of the board as a set.
    pub const ALL: u64 = if FILES as u32 * RANKS as u32 >= 64 {
        u64::MAX
    } else {
        (1 << (FILES as u32 * RANKS as u32)) - 1
    };

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Self> {
        if file < FILES && rank < RANKS {
            Some(GridSquare(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square of a set's lowest bit. The set must not be empty.
    #[must_use]
    pub const fn lowest(set: u64) -> Self {
        GridSquare(set.trailing_zeros() as u8)
    }

    /// The square of bit `index`, if on the board.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Self> {
        if index < FILES * RANKS {
            Some(GridSquare(index))
        } else {
            None
        }
    }

    /// The file, 0 for a.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 for rank 1.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The bit index, `rank * FILES + file`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square as a one-square set.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Reads an algebraic name, `a1`; upper-case files are accepted.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank: u8 = crate::text::parse_digits(chars.as_str())?;
        if !file.is_ascii_lowercase() || rank == 0 {
            return None;
        }
        Self::new(file as u8 - b'a', rank - 1)
    }

    /// The squares of a set, lowest first.
    pub fn all_in(mut set: u64) -> impl Iterator<Item = Self> {
        std::iter::from_fn(move || {
            (set != 0).then(|| {
                let square = Self::lowest(set);
                set &= set - 1;
                square
            })
        })
    }
}

impl<const FILES: u8, const RANKS: u8> fmt::Display for GridSquare<FILES, RANKS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    type Square = super::GridSquare<6, 6>;

    #[test]
    fn squares_are_named_algebraically() {
        assert_eq!(Square::parse("a1").map(Square::index), Some(0));
        assert_eq!(Square::parse("F6").map(|s| s.to_string()), Some("f6".to_owned()));
        assert_eq!(Square::parse("b3").map(|s| (s.file(), s.rank())), Some((1, 2)));
        for bad in ["g1", "a7", "a0", "a", "", "11", "a1x", "é1", "a+1", "a 1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::ALL, (1 << 36) - 1);
        let names: Vec<String> = Square::all_in(0b1000_0001).map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "b2"]);
    }
}
