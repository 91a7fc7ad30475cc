//! The 9×5 board as the low 45 bits of a `u64`, its lines, and the eight directions.
//!
//! Point `(column, row)` is bit `(row − 1) * 9 + column`, with column 0 = A and row 1 at the
//! top (Black's side), as in the seed's picture. Every point joins its orthogonal neighbours;
//! a point whose column number plus row number is even (A1, C1, B2, E3, …: the "strong"
//! points) also joins its diagonal neighbours.

use std::fmt;

/// A set of points.
pub type Points = u64;

/// Every point of the board.
pub const BOARD: Points = (1 << 45) - 1;
const COLUMN_A: Points = {
    let mut set = 0;
    let mut row = 0;
    while row < 5 {
        set |= 1 << (row * 9);
        row += 1;
    }
    set
};
const COLUMN_I: Points = COLUMN_A << 8;
/// The strong points, which have diagonal lines: column number + row number even.
pub const STRONG: Points = {
    let mut set = 0;
    let mut index = 0;
    while index < 45 {
        if (index % 9 + index / 9) % 2 == 0 {
            set |= 1 << index;
        }
        index += 1;
    }
    set
};

/// A direction on the board: N is towards row 1, E towards column I.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 1.
    N,
    /// Towards row 1 and column I.
    NE,
    /// Towards column I.
    E,
    /// Towards row 5 and column I.
    SE,
    /// Towards row 5.
    S,
    /// Towards row 5 and column A.
    SW,
    /// Towards column A.
    W,
    /// Towards row 1 and column A.
    NW,
}

impl Direction {
    /// Every direction, clockwise from north: the order moves are generated in.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The opposite direction.
    #[must_use]
    pub const fn reverse(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// The compass name: `N`, `NE`, ….
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }

    /// Reads a compass name, in either case.
    #[must_use]
    pub fn parse(text: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|direction| direction.name().eq_ignore_ascii_case(text))
    }
}

/// Every point of `points` moved one step along a line in `direction`; steps off the board, or
/// diagonal steps from points without diagonals, vanish.
#[inline]
pub const fn step(points: Points, direction: Direction) -> Points {
    match direction {
        Direction::N => points >> 9,
        Direction::S => (points << 9) & BOARD,
        Direction::W => (points & !COLUMN_A) >> 1,
        Direction::E => (points & !COLUMN_I) << 1,
        Direction::NW => (points & STRONG & !COLUMN_A) >> 10,
        Direction::NE => (points & STRONG & !COLUMN_I) >> 8,
        Direction::SW => ((points & STRONG & !COLUMN_A) << 8) & BOARD,
        Direction::SE => ((points & STRONG & !COLUMN_I) << 10) & BOARD,
    }
}

/// For each direction and point, the points beyond it along its line in that direction, to
/// the edge: built once so that the capture chains follow a line without stepping along it.
const RAYS: [[Points; 45]; 8] = {
    let mut rays = [[0; 45]; 8];
    let mut direction = 0;
    while direction < 8 {
        let mut index = 0;
        while index < 45 {
            let mut at = step(1 << index, Direction::ALL[direction]);
            while at != 0 {
                rays[direction][index] |= at;
                at = step(at, Direction::ALL[direction]);
            }
            index += 1;
        }
        direction += 1;
    }
    rays
};

/// For each direction and point, the next point in that direction (empty at the edge).
const NEXT: [[Points; 45]; 8] = {
    let mut next = [[0; 45]; 8];
    let mut direction = 0;
    while direction < 8 {
        let mut index = 0;
        while index < 45 {
            next[direction][index] = step(1 << index, Direction::ALL[direction]);
            index += 1;
        }
        direction += 1;
    }
    next
};

impl Direction {
    /// `true` when a step this way goes to a higher bit (towards row 5, or east along a row).
    const fn ascends(self) -> bool {
        matches!(self, Direction::E | Direction::SE | Direction::S | Direction::SW)
    }
}

/// The point next to `point` in `direction` as a one-point set, empty at the edge.
#[inline]
#[must_use]
pub fn next(point: Point, direction: Direction) -> Points {
    NEXT[direction as usize][point.index()]
}

/// The unbroken line of points of `set` beyond `point` in `direction`, up to the first point
/// not in `set` or the edge: the pieces an approach or a withdrawal captures.
#[inline]
#[must_use]
pub fn run(point: Point, direction: Direction, set: Points) -> Points {
    let ray = RAYS[direction as usize][point.index()];
    let breaks = ray & !set;
    // The points of the ray nearer than the nearest break (all of it when there is none).
    let nearer = if direction.ascends() {
        (breaks & breaks.wrapping_neg()).wrapping_sub(1)
    } else {
        u64::MAX.checked_shl(64 - breaks.leading_zeros()).unwrap_or(0)
    };
    ray & nearer
}

/// A point of the board, written `A1` … `I5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point at `column` (0 = A) and `row` (1–5), if on the board.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Point> {
        if column < 9 && row >= 1 && row <= 5 {
            Some(Point((row - 1) * 9 + column))
        } else {
            None
        }
    }

    /// The point of a set's lowest bit; the set must not be empty.
    pub(crate) const fn lowest(points: Points) -> Point {
        Point(points.trailing_zeros() as u8)
    }

    /// The column, 0 for A.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % 9
    }

    /// The row, 1 (top) to 5.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The point as a one-point set.
    #[must_use]
    pub const fn bit(self) -> Points {
        1 << self.0
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The neighbour along a line in `direction`, if there is one.
    #[must_use]
    pub const fn neighbour(self, direction: Direction) -> Option<Point> {
        let next = step(self.bit(), direction);
        if next == 0 {
            None
        } else {
            Some(Point::lowest(next))
        }
    }

    /// Reads `A1` … `I5`, in either case.
    #[must_use]
    pub fn parse(text: &str) -> Option<Point> {
        match text.as_bytes() {
            &[column, row] => {
                let column = column.to_ascii_uppercase().checked_sub(b'A')?;
                let row = row.checked_sub(b'0')?;
                Point::new(column, row)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.column()), self.row())
    }
}

/// The points of a set, lowest first (row 1 first, A to I).
pub fn points(mut set: Points) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let point = Point::lowest(set);
            set &= set - 1;
            point
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Point {
        Point::parse(name).unwrap_or_else(|| panic!("{name} is a point"))
    }

    #[test]
    fn strong_points_have_diagonals() {
        for (name, strong) in [
            ("A1", true),
            ("C1", true),
            ("B2", true),
            ("E3", true),
            ("B1", false),
            ("F4", true),
            ("F3", false),
        ] {
            assert_eq!(STRONG & at(name).bit() != 0, strong, "{name}");
        }
        assert_eq!(at("F3").neighbour(Direction::NW), None, "F3 has no diagonals");
        // The seed's "F4 NE" example is the step F4→E3: north-west (docs/rules.md §3).
        assert_eq!(at("F4").neighbour(Direction::NW), Some(at("E3")));
        assert_eq!(at("E3").neighbour(Direction::SE), Some(at("F4")));
    }

    #[test]
    fn directions_follow_the_seeds_picture() {
        // Row 1 is at the top: north goes towards it.
        assert_eq!(at("E3").neighbour(Direction::N), Some(at("E2")));
        assert_eq!(at("E3").neighbour(Direction::NW), Some(at("D2")));
        assert_eq!(at("E3").neighbour(Direction::NE), Some(at("F2")));
        assert_eq!(at("E3").neighbour(Direction::SW), Some(at("D4")));
        assert_eq!(at("E3").neighbour(Direction::W), Some(at("D3")));
        assert_eq!(at("I3").neighbour(Direction::E), None);
        assert_eq!(at("A1").neighbour(Direction::N), None);
        assert_eq!(at("I5").neighbour(Direction::SE), None);
        assert_eq!(at("I5").neighbour(Direction::NW), Some(at("H4")));
        for direction in Direction::ALL {
            for point in points(BOARD) {
                if let Some(next) = point.neighbour(direction) {
                    assert_eq!(next.neighbour(direction.reverse()), Some(point));
                }
            }
        }
    }

    #[test]
    fn runs_and_next_points_agree_with_stepping() {
        let sets = [0, BOARD, STRONG, !STRONG & BOARD, 0x0F0F_0F0F_0F0F & BOARD, 0x1234_5678_9ABC];
        for direction in Direction::ALL {
            for point in points(BOARD) {
                assert_eq!(next(point, direction), step(point.bit(), direction));
                for set in sets {
                    let mut stepped = 0;
                    let mut at = step(point.bit(), direction);
                    while at & set != 0 {
                        stepped |= at;
                        at = step(at, direction);
                    }
                    assert_eq!(
                        run(point, direction, set),
                        stepped,
                        "{point} {direction:?} {set:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn points_are_written_like_the_seed() {
        assert_eq!(Point::parse("f4").map(|p| p.to_string()), Some("F4".to_owned()));
        assert_eq!(Point::parse("J1"), None);
        assert_eq!(Point::parse("A6"), None);
        assert_eq!(Point::parse("A0"), None);
    }
}
