//! Any game of the catalog with its options, as a record: [`DynRecord`], the one dynamic game
//! the front ends share. The server and the Python bindings hold a game whose type they do not
//! know as a `Box<dyn DynRecord>` (or as their own trait built on it, for what only they show:
//! the server's views, Python's actions and observations), and play, take back, end and write
//! it through this trait. [`Played`] is the implementation for each game; a front end that
//! needs the game's type for its own additions implements its trait for `Played<G>` too.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use arbiter_ai::{PlayerSpec, SpecError};
use arbiter_core::text::excerpt;
use arbiter_core::{
    GameOptions, GameRecord, MoveError, OptionError, PositionError, RecordError, RecordText, Side,
    Status, Undone,
};
use arbiter_solver::{Settings, Solution, SolveError};
use arbiter_tablebase::Probe;
use thiserror::Error;

use crate::analysis::{self, ExactSearch, Search};
use crate::{AnyGame, Endgames, GameId, Probing, Visitor};

/// How a game ends other than by its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The side resigned.
    Resignation(Side),
    /// The players agreed a draw.
    Draw,
    /// The side ran out of time.
    Time(Side),
}

/// A game of the catalog under its options with its moves, its rules hidden.
pub trait DynRecord: Send + Sync {
    /// The game's identifier in the catalog.
    fn game_id(&self) -> &'static str;
    /// The options, canonical: `key=value,…`, only those that differ from the defaults.
    fn options_text(&self) -> String;
    /// The number of moves played.
    fn ply(&self) -> usize;
    /// The moves played from ply `from` on, in canonical notation.
    fn moves_from(&self, from: usize) -> Vec<String>;
    /// The name of the game's opening, where the game names its openings
    /// ([`GameRecord::opening`](arbiter_core::GameRecord::opening)).
    fn opening(&self) -> Option<&'static str>;
    /// The player to move.
    fn side_to_move(&self) -> Side;
    /// Whether `side` made one of the moves played.
    fn has_moved(&self, side: Side) -> bool;
    /// How the game stands, with every ending rule, draws by history included.
    fn status(&self) -> Status;
    /// The legal moves in canonical notation, in the game's order; none when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// The only legal move, when there is exactly one.
    fn only_move(&self) -> Option<String>;
    /// `text` read as a move in the position before move `ply`, in canonical notation, if it
    /// is one there.
    fn move_at(&self, ply: usize, text: &str) -> Option<String>;
    /// Plays a move in any accepted notation; its canonical text.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Takes back the last move; `false` when there is none.
    fn undo_move(&mut self) -> bool;
    /// Ends the game by a resignation, an agreed draw or a fall of the flag.
    fn end(&mut self, ending: Ending) -> Result<(), MoveError>;
    /// The current position in the game's text form.
    fn position(&self) -> String;
    /// The position the game started from, in the game's text form.
    fn start_position(&self) -> String;
    /// The current position drawn as text.
    fn diagram(&self) -> String;
    /// The record text (PDN for checkers) with the tags `tags` set, and after each move `i`
    /// the comment `comment(i)` where it gives one.
    fn record_text(
        &self,
        tags: &[(&str, &str)],
        comment: &dyn Fn(usize) -> Option<String>,
    ) -> String;
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn DynRecord>;
    /// Whether the computer player `spec` can play this game (the perfect player only plays
    /// the games that always end in a win).
    fn check_player(&self, spec: &PlayerSpec) -> Result<(), SpecError>;
    /// A search of the current position by `spec`, with the game's history for the draw
    /// rules, probing the endgame tables `tables` as they say, made ready to run on a worker
    /// thread; `stop` ends it early.
    fn search(
        &self,
        spec: PlayerSpec,
        tables: Option<(&Endgames, Probing)>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Search;
    /// The exact values of the current position's moves by the endgame tables `tables`, else
    /// by the solver with `memory_mib` of tables, made ready to run on a worker thread: `None`
    /// in the games it does not handle, when the game is over, or when `time` ran out first.
    fn exact(&self, tables: Option<&Endgames>, time: Duration, memory_mib: usize) -> ExactSearch;
    /// The solution of the current position, its moves in canonical notation.
    fn solve(&self, settings: &Settings) -> Result<Solution<String>, SolveError>;
    /// The number of move sequences of `depth` moves from the current position (the rules of
    /// the board alone, as `arbiter perft`).
    fn perft(&self, depth: u32) -> u64;
    /// The current position's value in the endgame tables `tables`, with every legal move's
    /// value for the player who makes it, best first; `None` where no table holds it.
    fn tablebase(&self, tables: &Endgames) -> Option<Probe<String>>;
}

/// The record of a game `G` as a [`DynRecord`].
#[derive(Debug, Clone)]
pub struct Played<G: AnyGame>(pub GameRecord<G>);

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayedError {
    /// The options are not the game's.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The start position could not be read.
    #[error("`{text}` is not a position: {error}")]
    Position {
        /// The text, shortened.
        text: String,
        /// What is wrong with it.
        error: PositionError,
    },
    /// A move could not be played.
    #[error("move {number} ({text}) cannot be played: {error}")]
    Move {
        /// The move's number, from 1.
        number: usize,
        /// The move as given, shortened.
        text: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// The record text could not be read.
    #[error(transparent)]
    Record(#[from] RecordError),
}

impl<G: AnyGame> Played<G> {
    /// The game under `options` from `start` (the position's text; the game's own start when
    /// `None`) with `moves` played.
    pub fn build(
        options: &str,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Self, PlayedError> {
        let options = G::Options::parse(options)?;
        let mut record = match start {
            None => GameRecord::<G>::new(options),
            Some(text) => {
                let start = G::from_text(text, &options).map_err(|error| {
                    PlayedError::Position { text: excerpt(text).to_string(), error }
                })?;
                GameRecord::from_position(start, options)
            }
        };
        for (index, text) in moves.iter().enumerate() {
            record.play_text(text).map_err(|error| PlayedError::Move {
                number: index + 1,
                text: excerpt(text).to_string(),
                error,
            })?;
        }
        Ok(Played(record))
    }
}

impl<G: AnyGame> DynRecord for Played<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn options_text(&self) -> String {
        self.0.options_text()
    }

    fn ply(&self) -> usize {
        self.0.len()
    }

    fn moves_from(&self, from: usize) -> Vec<String> {
        self.0.moves().skip(from).map(|mv| mv.to_string()).collect()
    }

    fn opening(&self) -> Option<&'static str> {
        self.0.opening()
    }

    fn side_to_move(&self) -> Side {
        self.0.position().side_to_move()
    }

    fn has_moved(&self, side: Side) -> bool {
        self.0.positions().take(self.0.len()).any(|position| position.side_to_move() == side)
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.0.status().is_over() {
            return Vec::new();
        }
        self.0.position().legal_moves().iter().map(ToString::to_string).collect()
    }

    fn only_move(&self) -> Option<String> {
        if self.0.status().is_over() {
            return None;
        }
        match self.0.position().legal_moves().as_slice() {
            [only] => Some(only.to_string()),
            _ => None,
        }
    }

    fn move_at(&self, ply: usize, text: &str) -> Option<String> {
        let position = self.0.positions().take(self.0.len()).nth(ply)?;
        position.parse_move(text).ok().map(|mv| mv.to_string())
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        self.0.play_text(text).map(|mv| mv.to_string())
    }

    fn undo_move(&mut self) -> bool {
        matches!(self.0.undo(), Some(Undone::Move(_)))
    }

    fn end(&mut self, ending: Ending) -> Result<(), MoveError> {
        match ending {
            Ending::Resignation(side) => self.0.resign(side),
            Ending::Draw => self.0.agree_draw(),
            Ending::Time(side) => self.0.lose_on_time(side),
        }
    }

    fn position(&self) -> String {
        self.0.position().to_text()
    }

    fn start_position(&self) -> String {
        self.0.start_position().to_text()
    }

    fn diagram(&self) -> String {
        self.0.position().diagram()
    }

    fn record_text(
        &self,
        tags: &[(&str, &str)],
        comment: &dyn Fn(usize) -> Option<String>,
    ) -> String {
        if tags.is_empty() {
            return self.0.to_record_text_with(comment);
        }
        let mut record = self.0.clone();
        for (name, value) in tags {
            record.set_tag(name, value);
        }
        record.to_record_text_with(comment)
    }

    fn boxed_clone(&self) -> Box<dyn DynRecord> {
        Box::new(self.clone())
    }

    fn check_player(&self, spec: &PlayerSpec) -> Result<(), SpecError> {
        analysis::check_player(&self.0, spec)
    }

    fn search(
        &self,
        spec: PlayerSpec,
        tables: Option<(&Endgames, Probing)>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Search {
        analysis::search(&self.0, spec, tables, stop)
    }

    fn exact(&self, tables: Option<&Endgames>, time: Duration, memory_mib: usize) -> ExactSearch {
        let over = self.0.status().is_over();
        analysis::exact(self.0.position(), over, tables, time, memory_mib)
    }

    fn solve(&self, settings: &Settings) -> Result<Solution<String>, SolveError> {
        analysis::solution(self.0.position(), settings)
    }

    fn perft(&self, depth: u32) -> u64 {
        analysis::count(self.0.position(), depth)
    }

    fn tablebase(&self, tables: &Endgames) -> Option<Probe<String>> {
        analysis::probe(self.0.position(), tables)
    }
}

impl GameId {
    /// The game under `options` from `start` (the position's text; the game's own start when
    /// `None`) with `moves` played.
    pub fn played(
        self,
        options: &str,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn DynRecord>, PlayedError> {
        self.visit(Build { options, start, moves })
    }
}

impl GameId {
    /// The game a record text holds, read as this game: its options, start, moves replayed
    /// and checked, and the end its result says where the moves do not end it (a
    /// resignation, an agreed draw, a loss on time).
    ///
    /// # Errors
    ///
    /// What is wrong with the record, with its line: a record of another game, options that
    /// are not this game's, a move that cannot be played, a result the moves contradict.
    pub fn read_record(self, record: &RecordText) -> Result<Box<dyn DynRecord>, RecordError> {
        self.visit(ReadRecord(record))
    }
}

/// The visitor behind [`GameId::read_record`].
struct ReadRecord<'a>(&'a RecordText);

impl Visitor for ReadRecord<'_> {
    type Output = Result<Box<dyn DynRecord>, RecordError>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        Ok(Box::new(Played(GameRecord::<G>::from_parsed(self.0)?)))
    }
}

/// The visitor behind [`GameId::played`].
struct Build<'a> {
    options: &'a str,
    start: Option<&'a str>,
    moves: &'a [String],
}

impl Visitor for Build<'_> {
    type Output = Result<Box<dyn DynRecord>, PlayedError>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        Ok(Box::new(Played::<G>::build(self.options, self.start, self.moves)?))
    }
}
