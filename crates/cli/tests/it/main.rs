//! The integration tests of `cli`, in one binary (one link instead of one per file).

mod book;
mod cli;
mod external;
mod gdl;
mod hostile;
mod hub;
mod protocol;
mod serve;
mod solve;
mod train;
mod ugi;
