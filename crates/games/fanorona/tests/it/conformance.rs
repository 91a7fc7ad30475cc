//! The shared conformance kit on Fanorona.

use arbiter_core::testkit::{
    check_conformance, check_presentation, check_snapshot, check_tactics, playthrough,
};
use arbiter_core::NoOptions;
use arbiter_fanorona::Fanorona;

#[test]
fn fanorona_passes_the_conformance_kit() {
    check_conformance::<Fanorona>(&NoOptions, 40, 200, 2026);
}

#[test]
fn every_move_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<Fanorona>(&NoOptions, 8, 120, 7);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn the_move_order_along_a_seeded_game_matches_its_snapshot() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/playthrough.txt");
    check_snapshot(&path, &playthrough::<Fanorona>(&NoOptions, 11, 40));
}

#[test]
fn the_tactical_moves_agree_with_the_legal_moves() {
    let checked = check_tactics::<Fanorona>(&NoOptions, 40, 200, 2028);
    assert!(checked > 1000, "{checked} positions checked");
}
