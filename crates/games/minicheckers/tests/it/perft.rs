//! Perft from the start position, both first players, and the independent reference generator.

use crate::reference;
use arbiter_core::testkit::{case_position, read_perft_suite, run_perft_suite};
use arbiter_core::Game;
use arbiter_minicheckers::Minicheckers;

const SUITE: &str = include_str!("../data/perft.txt");

#[test]
fn perft_from_the_start_matches_the_data_file() {
    assert_eq!(run_perft_suite::<Minicheckers>(SUITE, u64::MAX), 20);
}

#[test]
fn the_data_file_agrees_with_the_reference_generator() {
    for case in read_perft_suite(SUITE) {
        let position: Minicheckers = case_position(&case);
        let text = position.to_text();
        assert_eq!(
            reference::start(case.options.contains("first=black")),
            text,
            "line {}",
            case.line
        );
        assert_eq!(reference::perft(&text, case.depth), case.nodes, "line {}", case.line);
    }
}
