//! The solver against a plain memoised negamax written here from the rules alone (the `Game`
//! trait: moves, play, status), on small positions of both 6×6 games with each option set:
//! positions a few random moves from the end of random games, and sparse positions built from
//! text. Both must agree on the winner and on the perfect-play length, and the solver's line
//! must be legal, of that length, and end in the winner's win.

use std::collections::HashMap;
use std::hash::Hash;

use arbiter_core::testkit::perfect_play;
use arbiter_core::{Game, Knowledge, Side, Symmetry};
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use arbiter_solver::{depth_bounds, solve, Exact, Oracle, Settings};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions the plain negamax may remember before a sample is given up as too large.
const NEGAMAX_BUDGET: usize = 200_000;

/// The plain negamax of the testkit, within the budget.
fn negamax<G: Knowledge + Hash>(
    position: &G,
    memory: &mut HashMap<G, (bool, u32)>,
) -> Option<(bool, u32)> {
    perfect_play(position, memory, NEGAMAX_BUDGET)
}

/// Solves `position` with both and compares; `false` when the negamax gave up.
fn agree<G: Symmetry + Hash>(position: &G) -> bool {
    let Some((wins, plies)) = negamax(position, &mut HashMap::new()) else {
        return false;
    };
    for threads in [1, 2] {
        let settings = Settings { hash_mib: 4, time_limit: None, threads };
        let solution = solve(position, &settings, &mut |_| {}).expect("solved");
        check_solution(position, &solution, wins, plies);
    }
    check_oracle(position, wins, plies, &mut HashMap::new());
    check_depth_bounds(position, wins, plies);
    true
}

/// The depth bounds, deepened without a time limit, must end with the negamax's winner and
/// length, having ruled out every shorter win of either side on the way.
fn check_depth_bounds<G: Knowledge>(position: &G, wins: bool, plies: u32) {
    let text = position.to_text();
    let mover = position.side_to_move();
    let winner = if wins { mover } else { mover.opponent() };
    let mut seen = Vec::new();
    let bounds =
        depth_bounds(position, 4, None, None, &mut |bounds| seen.push(*bounds)).expect("bounds");
    assert_eq!(bounds.win, Some((winner, plies)), "{}: depth bounds at {text}", G::ID);
    // Every depth below the length is ruled out: the winner's last one two plies short.
    let (winner_bound, loser_bound) = (plies.saturating_sub(2), plies - 1);
    let (mover_bound, opponent_bound) =
        if wins { (winner_bound, loser_bound) } else { (loser_bound, winner_bound) };
    assert_eq!(bounds.mover_no_win_within, mover_bound, "{text}");
    assert_eq!(bounds.opponent_no_win_within, opponent_bound, "{text}");
    assert_eq!(seen.len() as u32, plies - 1, "one report a depth ruled out: {text}");
}

/// Checks the oracle's answers against the negamax: the position's value, every move's, and
/// the perfect move, which must keep the value and shorten the length by one ply.
fn check_oracle<G: Knowledge + Hash>(
    position: &G,
    wins: bool,
    plies: u32,
    memory: &mut HashMap<G, (bool, u32)>,
) {
    let text = position.to_text();
    let mut oracle = Oracle::new(4).expect("4 MiB");
    assert_eq!(oracle.exact(position, None), Ok(Exact { wins, plies }), "{text}");
    let values = oracle.moves(position, None).expect("every move's value");
    assert_eq!(values.len(), position.legal_moves().len(), "{text}");
    assert!(values.windows(2).all(|pair| pair[0].1 >= pair[1].1), "best first: {text}");
    for (mv, value) in values {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let (child_wins, child_plies) = negamax(&child, memory).expect("within the budget");
        assert_eq!(value, Exact { wins: !child_wins, plies: child_plies + 1 }, "{mv} at {text}");
    }
    let (best, exact) = oracle.best(position, None, None).expect("solved").expect("a move");
    assert_eq!(exact, Exact { wins, plies }, "{text}");
    let mut child = position.clone();
    child.play_unchecked(best);
    assert_eq!(negamax(&child, memory), Some((!wins, plies - 1)), "{best} at {text}");
}

/// Checks `solution` against the negamax's value and length.
fn check_solution<G: Symmetry>(
    position: &G,
    solution: &arbiter_solver::Solution<G::Move>,
    wins: bool,
    plies: u32,
) {
    let text = position.to_text();
    let mover = position.side_to_move();
    let winner = if wins { mover } else { mover.opponent() };
    assert_eq!(solution.winner, winner, "{}: the winner at {text}", G::ID);
    assert_eq!(solution.plies, plies, "{}: the perfect-play length at {text}", G::ID);
    let mut line = position.clone();
    for &mv in &solution.principal_variation {
        line.play(mv).expect("the line is legal");
    }
    assert_eq!(solution.principal_variation.len() as u32, plies, "{text}");
    let ended = line.status().outcome().and_then(|outcome| outcome.winner());
    assert_eq!(ended, Some(winner), "{}: the line from {text} ends in the win", G::ID);
}

/// For each of `games` random games, the positions 1, 2, … `deepest` moves before its end.
fn near_the_end<G: Knowledge>(
    options: &G::Options,
    games: usize,
    deepest: usize,
    seed: u64,
) -> Vec<Vec<G>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..games)
        .map(|_| {
            let mut history = vec![G::start(options)];
            loop {
                let moves = history[history.len() - 1].legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut next = history[history.len() - 1].clone();
                next.play_unchecked(moves[rng.random_range(0..moves.len())]);
                history.push(next);
            }
            history.iter().rev().skip(1).take(deepest).cloned().collect()
        })
        .collect()
}

/// Checks the positions of each game from the end backwards, until one is too large for the
/// negamax (those further back are larger still); at least `least` must be checked.
fn check_games<G: Symmetry + Hash>(games: &[Vec<G>], least: usize) {
    let mut checked = 0;
    for game in games {
        checked += game.iter().take_while(|position| agree(*position)).count();
    }
    assert!(checked >= least, "{}: only {checked} positions were small enough", G::ID);
}

/// Sparse positions: `pieces` per side on random squares of `squares`, in the game's text
/// form written by `write`; those the game refuses are skipped.
fn sparse<G: Knowledge>(
    options: &G::Options,
    count: usize,
    seed: u64,
    write: impl Fn(&mut ChaCha8Rng) -> String,
) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        if let Ok(position) = G::from_text(&write(&mut rng), options) {
            if !position.status().is_over() {
                positions.push(position);
            }
        }
    }
    positions
}

/// Distinct random squares out of `squares`.
fn pick<'a>(rng: &mut ChaCha8Rng, squares: &[&'a str], count: usize) -> Vec<&'a str> {
    let mut left: Vec<&str> = squares.to_vec();
    (0..count).map(|_| left.swap_remove(rng.random_range(0..left.len()))).collect()
}

fn check_all<G: Symmetry + Hash>(positions: &[G], least: usize) {
    let checked = positions.iter().filter(|position| agree(*position)).count();
    assert!(
        checked >= least,
        "{}: only {checked} of {} positions were small enough",
        G::ID,
        positions.len()
    );
}

/// The last `deepest` positions of `games` random games of mini checkers with each first
/// player agree with the negamax; at least `least` of each are checked.
fn minicheckers_near_the_end(games: usize, least: usize) {
    for (first, seed) in [(Side::White, 1), (Side::Black, 2)] {
        let options = arbiter_minicheckers::Options { first };
        let games = near_the_end::<Minicheckers>(&options, games, 12, seed);
        check_games(&games, least);
    }
}

#[test]
fn minicheckers_agrees_with_negamax_near_the_end_of_random_games() {
    minicheckers_near_the_end(6, 20);
}

#[test]
#[ignore = "forty games a side: `cargo test -p arbiter-solver -- --ignored`"]
fn minicheckers_agrees_with_negamax_near_the_end_of_forty_random_games() {
    minicheckers_near_the_end(40, 150);
}

#[test]
fn minicheckers_agrees_with_negamax_on_sparse_positions() {
    let dark: Vec<String> = (0..6u8)
        .flat_map(|rank| (0..6u8).map(move |file| (file, rank)))
        .filter(|(file, rank)| (file + rank) % 2 == 0)
        .map(|(file, rank)| format!("{}{}", char::from(b'a' + file), rank + 1))
        .collect();
    let dark: Vec<&str> = dark.iter().map(String::as_str).collect();
    for (first, seed) in [(Side::White, 3), (Side::Black, 4)] {
        let options = arbiter_minicheckers::Options { first };
        let positions = sparse::<Minicheckers>(&options, 60, seed, |rng| {
            let squares = pick(rng, &dark, 6);
            let turn = if rng.random_range(0..2) == 0 { 'W' } else { 'B' };
            format!("{turn}:W{}:B{}", squares[..3].join(","), squares[3..].join(","))
        });
        check_all(&positions, 55);
    }
}

/// A Breakthrough position thinned to the `keep` most advanced pieces of each side: its text
/// with the others written as empty cells (`None` when the game refuses the result).
fn thinned(position: &Holes, keep: usize, options: &arbiter_holes::Options) -> Option<Holes> {
    let text = position.to_text();
    let (board, turn) = text.split_once(' ')?;
    let mut cells: Vec<char> = board.chars().filter(|&symbol| symbol != '/').collect();
    // Text rows run from rank 6 down: White's most advanced pieces come first, Black's last.
    let white: Vec<usize> = (0..36).filter(|&cell| cells[cell] == 'w').collect();
    let black: Vec<usize> = (0..36).rev().filter(|&cell| cells[cell] == 'b').collect();
    for &cell in white.iter().skip(keep).chain(black.iter().skip(keep)) {
        cells[cell] = '.';
    }
    let rows: Vec<String> = cells.chunks(6).map(|row| row.iter().collect()).collect();
    let thinned = Holes::from_text(&format!("{} {turn}", rows.join("/")), options).ok()?;
    (!thinned.status().is_over()).then_some(thinned)
}

#[test]
fn holes_agrees_with_negamax_on_thinned_positions_of_random_games() {
    holes_thinned(8, 30);
}

#[test]
#[ignore = "forty games a side: `cargo test -p arbiter-solver -- --ignored`"]
fn holes_agrees_with_negamax_on_thinned_positions_of_forty_random_games() {
    holes_thinned(40, 160);
}

/// The last positions of `games` random games of Breakthrough with each capture rule agree
/// with the negamax, thinned; at least `least` of each are checked.
fn holes_thinned(games: usize, least: usize) {
    // With twelve pieces a side the plain negamax cannot reach the end, so the positions of
    // random games keep only their four most advanced pieces a side.
    for (diagonal_captures, seed) in [(false, 5), (true, 6)] {
        let options = arbiter_holes::Options { diagonal_captures };
        let positions: Vec<Holes> = near_the_end::<Holes>(&options, games, 8, seed)
            .into_iter()
            .flatten()
            .filter_map(|position| thinned(&position, 4, &options))
            .collect();
        let checked = positions.iter().filter(|position| agree(*position)).count();
        assert!(
            checked >= least,
            "only {checked} of {} positions were small enough",
            positions.len()
        );
    }
}

#[test]
fn holes_agrees_with_negamax_on_sparse_positions() {
    for (diagonal_captures, seed) in [(false, 7), (true, 8)] {
        let options = arbiter_holes::Options { diagonal_captures };
        let positions = sparse::<Holes>(&options, 30, seed, |rng| {
            // Three pieces a side on the cells that are not holes (b3 c4 d3 e4: text
            // rows are rank 6 first).
            let mut cells: Vec<char> = "......".repeat(6).chars().collect();
            for hole in [14, 16, 19, 21] {
                cells[hole] = '#';
            }
            let mut free: Vec<usize> = (0..36).filter(|&cell| cells[cell] == '.').collect();
            for symbol in ['w', 'w', 'w', 'b', 'b', 'b'] {
                let at = free.swap_remove(rng.random_range(0..free.len()));
                cells[at] = symbol;
            }
            let rows: Vec<String> = cells.chunks(6).map(|row| row.iter().collect()).collect();
            let turn = if rng.random_range(0..2) == 0 { 'w' } else { 'b' };
            format!("{} {turn}", rows.join("/"))
        });
        check_all(&positions, 27);
    }
}

#[test]
fn mirrored_positions_get_the_same_answer_with_colours_swapped() {
    let options = arbiter_minicheckers::Options::default();
    for position in near_the_end::<Minicheckers>(&options, 10, 10, 9).into_iter().flatten() {
        let settings = Settings { hash_mib: 4, time_limit: None, threads: 1 };
        let direct = solve(&position, &settings, &mut |_| {}).expect("solved");
        let image = solve(&position.mirrored(), &settings, &mut |_| {}).expect("solved");
        assert_eq!(image.winner, direct.winner.opponent(), "{}", position.to_text());
        assert_eq!(image.plies, direct.plies, "{}", position.to_text());
    }
}
