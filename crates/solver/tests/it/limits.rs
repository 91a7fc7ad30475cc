//! The time limit, and positions that are already over.

use std::time::Duration;

use arbiter_core::{Game, Side};
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use arbiter_solver::{solve, Phase, Settings, SolveError};

#[test]
fn a_search_stopped_by_the_time_limit_says_how_far_it_got() {
    let start = Holes::start(&arbiter_holes::Options::default());
    let settings = Settings { hash_mib: 4, time_limit: Some(Duration::from_millis(1)), threads: 2 };
    let mut reports = Vec::new();
    let result = solve(&start, &settings, &mut |progress| reports.push(*progress));
    match result {
        Err(SolveError::TimeLimit(progress)) => {
            assert!(progress.nodes > 0);
            assert_eq!(progress.phase, Phase::Value);
        }
        other => panic!("expected the time limit, got {other:?}"),
    }
    assert!(!reports.is_empty(), "the end of the search is reported");
}

#[test]
fn a_finished_game_is_solved_in_zero_plies() {
    // White has just reached row 6.
    let text = "W:Wb6:Ba5";
    let options = arbiter_minicheckers::Options::default();
    let Ok(position) = Minicheckers::from_text(&text.replace("W:", "B:"), &options) else {
        panic!("{text} is a position");
    };
    let settings = Settings { hash_mib: 1, time_limit: None, threads: 1 };
    let solution = solve(&position, &settings, &mut |_| {}).expect("solved");
    assert_eq!(solution.winner, Side::White);
    assert_eq!(solution.plies, 0);
    assert!(solution.principal_variation.is_empty());
}
