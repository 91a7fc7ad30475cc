//! The tournament rules: arena scoring and pairing, Swiss pairing and standings, and a
//! randomized check of every Swiss pairing rule over many events.

mod arena_pairing;
mod arena_scoring;
mod swiss_checks;
mod swiss_random;
mod swiss_small;
mod swiss_tiebreaks;
