//! A checkers move (a whole turn) and its PDN notation.

use std::fmt;

use arbiter_core::text::{excerpt, find_move_by_squares, parse_digits};
use arbiter_core::MoveError;

use crate::board::{pdn_index, to_pdn, Squares};

/// The most jumps one move can make: a king can take at most the twelve enemy pieces.
pub(crate) const MAX_JUMPS: usize = 12;

/// A whole turn: a step, or a sequence of jumps with every landing square.
///
/// Two jump sequences over the same pieces to the same square along different paths are
/// different moves, as in PDN: they are written differently (`1x10x19x28` vs `1x10x17x28`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The bit of the start square in the layout of [`crate::board`].
    pub(crate) from: u8,
    /// The bit of the end square.
    pub(crate) to: u8,
    /// The number of jumps (0 for a step).
    pub(crate) jumps: u8,
    /// The squares of the pieces jumped, in the PDN layout (bit `i` is square `i + 1`): 32
    /// bits where the board's layout needs 35, so that a move fits in 16 bytes.
    pub(crate) captured: u32,
    /// The landing squares of the jumps as PDN square indices (0 for square 1), five bits
    /// each, the first in the lowest bits.
    pub(crate) path: u64,
}

impl Move {
    /// A step from the square on bit `from` to the one on bit `to`.
    pub(crate) const fn step(from: usize, to: usize) -> Move {
        Move { from: from as u8, to: to as u8, jumps: 0, captured: 0, path: 0 }
    }

    /// One jump from the square on bit `from` over the piece on the one-square set `over` to
    /// the square on bit `to`.
    pub(crate) const fn single_jump(from: usize, over: Squares, to: usize) -> Move {
        let (captured, path) = (to_pdn(over), pdn_index(to) as u64);
        Move { from: from as u8, to: to as u8, jumps: 1, captured, path }
    }

    /// The PDN square the piece starts on (1–32).
    #[must_use]
    pub const fn from_square(self) -> u8 {
        pdn_index(self.from as usize) as u8 + 1
    }

    /// The PDN square the piece ends on (1–32).
    #[must_use]
    pub const fn to_square(self) -> u8 {
        pdn_index(self.to as usize) as u8 + 1
    }

    /// `true` for a jump.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// The number of pieces jumped.
    #[must_use]
    pub const fn captured_count(self) -> u32 {
        self.captured.count_ones()
    }

    /// Every square the move touches, as PDN numbers: the start, then each landing square.
    pub fn squares(self) -> impl Iterator<Item = u8> {
        let landings = (0..self.jumps).map(move |jump| ((self.path >> (5 * jump)) & 31) as u8 + 1);
        let step = (self.jumps == 0).then_some(self.to_square());
        std::iter::once(self.from_square()).chain(landings).chain(step)
    }
}

impl fmt::Display for Move {
    /// PDN: `11-15` for a step, `9x18x27` for jumps, every landing square listed.
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

const EXPECTED: &str = "a step like 11-15, or jumps like 9x18x27 (every landing square) or 9x27 \
    (start and end, where that is unambiguous), on squares 1-32";

/// Finds the legal move that `text` names. Accepted: the canonical form; jumps given by their
/// start and end only (`9x27`) or with some of the landing squares; `-` or `x` between the
/// squares of a jump. An `x` says the move captures: `11x15` does not name the step 11-15.
pub(crate) fn parse(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let given = parse_squares(text)?;
    let mv = find_move_by_squares(text, &given, legal, |mv| mv.squares().collect())?;
    if !mv.is_capture() && text.contains(['x', 'X']) {
        return Err(MoveError::Malformed {
            text: text.trim().to_owned(),
            problem: format!("an x marks a jump, but {mv} is a step"),
            expected: EXPECTED.to_owned(),
        });
    }
    Ok(mv)
}

fn parse_squares(text: &str) -> Result<Vec<u8>, MoveError> {
    let malformed = |problem: String| MoveError::Malformed {
        text: text.trim().to_owned(),
        problem,
        expected: EXPECTED.to_owned(),
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(malformed("it is empty".to_owned()));
    }
    let parts: Vec<&str> = trimmed.split(['-', 'x', 'X']).collect();
    if parts.len() < 2 || parts.len() > MAX_JUMPS + 1 {
        return Err(malformed("a move names between 2 and 13 squares joined by - or x".to_owned()));
    }
    parts
        .iter()
        .map(|part| match parse_digits::<u8>(part.trim()) {
            Some(square @ 1..=32) => Ok(square),
            Some(square) => Err(malformed(format!("there is no square {square}"))),
            None if part.trim().is_empty() => Err(malformed("a square is missing".to_owned())),
            None => Err(malformed(format!("`{}` is not a square number", excerpt(part.trim())))),
        })
        .collect()
}
