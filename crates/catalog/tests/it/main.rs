//! The integration tests of `catalog`, in one binary (one link instead of one per file).

mod bad_input;
mod ballot;
mod endgame;
mod gdl;
mod levels;
mod options;
mod perft_parallel;
mod position_text;
mod records;
mod serde;
mod signature;
