//! The integration tests of `checkers`, in one binary (one link instead of one per file).

mod common;
mod conformance;
mod net;
mod notation;
mod openings;
mod perft;
mod records;
mod reference;
mod reference_check;
mod rules;
