//! Perft from the start against the data file and the independent reference generator.

use crate::reference;
use arbiter_core::testkit::{case_position, read_perft_suite, run_perft_suite};
use arbiter_core::Game;
use arbiter_fanorona::Fanorona;

const SUITE: &str = include_str!("../data/perft.txt");

#[test]
fn perft_from_the_start_matches_the_data_file() {
    assert_eq!(run_perft_suite::<Fanorona>(SUITE, 10_000_000), 6);
}

#[test]
fn the_data_file_agrees_with_the_reference_generator_to_depth_5() {
    for case in read_perft_suite(SUITE).into_iter().filter(|case| case.depth <= 5) {
        let position: Fanorona = case_position(&case);
        assert_eq!(position.to_text(), reference::START);
        assert_eq!(
            reference::perft(reference::START, case.depth),
            case.nodes,
            "line {}",
            case.line
        );
    }
}
