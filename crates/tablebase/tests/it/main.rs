//! The tablebase's tests: small tables built from scratch and checked position by position
//! against a plain search written here, for each game with tables.

mod checkers;
mod daynight;
mod fanorona;
mod files;
mod published;
mod reference;
