//! The 32 dark squares as bits of a `u64` with three ghost squares, and the diagonal steps
//! between them.
//!
//! PDN square `n` (index `i = n - 1`) is bit `i + i / 8`: after every two rows one bit is
//! left out. Row `i / 4` counts from the top (Black's side, squares 1–4); even rows hold their
//! squares on columns 1, 3, 5, 7 and odd rows on 0, 2, 4, 6. The bits, laid out as the board,
//! with the ghost squares 8, 17 and 26 in brackets at both ends of the rows they fall between:
//!
//! ```text
//!   row 0       --  0 --  1 --  2 --  3        squares 1–4
//!   row 1        4 --  5 --  6 --  7 -- [ 8]   squares 5–8
//!   row 2  [ 8] --  9 -- 10 -- 11 -- 12        squares 9–12
//!   row 3       13 -- 14 -- 15 -- 16 -- [17]
//!   row 4  [17] -- 18 -- 19 -- 20 -- 21
//!   row 5       22 -- 23 -- 24 -- 25 -- [26]
//!   row 6  [26] -- 27 -- 28 -- 29 -- 30
//!   row 7       31 -- 32 -- 33 -- 34 --        squares 29–32
//! ```
//!
//! It is the padded board of array-based checkers programs (Martin Fierz's Simple Checkers,
//! as Jonathan Kreuzer's checkers bitboard tutorial at 3dkingdoms.com describes it) put into
//! a bitboard. The point: every step down-left is `+4` and every step down-right `+5`, from
//! any row, so a whole set of pieces steps with one shift and no mask; up-right is `-4` and
//! up-left `-5`. The `u32` layout it replaces needed two shifts under row masks per step.
//!
//! A step off the left or right edge lands on a ghost square (or on bit 35, or below bit 0,
//! where it is shifted out), and a step off the top or bottom leaves bits 0–34. Such steps
//! are dropped by intersecting the result with a set of real squares — the empty squares,
//! the enemy's pieces, or [`BOARD`] — so those sets must never hold a ghost bit.
//!
//! A jump is two steps in one shift (`±8`, `±10`), but only where the square jumped over is
//! real: from square 5 (bit 4) two steps down-left would go through ghost 8 and off the board,
//! yet `4 + 8` is square 12's bit. Jumps are therefore always taken over a set of pieces.
//!
//! The layout maps the board onto itself when it is turned round: the bit of square `33 - n`
//! is `34` minus the bit of square `n`.

/// A set of squares: bits 0–34 of a `u64`, never a ghost bit in a set of pieces.
pub type Squares = u64;

/// The 32 real squares: bits 0–34 but the ghosts 8, 17 and 26.
pub const BOARD: Squares = 0x7_FBFD_FEFF;

/// Black's crowning row: squares 29–32.
pub const BOTTOM_ROW: Squares = 0xF << 31;
/// White's crowning row: squares 1–4.
pub const TOP_ROW: Squares = 0xF;

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

    /// How far a step in this direction moves a bit.
    pub const fn offset(self) -> isize {
        match self {
            Direction::UpLeft => -5,
            Direction::UpRight => -4,
            Direction::DownLeft => 4,
            Direction::DownRight => 5,
        }
    }
}

/// Every square of `squares` moved one step in `direction`. Steps off the board land on ghost
/// squares or outside bits 0–34: intersect the result with real squares to drop them.
#[inline]
pub const fn step(squares: Squares, direction: Direction) -> Squares {
    match direction {
        Direction::UpLeft => squares >> 5,
        Direction::UpRight => squares >> 4,
        Direction::DownLeft => squares << 4,
        Direction::DownRight => squares << 5,
    }
}

/// Every square of `squares` moved two steps in `direction`: a jump's landing square, right
/// wherever the square jumped over is real (a jump over a ghost can wrap round to a real
/// square). Landings off the board are dropped as [`step`]'s are.
#[inline]
pub const fn jump(squares: Squares, direction: Direction) -> Squares {
    match direction {
        Direction::UpLeft => squares >> 10,
        Direction::UpRight => squares >> 8,
        Direction::DownLeft => squares << 8,
        Direction::DownRight => squares << 10,
    }
}

/// The number of bits a table indexed by square needs: bits 0–34.
pub const BITS: usize = 35;

/// `JUMP[d][b]`: a jump from the square on bit `b` in direction `d` as the square jumped over
/// and the landing square, one bit each; both are 0 where either is off the board (and for
/// the ghosts).
pub static JUMP: [[(Squares, Squares); BITS]; 4] = {
    let mut table = [[(0, 0); BITS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut b = 0;
        while b < BITS {
            let direction = Direction::ALL[d];
            let over = step(1 << b & BOARD, direction) & BOARD;
            let landing = step(over, direction) & BOARD;
            if landing != 0 {
                table[d][b] = (over, landing);
            }
            b += 1;
        }
        d += 1;
    }
    table
};

/// The bit index of a one-square set.
#[inline]
pub const fn index(square: Squares) -> usize {
    square.trailing_zeros() as usize
}

/// The bit of PDN square index `i` (0 for square 1).
#[inline]
pub const fn bit_of(pdn_index: usize) -> usize {
    pdn_index + pdn_index / 8
}

/// The PDN square index (0 for square 1) of bit `b`, a real square.
#[inline]
pub const fn pdn_index(bit: usize) -> usize {
    bit - bit / 9
}

/// The set of `pdn`, a set in the PDN layout (bit `i` is square `i + 1`).
#[inline]
pub const fn from_pdn(pdn: u32) -> Squares {
    let pdn = pdn as Squares;
    (pdn & 0xFF) | (pdn & 0xFF00) << 1 | (pdn & 0xFF_0000) << 2 | (pdn & 0xFF00_0000) << 3
}

/// `squares` in the PDN layout (bit `i` is square `i + 1`).
#[inline]
pub const fn to_pdn(squares: Squares) -> u32 {
    let pdn = (squares & 0xFF)
        | (squares >> 1 & 0xFF00)
        | (squares >> 2 & 0xFF_0000)
        | (squares >> 3 & 0xFF00_0000);
    pdn as u32
}

/// The bits of a set, lowest first (which is also the order of the PDN squares).
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

    /// The one-square set of PDN square `n`.
    fn square(n: usize) -> Squares {
        1 << bit_of(n - 1)
    }

    #[test]
    fn steps_follow_the_diagram() {
        // Square 1 steps down to 5 and 6; square 5 up to 1 only, down to 9 only.
        assert_eq!(step(square(1), Direction::DownLeft) & BOARD, square(5));
        assert_eq!(step(square(1), Direction::DownRight) & BOARD, square(6));
        assert_eq!(step(square(5), Direction::UpLeft) & BOARD, 0);
        assert_eq!(step(square(5), Direction::UpRight) & BOARD, square(1));
        assert_eq!(step(square(5), Direction::DownLeft) & BOARD, 0);
        assert_eq!(step(square(5), Direction::DownRight) & BOARD, square(9));
        // Square 32 (column g of the bottom row): no step down; up to 27 and 28.
        assert_eq!(step(square(32), Direction::DownLeft) & BOARD, 0);
        assert_eq!(step(square(32), Direction::DownRight) & BOARD, 0);
        assert_eq!(step(square(32), Direction::UpLeft) & BOARD, square(27));
        assert_eq!(step(square(32), Direction::UpRight) & BOARD, square(28));
        // Square 12 (column h): nothing to the right.
        assert_eq!(step(square(12), Direction::UpRight) & BOARD, 0);
        assert_eq!(step(square(12), Direction::DownRight) & BOARD, 0);
        assert_eq!(step(square(12), Direction::DownLeft) & BOARD, square(16));
        // Square 13 (column a): nothing to the left.
        assert_eq!(step(square(13), Direction::UpLeft) & BOARD, 0);
        assert_eq!(step(square(13), Direction::DownLeft) & BOARD, 0);
        assert_eq!(step(square(13), Direction::UpRight) & BOARD, square(9));
    }

    /// The row and column of PDN square index `i`, as on the diagram.
    fn place(i: usize) -> (isize, isize) {
        let row = (i / 4) as isize;
        (row, 2 * (i % 4) as isize + isize::from(row % 2 == 0))
    }

    #[test]
    fn masked_steps_are_the_diagonal_neighbours_on_the_board() {
        for direction in Direction::ALL {
            let (rows, columns) = match direction {
                Direction::UpLeft => (-1, -1),
                Direction::UpRight => (-1, 1),
                Direction::DownLeft => (1, -1),
                Direction::DownRight => (1, 1),
            };
            for i in 0..32 {
                let (row, column) = place(i);
                let expected = (0..32)
                    .find(|&j| place(j) == (row + rows, column + columns))
                    .map_or(0, |j| square(j + 1));
                assert_eq!(step(square(i + 1), direction) & BOARD, expected, "{direction:?}");
            }
        }
    }

    /// The ghost squares: the bits of 0–34 that are not squares.
    const GHOSTS: Squares = 1 << 8 | 1 << 17 | 1 << 26;

    #[test]
    fn no_step_from_a_square_lands_on_a_ghost_once_masked() {
        assert_eq!(BOARD | GHOSTS, (1 << BITS) - 1);
        assert_eq!(BOARD & GHOSTS, 0);
        let mut ghosts_reached = 0;
        for direction in Direction::ALL {
            for i in 0..32 {
                let square = square(i + 1);
                // A step off a side lands on a ghost, on bit 35 or below bit 0; a step off the
                // top or bottom leaves bits 0–34.
                let landing = step(square, direction);
                ghosts_reached |= landing & GHOSTS;
                // Masked with real squares, as every move is, no ghost is left ...
                assert_eq!(landing & BOARD & GHOSTS, 0);
                // ... nor in the tables, nor from a jump over a real square.
                let (over, landing) = JUMP[direction as usize][bit_of(i)];
                assert_eq!((over | landing) & GHOSTS, 0);
                assert_eq!(jump(square, direction) & BOARD & GHOSTS, 0);
            }
            // The same for all squares at once.
            assert_eq!(step(BOARD, direction) & BOARD & GHOSTS, 0);
        }
        // And the ghosts do catch the steps off both sides: all three are reached.
        assert_eq!(ghosts_reached, GHOSTS);
    }

    #[test]
    fn a_jump_is_two_steps() {
        for direction in Direction::ALL {
            for i in 0..32 {
                let square = square(i + 1);
                let over = step(square, direction) & BOARD;
                let two_steps = step(over, direction) & BOARD;
                if over != 0 {
                    assert_eq!(jump(square, direction) & BOARD, two_steps);
                }
                let (table_over, table_landing) = JUMP[direction as usize][index(square)];
                assert_eq!(table_landing, two_steps);
                assert_eq!(table_over, if two_steps == 0 { 0 } else { over });
            }
        }
    }

    #[test]
    fn every_step_has_its_reverse() {
        for direction in Direction::ALL {
            for i in 0..32 {
                let to = step(square(i + 1), direction) & BOARD;
                if to != 0 {
                    assert_eq!(step(to, direction.reverse()), square(i + 1));
                    assert_eq!(
                        index(to) as isize - index(square(i + 1)) as isize,
                        direction.offset()
                    );
                }
            }
        }
    }

    #[test]
    fn the_layouts_convert_both_ways() {
        for i in 0..32 {
            assert_eq!(pdn_index(bit_of(i)), i);
            assert_eq!(from_pdn(1 << i), square(i + 1));
            assert_eq!(to_pdn(square(i + 1)), 1 << i);
            // Turning the board round maps square n to 33 - n, and bit b to 34 - b.
            assert_eq!(bit_of(31 - i), 34 - bit_of(i));
        }
        assert_eq!(from_pdn(u32::MAX), BOARD);
        assert_eq!(to_pdn(BOARD), u32::MAX);
        assert_eq!((TOP_ROW, BOTTOM_ROW), (from_pdn(0xF), from_pdn(0xF000_0000)));
    }
}
