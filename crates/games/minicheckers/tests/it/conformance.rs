//! The shared conformance kit on mini checkers, with each first player.

use arbiter_core::testkit::{
    check_conformance, check_presentation, check_snapshot, check_symmetry, playthrough,
};
use arbiter_core::Side;
use arbiter_minicheckers::{Minicheckers, Options};

#[test]
fn minicheckers_passes_the_conformance_kit_with_white_first() {
    check_conformance::<Minicheckers>(&Options { first: Side::White }, 300, 100, 2026);
}

#[test]
fn minicheckers_passes_the_conformance_kit_with_black_first() {
    check_conformance::<Minicheckers>(&Options { first: Side::Black }, 300, 100, 2027);
}

#[test]
fn every_move_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<Minicheckers>(&Options { first: Side::White }, 60, 100, 7);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn the_move_order_along_a_seeded_game_matches_its_snapshot() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/playthrough.txt");
    check_snapshot(&path, &playthrough::<Minicheckers>(&Options::default(), 11, 40));
}

#[test]
fn the_half_turn_with_colours_swapped_keeps_the_rules() {
    for (first, seed) in [(Side::White, 31), (Side::Black, 32)] {
        let checked = check_symmetry::<Minicheckers>(&Options { first }, 100, 100, seed);
        assert!(checked > 1000, "{checked} positions checked");
    }
}
