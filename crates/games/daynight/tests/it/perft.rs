//! Perft from the start against the data file and the independent reference generator.

use crate::reference;
use arbiter_core::testkit::{case_position, read_perft_suite, run_perft_suite};
use arbiter_core::Game;
use arbiter_daynight::DayNight;

const SUITE: &str = include_str!("../data/perft.txt");

#[test]
fn perft_from_the_start_matches_the_data_file() {
    assert_eq!(run_perft_suite::<DayNight>(SUITE, u64::MAX), 9);
}

#[test]
fn the_data_file_agrees_with_the_reference_generator() {
    for case in read_perft_suite(SUITE).into_iter().filter(|case| case.nodes < 3_000_000) {
        let position: DayNight = case_position(&case);
        assert_eq!(position.to_text(), reference::START);
        let rings = if case.options.is_empty() { 4 } else { 6 };
        assert_eq!(
            reference::perft(reference::START, rings, case.depth),
            case.nodes,
            "line {}",
            case.line
        );
    }
}
