//! The only randomness: coin tosses derived from a caller's seed, so that the same inputs
//! always give the same pairings.

use crate::player::PlayerId;

/// SplitMix64's output function (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a bijective mix of 64 bits.
const fn mix(mut value: u64) -> u64 {
    value = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

/// A fair coin for the pair `a`, `b` under `seed`, the same whichever order they are given.
pub(crate) fn coin(seed: u64, a: PlayerId, b: PlayerId) -> bool {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    mix(seed ^ mix(low.0 ^ mix(high.0))) & 1 == 1
}
