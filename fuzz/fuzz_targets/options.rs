//! Fuzz target `options`: see [`arbiter_fuzz::options`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzz::options(data));
