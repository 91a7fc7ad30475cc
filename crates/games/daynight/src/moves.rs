//! A Day-and-Night move (a whole turn: an own move, then perhaps a neutral slide) and its
//! notation.

use std::fmt;

use arbiter_core::text::excerpt;
use arbiter_core::MoveError;

use crate::board::Field;

/// A slide of one piece, or a capture by one piece over the enemy piece it jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The field the piece leaves.
    pub from: Field,
    /// The field the piece ends on.
    pub to: Field,
}

/// A whole turn: the player's own move (a slide, or a capture), then perhaps a slide of one
/// neutral piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) own: Slide,
    /// The enemy piece jumped, for a capture: it becomes neutral.
    pub(crate) jumped: Option<Field>,
    pub(crate) neutral: Option<Slide>,
}

impl Move {
    /// The player's own move.
    #[must_use]
    pub const fn own(self) -> Slide {
        self.own
    }

    /// The field of the enemy piece a capture jumps (it turns neutral); `None` for a slide.
    #[must_use]
    pub const fn jumped(self) -> Option<Field> {
        self.jumped
    }

    /// `true` when the own move is a capture.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.jumped.is_some()
    }

    /// The optional slide of a neutral piece that ends the turn.
    #[must_use]
    pub const fn neutral(self) -> Option<Slide> {
        self.neutral
    }
}

impl fmt::Display for Move {
    /// `a3-c1`, `c3xe3`, and a neutral slide after a slash: `c3xe3/h3-j1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{separator}{}", self.own.from, self.own.to)?;
        if let Some(neutral) = self.neutral {
            write!(f, "/{}-{}", neutral.from, neutral.to)?;
        }
        Ok(())
    }
}

const EXPECTED: &str = "a slide like a3-c1 or a capture like c3xe3, perhaps followed by a \
    neutral piece's slide after a slash: c3xe3/h3-j1; fields a1-l8 (sector, ring)";

fn slide(text: &str) -> Result<Slide, String> {
    let (from, to) = text
        .split_once(['-', 'x', 'X'])
        .ok_or_else(|| format!("`{}` is not two fields joined by - or x", excerpt(text.trim())))?;
    let field = |name: &str| {
        Field::parse(name.trim())
            .ok_or_else(|| format!("`{}` is not a field a1-l8", excerpt(name.trim())))
    };
    Ok(Slide { from: field(from)?, to: field(to)? })
}

/// Finds the legal move that `text` names: the own move, then perhaps `/` and the neutral
/// slide; `-` and `x` are accepted in either place.
pub(crate) fn parse(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let malformed = |problem: String| MoveError::Malformed {
        text: text.trim().to_owned(),
        problem,
        expected: EXPECTED.to_owned(),
    };
    if text.trim().is_empty() {
        return Err(malformed("it is empty".to_owned()));
    }
    let (own, neutral) = match text.split_once('/') {
        Some((own, neutral)) => {
            (slide(own).map_err(malformed)?, Some(slide(neutral).map_err(malformed)?))
        }
        None => (slide(text).map_err(malformed)?, None),
    };
    legal.iter().copied().find(|mv| mv.own == own && mv.neutral == neutral).ok_or_else(|| {
        MoveError::Illegal {
            text: text.trim().to_owned(),
            legal: legal.iter().map(ToString::to_string).collect(),
        }
    })
}

/// Which of `candidates` (steps in canonical notation: an own move, or a neutral slide) the
/// step typed in `text` names; `-` and `x` are accepted in either place.
pub(crate) fn match_step(text: &str, candidates: &[String]) -> Result<usize, MoveError> {
    let typed = slide(text).map_err(|problem| MoveError::Malformed {
        text: text.trim().to_owned(),
        problem,
        expected: EXPECTED.to_owned(),
    })?;
    candidates.iter().position(|candidate| slide(candidate) == Ok(typed)).ok_or_else(|| {
        MoveError::Illegal { text: text.trim().to_owned(), legal: candidates.to_vec() }
    })
}
