//! A Breakthrough move and its notations: algebraic, the seed's coordinates, and GDL.

use std::fmt;

use arbiter_core::text::parse_digits;
use arbiter_core::MoveError;

use crate::board::Cell;

/// One piece one rank forward; a capture takes the enemy piece on the destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Cell,
    pub(crate) to: Cell,
    pub(crate) capture: bool,
}

impl Move {
    /// The cell the piece leaves.
    #[must_use]
    pub const fn from(self) -> Cell {
        self.from
    }

    /// The cell the piece goes to.
    #[must_use]
    pub const fn to(self) -> Cell {
        self.to
    }

    /// `true` when the move takes an enemy piece (only under `captures=diagonal`).
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.capture
    }
}

impl fmt::Display for Move {
    /// `b2-b3`, or `b2xc3` for a capture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture { 'x' } else { '-' };
        write!(f, "{}{separator}{}", self.from, self.to)
    }
}

const EXPECTED: &str =
    "a move like b2-b3 or b2xc3, the seed's (2,2)-(2,3), or GDL's (move 2 2 2 3)";

/// Finds the legal move that `text` names, in any of the accepted notations. An `x` says the
/// move captures; a move is one step, so it names two cells.
pub(crate) fn parse(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let malformed = |problem: &str| MoveError::Malformed {
        text: trimmed.to_owned(),
        problem: problem.to_owned(),
        expected: EXPECTED.to_owned(),
    };
    if trimmed.is_empty() {
        return Err(malformed("it is empty"));
    }
    let (from, to, marked_capture) =
        if let Some(gdl) = trimmed.strip_prefix("(move") {
            let numbers =
                gdl.strip_suffix(')').filter(|inside| !inside.contains(['(', ')'])).ok_or_else(
                    || malformed("a GDL move is (move x1 y1 x2 y2), with one pair of parentheses"),
                )?;
            match numbers.split_whitespace().collect::<Vec<&str>>().as_slice() {
                [x1, y1, x2, y2] => (coordinates(x1, y1), coordinates(x2, y2), false),
                _ => return Err(malformed("a GDL move has four numbers")),
            }
        } else if trimmed.starts_with('(') {
            let cells = trimmed.strip_prefix('(').and_then(|rest| rest.strip_suffix(')'));
            let pairs = cells.and_then(|cells| cells.split_once(")-("));
            match pairs {
                Some((from, to)) if !(from.contains(['(', ')']) || to.contains(['(', ')'])) => {
                    (pair(from), pair(to), false)
                }
                _ => return Err(malformed(
                    "the seed's form is (x,y)-(x,y), with one pair of parentheses round each cell",
                )),
            }
        } else {
            let cells: Vec<&str> = trimmed.split(['-', 'x', 'X']).collect();
            match cells.as_slice() {
                [from, to] => {
                    (Cell::parse(from.trim()), Cell::parse(to.trim()), trimmed.contains(['x', 'X']))
                }
                [_] => return Err(malformed("a move names two cells joined by - or x")),
                _ => return Err(malformed("a move in this game is one step: FROM-TO, two cells")),
            }
        };
    let (Some(from), Some(to)) = (from, to) else {
        return Err(malformed("a cell is not on the board (files a-f or x 1-6, ranks 1-6)"));
    };
    let mv = legal.iter().copied().find(|mv| mv.from == from && mv.to == to).ok_or_else(|| {
        MoveError::Illegal {
            text: trimmed.to_owned(),
            legal: legal.iter().map(ToString::to_string).collect(),
        }
    })?;
    if marked_capture && !mv.capture {
        return Err(MoveError::Malformed {
            text: trimmed.to_owned(),
            problem: format!("an x marks a capture, but {mv} takes nothing"),
            expected: EXPECTED.to_owned(),
        });
    }
    Ok(mv)
}

/// `2,3` → b3.
fn pair(text: &str) -> Option<Cell> {
    let (x, y) = text.split_once(',')?;
    coordinates(x, y)
}

/// x = column 1–6, y = row 1–6.
fn coordinates(x: &str, y: &str) -> Option<Cell> {
    let x: u8 = parse_digits(x.trim())?;
    let y: u8 = parse_digits(y.trim())?;
    Cell::new(x.checked_sub(1)?, y.checked_sub(1)?)
}
