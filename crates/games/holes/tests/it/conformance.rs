//! The shared conformance kit on both rule sets.

use arbiter_core::testkit::{
    check_conformance, check_forced, check_presentation, check_snapshot, check_symmetry,
    playthrough,
};
use arbiter_holes::{Holes, Options};

#[test]
fn holes_passes_the_conformance_kit_with_the_seeds_rules() {
    check_conformance::<Holes>(&Options { diagonal_captures: false }, 300, 100, 2026);
}

#[test]
fn holes_passes_the_conformance_kit_with_diagonal_captures() {
    check_conformance::<Holes>(&Options { diagonal_captures: true }, 300, 100, 2027);
}

#[test]
fn every_move_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<Holes>(&Options { diagonal_captures: false }, 60, 100, 7);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn every_capture_is_entered_by_its_clicks_and_by_its_steps() {
    let walked = check_presentation::<Holes>(&Options { diagonal_captures: true }, 60, 100, 8);
    assert!(walked > 1000, "{walked} moves walked");
}

#[test]
fn the_move_order_along_a_seeded_game_matches_its_snapshot() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/playthrough.txt");
    check_snapshot(&path, &playthrough::<Holes>(&Options::default(), 11, 40));
}

#[test]
fn the_half_turn_with_colours_swapped_keeps_the_rules() {
    for (diagonal_captures, seed) in [(false, 41), (true, 42)] {
        let checked = check_symmetry::<Holes>(&Options { diagonal_captures }, 100, 200, seed);
        assert!(checked > 1000, "{checked} positions checked");
    }
}

#[test]
fn forced_results_are_proved_by_a_search_of_two_or_three_plies() {
    // Wins in one that leave the opponent no move are not looked for: the solver finds them
    // when it expands the position.
    for (diagonal_captures, seed) in [(false, 43), (true, 44)] {
        let counts = check_forced::<Holes>(&Options { diagonal_captures }, 400, seed);
        assert!(
            counts.wins_in_one > 100 && counts.losses_in_two > 100 && counts.wins_in_three > 100,
            "{counts:?}"
        );
    }
}
