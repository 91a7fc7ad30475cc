//! The shared conformance kit on checkers.

use arbiter_checkers::Checkers;
use arbiter_core::testkit::{check_conformance, check_presentation, check_snapshot, playthrough};
use arbiter_core::NoOptions;

#[test]
fn checkers_passes_the_conformance_kit() {
    check_conformance::<Checkers>(&NoOptions, 300, 300, 2026);
}

#[test]
fn every_move_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<Checkers>(&NoOptions, 60, 200, 7);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn the_move_order_along_a_seeded_game_matches_its_snapshot() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/playthrough.txt");
    check_snapshot(&path, &playthrough::<Checkers>(&NoOptions, 11, 40));
}
