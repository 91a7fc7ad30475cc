//! Errors for text that a person or a program gives: moves and positions.

use thiserror::Error;

use crate::text::excerpt;
use crate::Outcome;

/// Why a move text could not be played. Every message says what was wrong and what is expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    #[error("`{}` is not a move: {problem}; expected {expected}", excerpt(.text))]
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        problem: String,
        /// The accepted forms, with examples.
        expected: String,
    },
    /// The text is a well-formed move that is not legal in this position.
    #[error("`{}` is not a legal move here; legal moves: {}", excerpt(.text), list_or_none(.legal))]
    Illegal {
        /// The text as given.
        text: String,
        /// Every legal move, in canonical notation.
        legal: Vec<String>,
    },
    /// A short form that fits more than one legal move.
    #[error(
        "`{}` is ambiguous: it could be {}; give the full move",
        excerpt(.text),
        .candidates.join(" or ")
    )]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves it could mean, in canonical notation.
        candidates: Vec<String>,
    },
    /// The game is already over.
    #[error("the game is over ({0}); no move can be played")]
    GameOver(Outcome),
}

fn list_or_none(moves: &[String]) -> String {
    if moves.is_empty() {
        "none".to_owned()
    } else {
        moves.join(" ")
    }
}

/// A malformed position text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid position `{}`: {problem}; expected {expected}", excerpt(.text))]
pub struct PositionError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
    /// The form the game's positions are written in, with an example.
    pub expected: String,
}

impl PositionError {
    /// A position error for `text`.
    pub fn new(text: &str, problem: impl Into<String>, expected: impl Into<String>) -> Self {
        PositionError { text: text.to_owned(), problem: problem.into(), expected: expected.into() }
    }
}
