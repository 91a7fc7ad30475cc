//! Fuzz target `playout`: see [`arbiter_fuzz::playout`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::playout(data));
