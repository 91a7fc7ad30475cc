//! The integration tests of `ai`, in one binary (one link instead of one per file).

mod arena;
mod book;
mod endgame;
mod history;
mod perfect;
mod players;
mod train;
