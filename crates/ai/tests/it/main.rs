//! The integration tests of `ai`, in one binary (one link instead of one per file).

mod arena;
mod history;
mod perfect;
mod players;
