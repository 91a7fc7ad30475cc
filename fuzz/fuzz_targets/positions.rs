//! Fuzz target `positions`: see [`arbiter_fuzz::positions`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::positions(data));
