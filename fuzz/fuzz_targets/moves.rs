//! Fuzz target `moves`: see [`arbiter_fuzz::moves`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::moves(data));
