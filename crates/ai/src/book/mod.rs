//! Opening books: positions near the start of a game and the moves to play there, found by
//! long searches ahead of time ([`build`]), so that a player answers them at once and better
//! than its own search would ([`Booked`]).
//!
//! A book is text, one position a line: the moves that reach it from the game's start under
//! its default options, in the game's notation and separated by spaces, then `:` and the moves
//! to play there, best first, separated by `;`, each followed by its score for the player who
//! makes it (`+0.12` in pieces, `win in 3`, `loss in 5`). The start position has no moves
//! before its colon. A `#` starts a comment; blank lines are skipped.
//!
//! ```text
//! # after 9-13 22-18 6-9, White's best reply and an alternative
//! 9-13 22-18 6-9: 18-14 +0.12; 24-19 +0.05
//! ```
//!
//! Reading a book ([`Book::parse`]) plays every line through the rules: a move that is not
//! legal, a position that ends the game or that two lines name, a score that cannot be read
//! are errors that give the line. A game's own book is the text of
//! [`Evaluate::OPENING_BOOK`], read once by [`embedded`].

mod build;
mod player;

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use arbiter_core::text::{excerpt, parse_digits, split_moves};
use arbiter_core::{Evaluate, Game, GameRecord, Status};
use thiserror::Error;

pub use self::build::{build, BookSettings, BuildStep};
pub use self::player::Booked;
use crate::Score;

/// The most positions a book may hold.
pub const MAX_BOOK_POSITIONS: usize = 1_000_000;
/// The most moves that may lead to a position of a book.
pub const MAX_BOOK_PLIES: usize = 200;
/// The most moves a book may give in one position.
pub const MAX_BOOK_MOVES: usize = 64;
/// The largest evaluation a book may give, in hundredths of a piece (as the evaluations of
/// [`Evaluate::evaluate`]).
const MAX_EVAL: i32 = 100_000;
/// The longest proven result a book may give, in moves of the player who makes the move.
const MAX_PROVEN_MOVES: u32 = 10_000;

/// A move of a book and its score for the player who makes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BookMove<M> {
    /// The move.
    pub mv: M,
    /// Its score for the player who makes it.
    pub score: Score,
}

/// An opening book of the game `G`: positions and the moves to play there.
#[derive(Debug, Clone)]
pub struct Book<G: Game> {
    /// The positions, in the order of the text.
    entries: Vec<Entry<G>>,
    /// The entry of each position, by its hash.
    index: HashMap<u64, usize>,
}

/// A position of a book.
#[derive(Debug, Clone)]
struct Entry<G: Game> {
    /// The moves that reach it from the start.
    path: Vec<G::Move>,
    /// The position.
    position: G,
    /// The moves to play, best first.
    moves: Vec<BookMove<G::Move>>,
}

/// Why a book cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BookError {
    /// More positions than a book may hold.
    #[error("the book holds more than {MAX_BOOK_POSITIONS} positions")]
    TooMany,
    /// A line that is not `MOVES: MOVE SCORE; MOVE SCORE`.
    #[error("line {line}: {problem}; expected the moves from the start, `:`, then the moves to play each with its score, such as `9-13 22-18: 6-9 +0.02; 12-16 -0.04`")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// A move that cannot be played where the line puts it.
    #[error("line {line}: move `{text}` cannot be played: {problem}")]
    Move {
        /// The line, from 1.
        line: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        problem: String,
    },
    /// A position where the game is over.
    #[error(
        "line {line}: the game is over in this position; a book's positions leave the game going"
    )]
    Over {
        /// The line, from 1.
        line: usize,
    },
    /// A position that an earlier line gives already.
    #[error("line {line}: the position of line {first} again; a book gives each position once")]
    Repeated {
        /// The line, from 1.
        line: usize,
        /// The line that gave it first.
        first: usize,
    },
}

impl<G: Game> Default for Book<G> {
    fn default() -> Self {
        Book { entries: Vec::new(), index: HashMap::new() }
    }
}

impl<G: Game> Book<G> {
    /// Reads a book's text (see the [module](self)), playing each line from the game's start
    /// under its default options.
    pub fn parse(text: &str) -> Result<Self, BookError> {
        let start = G::start(&Default::default());
        let mut book = Book::default();
        let mut lines = HashMap::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or_default().trim();
            if content.is_empty() {
                continue;
            }
            if book.entries.len() == MAX_BOOK_POSITIONS {
                return Err(BookError::TooMany);
            }
            let entry = read_line(&start, content, line)?;
            let hash = entry.position.hash();
            if book.moves(&entry.position).is_some() {
                let first = lines.get(&hash).copied().unwrap_or_default();
                return Err(BookError::Repeated { line, first });
            }
            lines.entry(hash).or_insert(line);
            book.insert(entry.path, entry.position, entry.moves);
        }
        Ok(book)
    }

    /// Adds `position`, reached from the start by `path`, with its moves, best first: unchecked
    /// (a book that [`Book::parse`] reads is checked), and [`Book::choice`] plays only a legal
    /// move. A position the book holds already keeps its first moves.
    pub fn insert(&mut self, path: Vec<G::Move>, position: G, moves: Vec<BookMove<G::Move>>) {
        let hash = position.hash();
        if self.index.get(&hash).is_some_and(|&at| self.entries[at].position == position) {
            return;
        }
        self.index.entry(hash).or_insert(self.entries.len());
        self.entries.push(Entry { path, position, moves });
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// `true` when the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every position of the book with its moves, best first, in the order of the text.
    pub fn positions(&self) -> impl Iterator<Item = (&G, &[BookMove<G::Move>])> {
        self.entries.iter().map(|entry| (&entry.position, entry.moves.as_slice()))
    }

    /// The moves the book gives in `position`, best first; `None` when it does not hold it.
    #[must_use]
    pub fn moves(&self, position: &G) -> Option<&[BookMove<G::Move>]> {
        let entry = &self.entries[*self.index.get(&position.hash())?];
        (entry.position == *position).then_some(entry.moves.as_slice())
    }

    /// The move to play in `position`: the book's best that is legal there (a move that is not
    /// is passed over); `None` when the book holds none.
    #[must_use]
    pub fn choice(&self, position: &G) -> Option<BookMove<G::Move>> {
        let moves = self.moves(position)?;
        let legal = position.legal_moves();
        moves.iter().find(|book_move| legal.contains(&book_move.mv)).copied()
    }

    /// The book as text (see the [module](self)), after `header`'s lines as comments.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut text = String::new();
        for line in header.lines() {
            let _ = writeln!(text, "# {line}");
        }
        for entry in &self.entries {
            let path: Vec<String> = entry.path.iter().map(ToString::to_string).collect();
            let moves: Vec<String> =
                entry.moves.iter().map(|book| format!("{} {}", book.mv, book.score)).collect();
            let _ = writeln!(text, "{}: {}", path.join(" "), moves.join("; "));
        }
        text
    }
}

/// One line of a book's text, without its comment.
fn read_line<G: Game>(start: &G, content: &str, line: usize) -> Result<Entry<G>, BookError> {
    let syntax = |problem: &str| BookError::Syntax { line, problem: problem.to_owned() };
    let (path_text, moves_text) = content.split_once(':').ok_or_else(|| syntax("no `:`"))?;
    let mut record = GameRecord::<G>::from_position(start.clone(), Default::default());
    let texts = split_moves(path_text);
    if texts.len() > MAX_BOOK_PLIES {
        return Err(syntax(&format!("more than {MAX_BOOK_PLIES} moves before the `:`")));
    }
    let mut path = Vec::new();
    for text in texts {
        let mv = record.play_text(text).map_err(|error| BookError::Move {
            line,
            text: excerpt(text).to_string(),
            problem: error.to_string(),
        })?;
        path.push(mv);
    }
    if record.status() != Status::Ongoing {
        return Err(BookError::Over { line });
    }
    let position = record.position().clone();
    let mut moves = Vec::new();
    for item in moves_text.split(';') {
        if moves.len() == MAX_BOOK_MOVES {
            return Err(syntax(&format!("more than {MAX_BOOK_MOVES} moves after the `:`")));
        }
        let (mv_text, score) = split_score(item.trim())
            .ok_or_else(|| syntax(&format!("`{}` is not a move and a score", excerpt(item))))?;
        let mv = position.parse_move(mv_text).map_err(|error| BookError::Move {
            line,
            text: excerpt(mv_text).to_string(),
            problem: error.to_string(),
        })?;
        moves.push(BookMove { mv, score });
    }
    Ok(Entry { path, position, moves })
}

/// `MOVE SCORE` split into the move's text and the score: its last word (`+0.12`), or
/// `win in N` or `loss in N` (moves of the player who makes it).
fn split_score(item: &str) -> Option<(&str, Score)> {
    for (words, win) in [(" win in ", true), (" loss in ", false)] {
        if let Some(at) = item.rfind(words) {
            let moves = parse_digits::<u32>(&item[at + words.len()..])
                .filter(|moves| (1..=MAX_PROVEN_MOVES).contains(moves))?;
            let score = if win { Score::Win(2 * moves - 1) } else { Score::Loss(2 * moves) };
            return Some((item[..at].trim_end(), score)).filter(|(mv, _)| !mv.is_empty());
        }
    }
    let (mv, value) = item.rsplit_once(char::is_whitespace)?;
    let pieces: f64 = value
        .parse()
        .ok()
        .filter(|pieces: &f64| pieces.is_finite() && value.starts_with(['+', '-']))?;
    let hundredths = (pieces * 100.0).round();
    if hundredths.abs() > f64::from(MAX_EVAL) || mv.trim().is_empty() {
        return None;
    }
    Some((mv.trim_end(), Score::Eval(hundredths as i32)))
}

/// The book of the game `G` ([`Evaluate::OPENING_BOOK`]), read at the first call and kept for
/// the program's life; `None` for a game without one. A book that cannot be read counts as
/// none (a test of each game with a book reads it).
#[must_use]
pub fn embedded<G: Evaluate>() -> Option<Arc<Book<G>>> {
    type Shelf = HashMap<TypeId, Option<Arc<dyn Any + Send + Sync>>>;
    static BOOKS: OnceLock<Mutex<Shelf>> = OnceLock::new();
    if G::OPENING_BOOK.trim().is_empty() {
        return None;
    }
    let mut books =
        BOOKS.get_or_init(Mutex::default).lock().unwrap_or_else(PoisonError::into_inner);
    let book = books.entry(TypeId::of::<G>()).or_insert_with(|| {
        let book = Book::<G>::parse(G::OPENING_BOOK).ok()?;
        Some(Arc::new(book) as Arc<dyn Any + Send + Sync>)
    });
    book.clone()?.downcast::<Book<G>>().ok()
}

#[cfg(test)]
mod tests {
    use arbiter_checkers::Checkers;

    use super::*;

    #[test]
    fn scores_are_read_as_written() {
        assert_eq!(split_score("11-15 +0.12"), Some(("11-15", Score::Eval(12))));
        assert_eq!(split_score("11-15 -1.00"), Some(("11-15", Score::Eval(-100))));
        assert_eq!(split_score("9x18x27 win in 3"), Some(("9x18x27", Score::Win(5))));
        assert_eq!(split_score("9-14 loss in 2"), Some(("9-14", Score::Loss(4))));
        for bad in ["11-15", "+0.12", "11-15 0.12", "11-15 +NaN", "11-15 +2000.00", "win in 3"] {
            assert_eq!(split_score(bad), None, "{bad}");
        }
        for score in [Score::Eval(-7), Score::Eval(250)] {
            assert_eq!(split_score(&format!("1-5 {score}")), Some(("1-5", score)));
        }
    }

    #[test]
    fn a_book_reads_back_from_its_text() {
        let text = ": 11-15 +0.04; 9-13 -0.02\n11-15 23-19: 8-11 +0.01 # a comment\n\n";
        let book = Book::<Checkers>::parse(text).expect("a book");
        assert_eq!(book.len(), 2);
        let again = Book::<Checkers>::parse(&book.to_text("a header")).expect("the same book");
        assert_eq!(again.to_text(""), book.to_text(""));
        let start = Checkers::start(&Default::default());
        let choice = book.choice(&start).expect("a move at the start");
        assert_eq!((choice.mv.to_string(), choice.score), ("11-15".to_owned(), Score::Eval(4)));
    }
}
