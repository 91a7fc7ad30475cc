//! Why a command failed, as the user is told.

use std::io;

use arbiter_ai::arena::MatchError;
use arbiter_ai::SpecError;
use arbiter_catalog::CatalogError;
use arbiter_core::text::excerpt;
use arbiter_core::{MoveError, OptionError, PositionError, RecordError};

/// Why a command failed: shown on stderr, with exit code 2 (1 for input/output errors).
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Options(#[from] OptionError),
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("cannot read the record: {0}")]
    Record(#[from] RecordError),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error("the server: {0}")]
    Server(#[from] arbiter_server::ApiError),
    #[error(
        "move {index} (`{}`) cannot be played: {error}{}",
        excerpt(.text),
        legal_note(.error, .legal)
    )]
    Move { index: usize, text: String, error: Box<MoveError>, legal: Vec<String> },
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("{0}")]
    Refused(String),
    #[error("{}: {error}", arbiter_core::text::escaped(.path))]
    Rules { path: String, error: String },
    #[error(transparent)]
    Solve(#[from] arbiter_solver::SolveError),
    #[error(
        "the solver handles only games that always end in a win and look the same after a half \
         turn with the colours swapped: minicheckers and holes; {game} can end in a draw"
    )]
    NotSolvable { game: String },
    #[error("the proof is not valid: {0}")]
    ProofRejected(String),
    #[error("cannot read or write the proof file {}: {error}", arbiter_core::text::escaped(.path))]
    ProofFile { path: String, error: io::Error },
    #[error("{}: {error}", arbiter_core::text::escaped(.path))]
    StrongFile { path: String, error: arbiter_solver::StrongError },
    #[error("the tables: {0}")]
    Tablebase(#[from] arbiter_tablebase::TablebaseError),
    #[error("cannot write the output: {0}")]
    Output(io::Error),
    #[error("the ballot {}: {problem}", arbiter_core::text::escaped(.path))]
    Ballot { path: String, problem: String },
    #[error("the book {}: {problem}", arbiter_core::text::escaped(.path))]
    Book { path: String, problem: String },
    #[error("the network file {}: {problem}", arbiter_core::text::escaped(.path))]
    Network { path: String, problem: String },
    #[error("the training data {}: {problem}", arbiter_core::text::escaped(.path))]
    Data { path: String, problem: String },
    #[error("cannot write the records to {}: {error}", arbiter_core::text::escaped(.path))]
    Save { path: String, error: io::Error },
}

/// The legal moves, unless the error already lists them.
fn legal_note(error: &MoveError, legal: &[String]) -> String {
    match error {
        MoveError::Illegal { .. } | MoveError::GameOver(_) => String::new(),
        _ => format!("\nlegal moves at that point: {}", legal.join(" ")),
    }
}
