//! The one error type of the bindings, and its Python exceptions: every message is the engine's
//! own, which says what was wrong and what is expected.

use std::fmt;

use arbiter_ai::SpecError;
use arbiter_catalog::CatalogError;
use arbiter_core::{MoveError, OptionError, PositionError, RecordError};
use arbiter_solver::SolveError;
use pyo3::PyErr;

use self::exceptions::{
    ArbiterError, IllegalMoveError, OptionsError, PositionError as PyPositionError,
    RecordError as PyRecordError, RulesError, SearchError, UnknownGameError,
};

/// The Python exceptions, all subclasses of `ArbiterError`, itself a `ValueError`.
pub mod exceptions {
    use pyo3::create_exception;
    use pyo3::exceptions::PyValueError;

    create_exception!(
        arbiter,
        ArbiterError,
        PyValueError,
        "Bad input to Arbiter: the message says what was wrong and what is expected."
    );
    create_exception!(arbiter, UnknownGameError, ArbiterError, "No game has this identifier.");
    create_exception!(arbiter, OptionsError, ArbiterError, "A game's options that cannot be read.");
    create_exception!(
        arbiter,
        IllegalMoveError,
        ArbiterError,
        "A move, step or action that is not legal here (or a game that is over)."
    );
    create_exception!(arbiter, PositionError, ArbiterError, "A position text that cannot be read.");
    create_exception!(arbiter, RecordError, ArbiterError, "A record text that cannot be read.");
    create_exception!(
        arbiter,
        RulesError,
        ArbiterError,
        "Rules in GDL that cannot be read, or that are not a game of two players taking turns."
    );
    create_exception!(
        arbiter,
        SearchError,
        ArbiterError,
        "A search or a solution that cannot be made as asked."
    );
}

/// What went wrong in a call from Python.
#[derive(Debug)]
pub enum Error {
    /// An unknown game.
    Catalog(CatalogError),
    /// Options that cannot be read.
    Options(OptionError),
    /// A move, step or action that is not legal.
    Move(MoveError),
    /// An action that is not legal here, or a whole move while a turn is partly entered.
    Action(String),
    /// A position text that cannot be read.
    Position(PositionError),
    /// A record text that cannot be read.
    Record(RecordError),
    /// An engine and its limits that cannot be read.
    Spec(SpecError),
    /// A position the solver cannot solve as asked.
    Solve(SolveError),
    /// Rules in GDL that cannot be read or played, with the message.
    Rules(String),
    /// Anything else given that is out of range, with its message.
    Invalid(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Catalog(error) => error.fmt(f),
            Error::Options(error) => error.fmt(f),
            Error::Move(error) => error.fmt(f),
            Error::Position(error) => error.fmt(f),
            Error::Record(error) => error.fmt(f),
            Error::Spec(error) => error.fmt(f),
            Error::Solve(error) => error.fmt(f),
            Error::Action(message) | Error::Rules(message) | Error::Invalid(message) => {
                f.write_str(message)
            }
        }
    }
}

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        let message = error.to_string();
        match error {
            Error::Catalog(_) => UnknownGameError::new_err(message),
            Error::Options(_) => OptionsError::new_err(message),
            Error::Move(_) | Error::Action(_) => IllegalMoveError::new_err(message),
            Error::Position(_) => PyPositionError::new_err(message),
            Error::Record(_) => PyRecordError::new_err(message),
            Error::Spec(_) | Error::Solve(_) => SearchError::new_err(message),
            Error::Rules(_) => RulesError::new_err(message),
            Error::Invalid(_) => ArbiterError::new_err(message),
        }
    }
}

macro_rules! from {
    ($($variant:ident($source:ty)),*) => {
        $(impl From<$source> for Error {
            fn from(error: $source) -> Error {
                Error::$variant(error)
            }
        })*
    };
}

from!(
    Catalog(CatalogError),
    Options(OptionError),
    Move(MoveError),
    Position(PositionError),
    Record(RecordError),
    Spec(SpecError),
    Solve(SolveError)
);
