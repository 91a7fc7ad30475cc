//! The 6×6 board as the low 36 bits of a `u64`: bit `rank * 6 + file`, with `a1` = bit 0
//! (file a, rank 1, White's side) and `f6` = bit 35. Only the dark squares (file + rank even,
//! counting from 0, so `a1` is dark) are ever used.

use std::fmt;

/// A set of squares.
pub type Squares = u64;

/// Every square of the board.
pub const BOARD: Squares = (1 << 36) - 1;
const FILE_A: Squares = 0x0410_4104_1041;
const FILE_F: Squares = FILE_A << 5;
/// Rank 1, Black's goal.
pub const RANK_1: Squares = 0x3F;
/// Rank 6, White's goal.
pub const RANK_6: Squares = RANK_1 << 30;

/// A diagonal direction: up is towards rank 6, left towards file a.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards rank 6 and file a.
    UpLeft,
    /// Towards rank 6 and file f.
    UpRight,
    /// Towards rank 1 and file a.
    DownLeft,
    /// Towards rank 1 and file f.
    DownRight,
}

/// Every square of `squares` moved one step in `direction`; steps off the board vanish.
#[inline]
pub const fn step(squares: Squares, direction: Direction) -> Squares {
    match direction {
        Direction::UpLeft => ((squares & !FILE_A) << 5) & BOARD,
        Direction::UpRight => ((squares & !FILE_F) << 7) & BOARD,
        Direction::DownLeft => (squares & !FILE_A) >> 7,
        Direction::DownRight => (squares & !FILE_F) >> 5,
    }
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut set: Squares) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = Square(set.trailing_zeros() as u8);
            set &= set - 1;
            square
        })
    })
}

/// A square of the board, written algebraically: `a1` … `f6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 6 && rank < 6 {
            Some(Square(rank * 6 + file))
        } else {
            None
        }
    }

    /// The square of a one-square set.
    pub(crate) const fn of(set: Squares) -> Square {
        Square(set.trailing_zeros() as u8)
    }

    /// The file, 0 for a.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 6
    }

    /// The rank, 0 for rank 1.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 6
    }

    /// `true` for the dark squares, where pieces stand.
    #[must_use]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The square as a one-square set.
    #[must_use]
    pub const fn bit(self) -> Squares {
        1 << self.0
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Reads `a1` … `f6` (upper-case files accepted).
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[file, rank] => {
                let file = file.to_ascii_lowercase().checked_sub(b'a')?;
                let rank = rank.checked_sub(b'1')?;
                Square::new(file, rank)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Squares {
        Square::parse(name).map_or(0, Square::bit)
    }

    #[test]
    fn steps_follow_the_board() {
        assert_eq!(step(at("c3"), Direction::UpLeft), at("b4"));
        assert_eq!(step(at("c3"), Direction::UpRight), at("d4"));
        assert_eq!(step(at("c3"), Direction::DownLeft), at("b2"));
        assert_eq!(step(at("c3"), Direction::DownRight), at("d2"));
        assert_eq!(step(at("a1"), Direction::UpLeft), 0);
        assert_eq!(step(at("f6"), Direction::UpRight), 0);
        assert_eq!(step(at("f2"), Direction::UpRight), 0);
        assert_eq!(step(at("a5"), Direction::DownLeft), 0);
        assert_eq!(step(at("e1"), Direction::DownRight), 0);
        assert_eq!(step(at("e5"), Direction::UpRight), at("f6"));
    }

    #[test]
    fn squares_are_written_algebraically() {
        assert_eq!(Square::parse("a1").map(|s| s.to_string()), Some("a1".to_owned()));
        assert_eq!(Square::parse("F6").map(|s| s.to_string()), Some("f6".to_owned()));
        assert_eq!(Square::parse("g1"), None);
        assert_eq!(Square::parse("a7"), None);
        assert_eq!(Square::parse("a"), None);
        assert!(Square::parse("a1").is_some_and(Square::is_dark));
        assert!(!Square::parse("b1").is_some_and(Square::is_dark));
    }
}
