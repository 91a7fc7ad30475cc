//! Fuzz target `specs`: see [`arbiter_fuzz::specs`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::specs(data));
