//! The perfect player: exact play in the games that always end in a win, refused in the
//! others, and its spec.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use arbiter_ai::{Context, Engine, PlayerSpec, Score, SpecError};
use arbiter_checkers::Checkers;
use arbiter_core::testkit::{perfect_play, random_playouts};
use arbiter_core::{Evaluate, Game};
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// At positions of random games, from each game's end backwards while they are small enough
/// for the negamax, the perfect player's move keeps the value and takes exactly one ply off
/// the perfect-play length, and its score says so.
fn check_perfect_moves<G: Evaluate + std::hash::Hash>(options: &G::Options, seed: u64) -> usize {
    let mut games: Vec<Vec<G>> = vec![Vec::new()];
    random_playouts::<G>(options, 30, 200, seed, |position, next| {
        games.last_mut().expect("a game").push(position.clone());
        if next.is_none() {
            games.push(Vec::new());
        }
    });
    check_games(&games)
}

/// Checks the perfect player on each game's positions from its end backwards, while they are
/// small enough for the negamax.
fn check_games<G: Evaluate + std::hash::Hash>(games: &[Vec<G>]) -> usize {
    let mut player = PlayerSpec::perfect().build::<G>();
    let mut checked = 0;
    for game in games {
        let mut memory = HashMap::new();
        for position in game.iter().rev().filter(|position| !position.status().is_over()) {
            let budget = memory.len() + 100_000;
            let Some((wins, plies)) = perfect_play(position, &mut memory, budget) else { break };
            let report = player.choose(position, &Context::default(), &mut |_| {});
            let expected = if wins { Score::Win(plies) } else { Score::Loss(plies) };
            assert_eq!(report.score, expected, "{}", position.to_text());
            let mut child = position.clone();
            child.play(report.best.expect("a move")).expect("legal");
            let after = perfect_play(&child, &mut memory, usize::MAX).expect("no budget");
            assert_eq!(after, (!wins, plies - 1), "{} then {:?}", position.to_text(), report.best);
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_perfect_player_wins_fastest_and_loses_slowest_in_minicheckers() {
    let checked = check_perfect_moves::<Minicheckers>(&Default::default(), 3);
    assert!(checked > 150, "{checked} positions");
}

#[test]
fn the_perfect_player_wins_fastest_and_loses_slowest_in_holes_under_both_rule_sets() {
    // Random games keep too many pieces to the end for a plain negamax: random sparse
    // positions instead, three pieces a side, each checked alone.
    for (diagonal_captures, seed) in [(false, 4_u64), (true, 5)] {
        let options = arbiter_holes::Options { diagonal_captures };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut positions = Vec::new();
        while positions.len() < 60 {
            let mut rows = [['.'; 6]; 6];
            for (row, file) in [(2, 1), (3, 2), (2, 3), (3, 4)] {
                rows[row][file] = '#';
            }
            for piece in ['w', 'w', 'w', 'b', 'b', 'b'] {
                let (row, file) = (rng.random_range(1..5), rng.random_range(0..6));
                if rows[row][file] == '.' {
                    rows[row][file] = piece;
                }
            }
            let board: Vec<String> = rows.iter().rev().map(|row| row.iter().collect()).collect();
            let turn = if rng.random_bool(0.5) { 'w' } else { 'b' };
            if let Ok(position) = Holes::from_text(&format!("{} {turn}", board.join("/")), &options)
            {
                if !position.status().is_over() {
                    positions.push(vec![position]);
                }
            }
        }
        let checked = check_games(&positions);
        assert!(checked > 50, "{checked} of {} positions", positions.len());
    }
}

#[test]
fn the_perfect_player_is_refused_for_games_with_draws() {
    let spec = PlayerSpec::perfect();
    let checkers = Checkers::start(&Default::default());
    assert_eq!(spec.check_game(&checkers), Err(SpecError::NotSolvable("checkers")));
    assert_eq!(spec.check_game(&Holes::start(&Default::default())), Ok(()));
    let alphabeta = PlayerSpec::new(Engine::AlphaBeta);
    assert_eq!(alphabeta.check_game(&checkers), Ok(()));
}

#[test]
fn perfect_specs_read_and_write_back() {
    let spec: PlayerSpec = "perfect:time=2s,hash=64".parse().expect("valid");
    assert_eq!(spec.engine, Engine::Perfect);
    assert_eq!(spec.table_mib, 64);
    assert_eq!(spec.to_string(), "perfect:time=2000ms,hash=64");
    assert_eq!("perfect".parse::<PlayerSpec>().map(|spec| spec.to_string()), Ok("perfect".into()));
    assert_eq!(PlayerSpec::perfect().effective_limits().time, None, "no time limit by default");
    let useless = "perfect:depth=3".parse::<PlayerSpec>();
    assert!(matches!(useless, Err(SpecError::UselessSetting { .. })), "{useless:?}");
}

#[test]
fn with_no_time_left_for_the_solver_the_perfect_player_still_moves() {
    // A millisecond is too little to solve the start of Breakthrough: alpha-beta answers.
    let mut player = "perfect:time=1ms".parse::<PlayerSpec>().expect("valid").build::<Holes>();
    let start = Holes::start(&Default::default());
    let report = player.choose(&start, &Context::default(), &mut |_| {});
    let best = report.best.expect("a move");
    assert!(start.legal_moves().contains(&best));
    assert!(!report.score.is_proven(), "{:?}", report.score);
}

#[test]
fn a_stop_signal_ends_the_perfect_players_search_with_a_legal_move() {
    // Solving the start of Breakthrough takes a minute in a release build: the signal, set
    // before the search, must end it at once, and alpha-beta then still gives a move.
    let stop = AtomicBool::new(true);
    let mut player = PlayerSpec::perfect().build::<Holes>();
    let start = Holes::start(&Default::default());
    let context = Context { stop: Some(&stop), ..Context::default() };
    let report = player.choose(&start, &context, &mut |_| {});
    assert!(start.legal_moves().contains(&report.best.expect("a move")));
    assert!(!report.score.is_proven(), "{:?}", report.score);
}
