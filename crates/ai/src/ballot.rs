//! Ballots: fixed lists of openings for matches, such as the ACF three-move ballot of
//! checkers, where each opening is played twice with the colours swapped.
//!
//! A ballot file holds one opening a line, its moves in the game's notation separated by
//! spaces (`9-13 22-17 13x22`); a `#` starts a comment, and blank lines are skipped.

use arbiter_core::{Game, GameRecord, Status};
use thiserror::Error;

/// The most openings a ballot may hold: far more than any published ballot.
pub const MAX_BALLOT_OPENINGS: usize = 100_000;
/// The most moves an opening of a ballot may hold.
pub const MAX_OPENING_MOVES: usize = 200;

/// A list of openings, each a sequence of moves as text, in the order of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ballot {
    openings: Vec<BallotOpening>,
}

/// One opening of a ballot: its moves, and the line of the file it came from (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BallotOpening {
    /// The line of the ballot's text, from 1.
    pub line: usize,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
}

/// Why a ballot cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BallotError {
    /// No opening in the text.
    #[error(
        "the ballot holds no opening; expected one opening a line, such as `9-13 22-17 13x22`"
    )]
    Empty,
    /// Too many openings.
    #[error("the ballot holds more than {MAX_BALLOT_OPENINGS} openings")]
    TooMany,
    /// An opening too long.
    #[error("line {line}: an opening of more than {MAX_OPENING_MOVES} moves")]
    TooLong {
        /// The line, from 1.
        line: usize,
    },
    /// A move that cannot be played.
    #[error("line {line}, move {number} (`{text}`): {problem}")]
    Move {
        /// The line, from 1.
        line: usize,
        /// The move's number in the opening, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        problem: String,
    },
    /// An opening after which the game is over.
    #[error("line {line}: the game is over after this opening; a ballot's openings leave the game going")]
    Over {
        /// The line, from 1.
        line: usize,
    },
}

impl Ballot {
    /// Reads a ballot's text (see the [module](self)); the moves are not checked against a game
    /// here, but by [`Ballot::records`].
    pub fn parse(text: &str) -> Result<Ballot, BallotError> {
        let mut openings = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let content = line.split('#').next().unwrap_or_default();
            let moves: Vec<String> = content.split_whitespace().map(str::to_owned).collect();
            if moves.is_empty() {
                continue;
            }
            if moves.len() > MAX_OPENING_MOVES {
                return Err(BallotError::TooLong { line: index + 1 });
            }
            if openings.len() == MAX_BALLOT_OPENINGS {
                return Err(BallotError::TooMany);
            }
            openings.push(BallotOpening { line: index + 1, moves });
        }
        if openings.is_empty() {
            return Err(BallotError::Empty);
        }
        Ok(Ballot { openings })
    }

    /// The openings, in the order of the text.
    #[must_use]
    pub fn openings(&self) -> &[BallotOpening] {
        &self.openings
    }

    /// The number of openings: never zero.
    #[must_use]
    pub fn len(&self) -> usize {
        self.openings.len()
    }

    /// Always `false`: a ballot holds at least one opening.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.openings.is_empty()
    }

    /// Every opening played in game `G` from its start under `options`, in order: an error
    /// names the first move that is not legal, or an opening that ends the game.
    pub fn records<G: Game>(
        &self,
        options: &G::Options,
    ) -> Result<Vec<GameRecord<G>>, BallotError> {
        self.openings.iter().map(|opening| opening.record(options)).collect()
    }
}

impl BallotOpening {
    /// The opening played in game `G` from its start under `options`.
    pub fn record<G: Game>(&self, options: &G::Options) -> Result<GameRecord<G>, BallotError> {
        let mut record = GameRecord::<G>::new(options.clone());
        for (index, text) in self.moves.iter().enumerate() {
            record.play_text(text).map_err(|error| BallotError::Move {
                line: self.line,
                number: index + 1,
                text: text.clone(),
                problem: error.to_string(),
            })?;
        }
        if record.status() != Status::Ongoing {
            return Err(BallotError::Over { line: self.line });
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped_and_lines_counted() {
        let ballot = Ballot::parse("# a ballot\n\n9-13 22-17 13x22  # the fourth\n11-15\n")
            .expect("a ballot");
        assert_eq!(ballot.len(), 2);
        assert_eq!(ballot.openings()[0].line, 3);
        assert_eq!(ballot.openings()[0].moves, ["9-13", "22-17", "13x22"]);
        assert_eq!(ballot.openings()[1].line, 4);
    }

    #[test]
    fn an_empty_or_oversized_ballot_is_refused() {
        assert_eq!(Ballot::parse("# nothing\n\n"), Err(BallotError::Empty));
        let long = vec!["1-2"; MAX_OPENING_MOVES + 1].join(" ");
        assert_eq!(Ballot::parse(&long), Err(BallotError::TooLong { line: 1 }));
    }
}
