//! The integration tests of `server`, in one binary (one link instead of one per file).

mod abuse;
mod api;
mod attacks;
mod common;
mod delivery;
mod faults;
mod instances;
mod siege;
