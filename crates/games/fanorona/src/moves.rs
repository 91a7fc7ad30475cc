//! A Fanorona move (a whole turn: a paika or a capture chain) and its notation.

use std::fmt;
use std::hash::{Hash, Hasher};

use arbiter_core::text::excerpt;
use arbiter_core::MoveError;

use crate::board::{Direction, Point, Points};

/// How a step captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capture {
    /// The enemy line beyond the destination, in the direction of the step.
    Approach,
    /// The enemy line behind the starting point, opposite to the step.
    Withdrawal,
}

impl Capture {
    /// `A` or `W`, the suffix of a capturing step.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Capture::Approach => 'A',
            Capture::Withdrawal => 'W',
        }
    }
}

/// The most steps a chain can have: every capturing step takes at least one of at most 22
/// enemy pieces.
pub(crate) const MAX_STEPS: usize = 22;
const _: () = assert!(MAX_STEPS * 4 <= 128, "the steps of a move fit in a u128");

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece starts the step.
    pub from: Point,
    /// Where it ends the step.
    pub to: Point,
    /// The direction of the step.
    pub direction: Direction,
    /// How it captures; `None` for a paika.
    pub capture: Option<Capture>,
}

impl fmt::Display for Step {
    /// `F4-E3`, with `A` or `W` when the step captures: `F4-E3A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(capture) = self.capture {
            write!(f, "{}", capture.letter())?;
        }
        Ok(())
    }
}

/// A whole turn: one paika, or a chain of capturing steps by one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub(crate) start: Point,
    /// Where the piece ends, which the steps determine: kept so that playing the move need
    /// not walk them.
    pub(crate) end: Point,
    pub(crate) len: u8,
    /// Four bits a step, the first step lowest: the direction (three bits), then 1 for a
    /// withdrawal.
    pub(crate) encoded: u128,
    /// Every enemy piece the turn captures.
    pub(crate) captured: Points,
}

/// The fields that define the move, without `end`, which the steps determine: the search's
/// history table is indexed by this hash, and the bench signature depends on it.
impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.start.hash(state);
        self.len.hash(state);
        self.encoded.hash(state);
        self.captured.hash(state);
    }
}

impl Move {
    /// A non-capturing step from `start` to its neighbour `end` in `direction`.
    pub(crate) const fn paika(start: Point, direction: Direction, end: Point) -> Move {
        Move { start, end, len: 1, encoded: direction as u128, captured: 0 }
    }

    /// This move followed by one more capturing step, to `to`.
    pub(crate) const fn then(
        self,
        direction: Direction,
        to: Point,
        capture: Capture,
        line: Points,
    ) -> Move {
        let code = direction as u128 | (matches!(capture, Capture::Withdrawal) as u128) << 3;
        Move {
            start: self.start,
            end: to,
            len: self.len + 1,
            encoded: self.encoded | code << (4 * self.len as u32),
            captured: self.captured | line,
        }
    }

    /// An empty chain of `start`, to be extended by [`Move::then`].
    pub(crate) const fn chain(start: Point) -> Move {
        Move { start, end: start, len: 0, encoded: 0, captured: 0 }
    }

    /// `true` when the turn captures (so it is a chain, not a paika).
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// The enemy pieces the turn captures.
    #[must_use]
    pub const fn captured(self) -> Points {
        self.captured
    }

    /// The point where the moving piece ends.
    #[must_use]
    pub const fn end(self) -> Point {
        self.end
    }

    /// The steps, in order.
    pub fn steps(self) -> impl Iterator<Item = Step> {
        let mut at = self.start;
        (0..self.len).filter_map(move |index| {
            let code = (self.encoded >> (4 * u32::from(index))) as usize;
            let direction = Direction::ALL[code & 7];
            let capture = match (self.is_capture(), code & 8 != 0) {
                (false, _) => None,
                (true, false) => Some(Capture::Approach),
                (true, true) => Some(Capture::Withdrawal),
            };
            let from = at;
            at = from.neighbour(direction)?;
            Some(Step { from, to: at, direction, capture })
        })
    }
}

impl fmt::Display for Move {
    /// The steps joined by commas: `F4-E3A,E3-E4W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, step) in self.steps().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

/// What a person wrote for one step: where from, where to, and perhaps how it captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct StepSpec {
    from: Point,
    to: Point,
    capture: Option<Capture>,
}

impl StepSpec {
    fn matches(self, step: Step) -> bool {
        self.from == step.from
            && self.to == step.to
            && (self.capture.is_none() || self.capture == step.capture)
    }
}

const EXPECTED: &str = "steps like F4-E3A,E3-E4W (A approach, W withdrawal, needed only where a \
    step could do both), or the seed's start point and direction, F4 NW (then A or W if needed), \
    steps joined by commas; points A1-I5";

/// Reads one step: `F4-E3`, `F4-E3A`, `F4 NW`, `F4 NW A`, `F4 NWA`.
fn parse_step(text: &str) -> Result<StepSpec, String> {
    let text = text.trim();
    if let Some((from, to)) = text.split_once('-') {
        let from = Point::parse(from.trim())
            .ok_or_else(|| format!("`{}` is not a point A1-I5", excerpt(from.trim())))?;
        let to = to.trim();
        let (to, capture) = match (to.get(..2), to.get(2..)) {
            (Some(point), Some(letter)) if !letter.is_empty() => (point, suffix(letter)?),
            _ => (to, None),
        };
        let to =
            Point::parse(to).ok_or_else(|| format!("`{}` is not a point A1-I5", excerpt(to)))?;
        return Ok(StepSpec { from, to, capture });
    }
    let mut words = text.split_whitespace();
    let from = words.next().unwrap_or_default();
    let from =
        Point::parse(from).ok_or_else(|| format!("`{}` is not a point A1-I5", excerpt(from)))?;
    let direction_word =
        words.next().ok_or_else(|| "a direction is missing after the point".to_owned())?;
    let (direction, capture) = match Direction::parse(direction_word) {
        Some(direction) => (direction, words.next().map(suffix).transpose()?.flatten()),
        None => {
            // `NWA`: a direction with the capture letter attached.
            let split = direction_word.len().saturating_sub(1);
            let direction = direction_word.get(..split).and_then(Direction::parse);
            let direction = direction.ok_or_else(|| {
                format!(
                    "`{}` is not a direction N, NE, E, SE, S, SW, W or NW",
                    excerpt(direction_word)
                )
            })?;
            (direction, suffix(&direction_word[split..])?)
        }
    };
    if words.next().is_some() {
        return Err("too many words in one step".to_owned());
    }
    let to = from
        .neighbour(direction)
        .ok_or_else(|| format!("{from} has no line going {}", direction.name()))?;
    Ok(StepSpec { from, to, capture })
}

fn suffix(text: &str) -> Result<Option<Capture>, String> {
    match text {
        "A" | "a" => Ok(Some(Capture::Approach)),
        "W" | "w" => Ok(Some(Capture::Withdrawal)),
        other => Err(format!("`{}` is neither A (approach) nor W (withdrawal)", excerpt(other))),
    }
}

fn malformed(text: &str, problem: String) -> MoveError {
    MoveError::Malformed { text: text.trim().to_owned(), problem, expected: EXPECTED.to_owned() }
}

/// Finds the legal move that `text` names: its steps, joined by commas, in either notation.
pub(crate) fn parse(text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    if text.trim().is_empty() {
        return Err(malformed(text, "it is empty".to_owned()));
    }
    let specs = text
        .split(',')
        .map(parse_step)
        .collect::<Result<Vec<StepSpec>, String>>()
        .map_err(|problem| malformed(text, problem))?;
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|mv| {
            usize::from(mv.len) == specs.len()
                && mv.steps().zip(&specs).all(|(step, spec)| spec.matches(step))
        })
        .collect();
    let texts = |moves: &[Move]| moves.iter().map(ToString::to_string).collect();
    match candidates.as_slice() {
        [only] => Ok(*only),
        [] => Err(MoveError::Illegal { text: text.trim().to_owned(), legal: texts(legal) }),
        several => {
            Err(MoveError::Ambiguous { text: text.trim().to_owned(), candidates: texts(several) })
        }
    }
}

/// Which of `candidates` (steps in canonical notation) the typed step `text` names.
pub(crate) fn match_step(text: &str, candidates: &[String]) -> Result<usize, MoveError> {
    let spec = parse_step(text).map_err(|problem| malformed(text, problem))?;
    let matching: Vec<usize> = candidates
        .iter()
        .enumerate()
        .filter(|(_, candidate)| {
            parse_step(candidate).is_ok_and(|c| {
                c.from == spec.from
                    && c.to == spec.to
                    && (spec.capture.is_none() || spec.capture == c.capture)
            })
        })
        .map(|(index, _)| index)
        .collect();
    match matching.as_slice() {
        [only] => Ok(*only),
        [] => Err(MoveError::Illegal { text: text.trim().to_owned(), legal: candidates.to_vec() }),
        several => Err(MoveError::Ambiguous {
            text: text.trim().to_owned(),
            candidates: several.iter().map(|&index| candidates[index].clone()).collect(),
        }),
    }
}
