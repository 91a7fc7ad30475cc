//! A mini-checkers move (a whole turn) and its notation.

use std::fmt;

use arbiter_core::text::{excerpt, find_move_by_squares};
use arbiter_core::MoveError;

use crate::board::{Square, Squares};

/// A whole turn: a step, or a sequence of forward captures with every landing square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    /// The number of captures (0 for a step).
    pub(crate) jumps: u8,
    /// The squares of the pieces captured.
    pub(crate) captured: Squares,
    /// The landing squares, six bits each, the first in the lowest bits.
    pub(crate) path: u32,
}

impl Move {
    /// The square the piece starts on.
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    /// `true` for a capture.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// The number of pieces captured.
    #[must_use]
    pub const fn captured_count(self) -> u32 {
        self.captured.count_ones()
    }

    /// The start square, then each landing square (for a step, the square stepped to).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let landings = (0..self.jumps)
            .filter_map(move |jump| Square::from_index(((self.path >> (6 * jump)) & 63) as u8));
        let step = (self.jumps == 0).then_some(self.to);
        std::iter::once(self.from).chain(landings).chain(step)
    }
}

impl fmt::Display for Move {
    /// `b2-c3` for a step, `a1xc3xe5` for captures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { "x" } else { "-" };
        for (i, square) in self.squares().enumerate() {
            if i > 0 {
                f.write_str(separator)?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

const EXPECTED: &str = "a step like b2-c3, or captures like a1xc3xe5 (every landing square) or \
    a1xe5 (start and end, where unambiguous), on squares a1-f6";

/// Finds the legal move that `text` names: the canonical form, or captures given by their
/// start and end; `-` or `x` between squares; files in either case.
pub(crate) fn parse(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let malformed = |problem: String| MoveError::Malformed {
        text: text.trim().to_owned(),
        problem,
        expected: EXPECTED.to_owned(),
    };
    let parts: Vec<&str> = text.trim().split(['-', 'x', 'X']).map(str::trim).collect();
    if text.trim().is_empty() {
        return Err(malformed("it is empty".to_owned()));
    }
    if parts.len() < 2 {
        return Err(malformed("a move names at least two squares joined by - or x".to_owned()));
    }
    let given = parts
        .iter()
        .map(|part| {
            Square::parse(part)
                .ok_or_else(|| malformed(format!("`{}` is not a square a1-f6", excerpt(part))))
        })
        .collect::<Result<Vec<Square>, MoveError>>()?;
    let mv = find_move_by_squares(text, &given, legal, |mv| mv.squares().collect())?;
    if !mv.is_capture() && text.contains(['x', 'X']) {
        return Err(malformed(format!("an x marks a capture, but {mv} is a step")));
    }
    Ok(mv)
}
