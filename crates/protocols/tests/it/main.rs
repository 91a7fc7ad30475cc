//! The integration tests of `protocols`, in one binary (one link instead of one per file).

mod client;
mod hostile;
