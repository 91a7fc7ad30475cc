//! Perft from the start position against the published numbers (docs/rules.md §4).

use arbiter_checkers::Checkers;
use arbiter_core::testkit::run_perft_suite;

const SUITE: &str = include_str!("../data/perft.txt");

/// Depths 1–9 (up to about four million nodes) run in the test suite; the deeper published
/// numbers are checked by `arbiter perft checkers 12` (docs/rules.md 4.9 lists them).
#[test]
fn perft_from_the_start_matches_the_published_numbers() {
    assert_eq!(run_perft_suite::<Checkers>(SUITE, 4_000_000), 9);
}
