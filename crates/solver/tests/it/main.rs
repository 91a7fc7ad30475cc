//! The integration tests of `solver`, in one binary (one link instead of one per file).

mod book;
mod checkpoint;
mod limits;
mod negamax;
mod strong;
