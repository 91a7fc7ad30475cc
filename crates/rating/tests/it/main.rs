//! The integration tests of `rating`, in one binary (one link instead of one per file).

mod first_game;
mod glickman;
mod lichess;
mod perf_key;
mod properties;
mod speed;
mod time_away;

/// Asserts that `actual` is within `tolerance` of `expected`, naming `what`.
#[track_caller]
fn assert_close(what: &str, actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} is not within {tolerance} of {expected}"
    );
}
