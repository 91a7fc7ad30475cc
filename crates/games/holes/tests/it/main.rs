//! The integration tests of `holes`, in one binary (one link instead of one per file).

mod common;
mod conformance;
mod net;
mod notation;
mod perft;
mod reference;
mod reference_check;
mod rules;
