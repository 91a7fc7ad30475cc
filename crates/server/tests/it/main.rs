//! The integration tests of `server`, in one binary (one link instead of one per file).

mod abuse;
mod accounts;
mod api;
mod attacks;
mod catalog;
mod clocks;
mod common;
mod delivery;
mod faults;
mod gdl;
mod imports;
mod instances;
mod lobby;
mod profiles;
mod ratings;
mod service;
mod siege;
mod slow;
mod tournaments;
