//! The 6×6 board as the low 36 bits of a `u64` ([`GridSquare`]: `a1` is bit 0, `f6` bit 35),
//! the holes, and the forward steps of each side.

use arbiter_core::grid::GridSquare;
use arbiter_core::Side;

/// A set of cells.
pub type Cells = u64;

/// A cell, written algebraically (`b3`); the seed's `(x, y)` is file `x`, rank `y`.
pub type Cell = GridSquare<6, 6>;

/// Every cell of the board.
pub const BOARD: Cells = Cell::ALL;
const FILE_A: Cells = 0x0410_4104_1041;
const FILE_F: Cells = FILE_A << 5;
/// Rank 1, Black's goal.
pub const RANK_1: Cells = 0x3F;
/// Rank 6, White's goal.
pub const RANK_6: Cells = RANK_1 << 30;

/// The four holes, (2,3) (3,4) (4,3) (5,4) in the seed's coordinates: b3, c4, d3, e4.
pub const HOLES: Cells =
    (1 << (2 * 6 + 1)) | (1 << (3 * 6 + 2)) | (1 << (2 * 6 + 3)) | (1 << (3 * 6 + 4));

/// The three ways forward: diagonally towards file a, straight on, diagonally towards file f.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Diagonally towards file a.
    Left,
    /// Straight on.
    Straight,
    /// Diagonally towards file f.
    Right,
}

impl Step {
    /// Every step, in the order moves are generated.
    pub const ALL: [Step; 3] = [Step::Left, Step::Straight, Step::Right];

    /// `true` for the diagonal steps, which may capture under `captures=diagonal`.
    pub const fn is_diagonal(self) -> bool {
        !matches!(self, Step::Straight)
    }
}

/// Every cell of `cells` moved one rank forward for `side` by `step`; steps off the board
/// vanish.
#[inline]
pub const fn forward(cells: Cells, side: Side, step: Step) -> Cells {
    match (side, step) {
        (Side::White, Step::Left) => ((cells & !FILE_A) << 5) & BOARD,
        (Side::White, Step::Straight) => (cells << 6) & BOARD,
        (Side::White, Step::Right) => ((cells & !FILE_F) << 7) & BOARD,
        (Side::Black, Step::Left) => (cells & !FILE_A) >> 7,
        (Side::Black, Step::Straight) => cells >> 6,
        (Side::Black, Step::Right) => (cells & !FILE_F) >> 5,
    }
}

/// The rank behind `cells` for `side` (towards its home row), whole: `back(RANK_6, White)` is
/// rank 5.
#[inline]
pub const fn back(cells: Cells, side: Side) -> Cells {
    match side {
        Side::White => cells >> 6,
        Side::Black => (cells << 6) & BOARD,
    }
}

/// The cells from which a piece of `side` reaches `cells` by `step`: [`forward`] undone.
#[inline]
pub const fn back_by(cells: Cells, side: Side, step: Step) -> Cells {
    forward(cells, side.opponent(), mirror_step(step))
}

/// A step seen from the other side: left for one is right for the other.
const fn mirror_step(step: Step) -> Step {
    match step {
        Step::Left => Step::Right,
        Step::Straight => Step::Straight,
        Step::Right => Step::Left,
    }
}

/// The cells of a set, lowest first.
pub fn cells(set: Cells) -> impl Iterator<Item = Cell> {
    Cell::all_in(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Cells {
        Cell::parse(name).map_or(0, Cell::bit)
    }

    #[test]
    fn the_holes_are_b3_c4_d3_e4() {
        assert_eq!(HOLES, at("b3") | at("c4") | at("d3") | at("e4"));
    }

    #[test]
    fn steps_go_one_rank_forward() {
        assert_eq!(forward(at("c3"), Side::White, Step::Left), at("b4"));
        assert_eq!(forward(at("c3"), Side::White, Step::Straight), at("c4"));
        assert_eq!(forward(at("c3"), Side::White, Step::Right), at("d4"));
        assert_eq!(forward(at("c3"), Side::Black, Step::Left), at("b2"));
        assert_eq!(forward(at("c3"), Side::Black, Step::Straight), at("c2"));
        assert_eq!(forward(at("c3"), Side::Black, Step::Right), at("d2"));
        assert_eq!(forward(at("a2"), Side::White, Step::Left), 0);
        assert_eq!(forward(at("f2"), Side::White, Step::Right), 0);
        assert_eq!(forward(at("f6"), Side::White, Step::Straight), 0);
        assert_eq!(forward(at("a1"), Side::Black, Step::Straight), 0);
    }

    #[test]
    fn steps_undone_go_back_to_where_they_started() {
        for side in Side::BOTH {
            for step in Step::ALL {
                for cell in cells(BOARD) {
                    let ahead = forward(cell.bit(), side, step);
                    if ahead != 0 {
                        assert_eq!(back_by(ahead, side, step), cell.bit(), "{cell} {step:?}");
                    }
                }
            }
        }
        assert_eq!(back(RANK_6, Side::White), RANK_6 >> 6);
        assert_eq!(back(RANK_1, Side::Black), RANK_1 << 6);
    }
}
