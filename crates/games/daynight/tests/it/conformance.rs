//! The shared conformance kit on Day and Night, on the standard and a wider board.

use arbiter_core::testkit::{
    check_conformance, check_presentation, check_snapshot, check_tactics, playthrough,
};
use arbiter_daynight::{DayNight, Options};

#[test]
fn daynight_passes_the_conformance_kit() {
    check_conformance::<DayNight>(&Options { rings: 4 }, 30, 200, 2026);
}

#[test]
fn daynight_passes_the_conformance_kit_with_eight_rings() {
    check_conformance::<DayNight>(&Options { rings: 8 }, 2, 40, 2027);
}

#[test]
#[ignore = "twenty games on the largest board: `cargo test -p arbiter-daynight -- --ignored`"]
fn daynight_passes_the_conformance_kit_with_eight_rings_in_twenty_games() {
    check_conformance::<DayNight>(&Options { rings: 8 }, 20, 150, 2027);
}

#[test]
fn every_move_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<DayNight>(&Options { rings: 4 }, 4, 120, 7);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn every_move_on_eight_rings_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<DayNight>(&Options { rings: 8 }, 1, 10, 8);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
#[ignore = "thirty plies of clicks on the largest board: `cargo test -p arbiter-daynight -- --ignored`"]
fn every_move_of_a_long_game_on_eight_rings_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<DayNight>(&Options { rings: 8 }, 1, 30, 8);
    assert!(walked > 10_000, "{walked} moves walked");
}

#[test]
fn the_move_order_along_a_seeded_game_matches_its_snapshot() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/playthrough.txt");
    check_snapshot(&path, &playthrough::<DayNight>(&Options::default(), 11, 40));
}

#[test]
fn the_tactical_moves_agree_with_the_legal_moves() {
    let checked = check_tactics::<DayNight>(&Options { rings: 4 }, 40, 200, 2028);
    assert!(checked > 1000, "{checked} positions checked");
}

#[test]
fn the_tactical_moves_agree_with_the_legal_moves_with_eight_rings() {
    check_tactics::<DayNight>(&Options { rings: 8 }, 20, 150, 2029);
}
