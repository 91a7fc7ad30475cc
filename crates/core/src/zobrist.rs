//! Zobrist keys, computed at compile time.

/// One step of SplitMix64 (Steele, Lea and Flood, 2014): a fast generator whose outputs are
/// well spread, which is all Zobrist keys need.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random 64-bit keys from `seed`, for use in a `const` table:
/// `const KEYS: [u64; 128] = zobrist_keys(1);`. Different games use different seeds.
#[must_use]
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}
