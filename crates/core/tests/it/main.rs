//! The integration tests of `core`, in one binary (one link instead of one per file).

mod options;
mod record;
