//! The 32 dark squares as bits of a `u32`, and the diagonal steps between them.
//!
//! Bit `i` is PDN square `i + 1`. Row `i / 4` counts from the top (Black's side, squares 1–4)
//! and position `p = i % 4` from the left. Even rows hold their squares on columns
//! `2p + 1`, odd rows on columns `2p`:
//!
//! ```text
//!   row 0   --01--02--03--04
//!   row 1   05--06--07--08--
//!   ...
//!   row 7   29--30--31--32--
//! ```
//!
//! So a step down-left is `+4` from an even row and `+3` from an odd one, and so on; each
//! direction is a pair of shifts under a mask, which lets a whole set of pieces step at once.

/// A set of squares.
pub type Squares = u32;

/// Squares in the even rows (0, 2, 4, 6: squares 1–4, 9–12, 17–20, 25–28).
const EVEN_ROWS: Squares = 0x0F0F_0F0F;
/// Squares in the odd rows (5–8, 13–16, 21–24, 29–32).
const ODD_ROWS: Squares = !EVEN_ROWS;
/// Squares at position 0 of their row (1, 5, 9, …).
const FIRST_IN_ROW: Squares = 0x1111_1111;
/// Squares at position 3 of their row (4, 8, 12, …).
const LAST_IN_ROW: Squares = 0x8888_8888;

/// Black's crowning row: squares 29–32.
pub const BOTTOM_ROW: Squares = 0xF000_0000;
/// White's crowning row: squares 1–4.
pub const TOP_ROW: Squares = 0x0000_000F;

/// A diagonal direction, seen on the diagram: up is towards square 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top row and column a.
    UpLeft,
    /// Towards the top row and column h.
    UpRight,
    /// Towards the bottom row and column a.
    DownLeft,
    /// Towards the bottom row and column h.
    DownRight,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] =
        [Direction::UpLeft, Direction::UpRight, Direction::DownLeft, Direction::DownRight];
    /// White men's directions (White moves up the diagram).
    pub const UP: [Direction; 2] = [Direction::UpLeft, Direction::UpRight];
    /// Black men's directions.
    pub const DOWN: [Direction; 2] = [Direction::DownLeft, Direction::DownRight];

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }
}

/// Every square of `squares` moved one step in `direction`; steps off the board vanish.
#[inline]
pub const fn step(squares: Squares, direction: Direction) -> Squares {
    match direction {
        Direction::UpLeft => {
            ((squares & EVEN_ROWS) >> 4) | ((squares & ODD_ROWS & !FIRST_IN_ROW) >> 5)
        }
        Direction::UpRight => {
            ((squares & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((squares & ODD_ROWS) >> 4)
        }
        Direction::DownLeft => {
            ((squares & EVEN_ROWS) << 4) | ((squares & ODD_ROWS & !FIRST_IN_ROW) << 3)
        }
        Direction::DownRight => {
            ((squares & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((squares & ODD_ROWS) << 4)
        }
    }
}

/// Every square of `squares` moved two steps in `direction` (a jump's landing square); off
/// the board they vanish. Two steps down-left are always `+7` whatever the row (`+4` then
/// `+3`, or `+3` then `+4`), so a jump is a single shift where a step is two.
#[inline]
pub const fn jump(squares: Squares, direction: Direction) -> Squares {
    match direction {
        Direction::UpLeft => (squares & !FIRST_IN_ROW) >> 9,
        Direction::UpRight => (squares & !LAST_IN_ROW) >> 7,
        Direction::DownLeft => (squares & !FIRST_IN_ROW) << 7,
        Direction::DownRight => (squares & !LAST_IN_ROW) << 9,
    }
}

/// `NEIGHBOUR[d][i]`: the square one step from square `i` in direction `d`, as a one-bit set
/// (0 at the edge).
pub static NEIGHBOUR: [[Squares; 32]; 4] = {
    let mut table = [[0; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            table[d][i] = step(1 << i, Direction::ALL[d]);
            i += 1;
        }
        d += 1;
    }
    table
};

/// `JUMP[d][i]`: a jump from square `i` in direction `d` as the square jumped over and the
/// landing square, one bit each; both are 0 where the landing square is off the board.
pub static JUMP: [[(Squares, Squares); 32]; 4] = {
    let mut table = [[(0, 0); 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            let over = NEIGHBOUR[d][i];
            let landing = step(over, Direction::ALL[d]);
            if landing != 0 {
                table[d][i] = (over, landing);
            }
            i += 1;
        }
        d += 1;
    }
    table
};

/// The index (0–31) of a one-square set.
#[inline]
pub const fn index(square: Squares) -> usize {
    square.trailing_zeros() as usize
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut set: Squares) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = index(set);
            set &= set - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_the_diagram() {
        // Square 1 (bit 0) steps down to 5 and 6; square 5 (bit 4) up to 1 only, down to 9.
        assert_eq!(step(1 << 0, Direction::DownLeft), 1 << 4);
        assert_eq!(step(1 << 0, Direction::DownRight), 1 << 5);
        assert_eq!(step(1 << 4, Direction::UpLeft), 0);
        assert_eq!(step(1 << 4, Direction::UpRight), 1 << 0);
        assert_eq!(step(1 << 4, Direction::DownLeft), 0);
        assert_eq!(step(1 << 4, Direction::DownRight), 1 << 8);
        // Square 32 (bit 31, column g of the bottom row): no step down; up to 27 and 28.
        assert_eq!(step(1 << 31, Direction::DownLeft), 0);
        assert_eq!(step(1 << 31, Direction::DownRight), 0);
        assert_eq!(step(1 << 31, Direction::UpLeft), 1 << 26);
        assert_eq!(step(1 << 31, Direction::UpRight), 1 << 27);
        // Square 12 (bit 11, column h): nothing to the right.
        assert_eq!(step(1 << 11, Direction::UpRight), 0);
        assert_eq!(step(1 << 11, Direction::DownRight), 0);
        assert_eq!(step(1 << 11, Direction::DownLeft), 1 << 15);
    }

    #[test]
    fn a_jump_is_two_steps() {
        for direction in Direction::ALL {
            for i in 0..32 {
                let square = 1 << i;
                assert_eq!(jump(square, direction), step(step(square, direction), direction));
            }
        }
    }

    #[test]
    fn every_step_has_its_reverse() {
        for direction in Direction::ALL {
            for (i, &to) in NEIGHBOUR[direction as usize].iter().enumerate() {
                if to != 0 {
                    assert_eq!(NEIGHBOUR[direction.reverse() as usize][index(to)], 1 << i);
                }
            }
        }
    }
}
