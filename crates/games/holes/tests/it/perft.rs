//! Perft from the start for both rule sets, against the data file and the reference generator.

use crate::reference;
use arbiter_core::testkit::{case_position, read_perft_suite, run_perft_suite};
use arbiter_core::Game;
use arbiter_holes::Holes;

const SUITE: &str = include_str!("../data/perft.txt");

/// The depths of the data file up to 2 million nodes, 1–6 for both rule sets.
#[test]
fn perft_from_the_start_matches_the_data_file() {
    assert_eq!(run_perft_suite::<Holes>(SUITE, 2_000_000), 12);
}

/// Every depth of the data file, 1–8 for both rule sets (about 300 million nodes).
#[test]
#[ignore = "300 million nodes: `cargo test -p arbiter-holes -- --ignored`"]
fn perft_from_the_start_matches_the_data_file_to_depth_8() {
    assert_eq!(run_perft_suite::<Holes>(SUITE, u64::MAX), 16);
}

/// The reference generator is slow, so it confirms the data file up to depth 6.
#[test]
fn the_data_file_agrees_with_the_reference_generator() {
    for case in read_perft_suite(SUITE).into_iter().filter(|case| case.depth <= 6) {
        let position: Holes = case_position(&case);
        let text = position.to_text();
        assert_eq!(text, reference::START, "line {}", case.line);
        let captures = case.options == "captures=diagonal";
        assert_eq!(reference::perft(&text, captures, case.depth), case.nodes, "line {}", case.line);
    }
}
