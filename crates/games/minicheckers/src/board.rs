//! The 6×6 board as the low 36 bits of a `u64`: bit `rank * 6 + file`, with `a1` = bit 0
//! (file a, rank 1, White's side) and `f6` = bit 35. Only the dark squares (file + rank even,
//! counting from 0, so `a1` is dark) are ever used.

use arbiter_core::grid::GridSquare;

/// A set of squares.
pub type Squares = u64;

/// Every square of the board.
pub const BOARD: Squares = Square::ALL;
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

/// A square of the board, written algebraically: `a1` … `f6`.
pub type Square = GridSquare<6, 6>;

/// The squares of a set, lowest first.
#[inline]
pub fn squares(set: Squares) -> impl Iterator<Item = Square> {
    Square::all_in(set)
}

/// `true` for the dark squares, where pieces stand (`a1` is dark).
#[must_use]
pub const fn is_dark(square: Square) -> bool {
    (square.file() + square.rank()).is_multiple_of(2)
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
    fn a1_is_dark_and_colours_alternate() {
        assert!(Square::parse("a1").is_some_and(is_dark));
        assert!(!Square::parse("b1").is_some_and(is_dark));
        assert!(Square::parse("b2").is_some_and(is_dark));
    }
}
