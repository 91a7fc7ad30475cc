//! The book: with a strong solution of mini checkers on the shelf, the oracle answers from it
//! without a search, and its answers are the negamax's. The test solves the positions
//! reachable from a few middle-game positions; the same test of the whole game from both starts
//! (1.77 million positions) is ignored by default: `cargo test --release -p arbiter-solver --
//! --ignored`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use arbiter_core::testkit::perfect_play;
use arbiter_core::{Game, Side};
use arbiter_minicheckers::{Minicheckers, Options};
use arbiter_solver::strong::StrongSolution;
use arbiter_solver::{book, Exact, Oracle};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::strong::middle_starts;

/// The book's shelf is the process's: the tests that put a book on it run one at a time.
static SHELF: Mutex<()> = Mutex::new(());

/// Solves `starts`, puts the solution on the shelf, and checks the oracle's answers on the
/// positions of random games from them against the negamax.
fn the_oracle_answers_from_the_book(starts: &[Minicheckers], options: &str) {
    let _shelf = SHELF.lock().unwrap_or_else(PoisonError::into_inner);
    let solution = StrongSolution::compute(starts, options, &mut |_| {}).expect("solved");
    book::install("minicheckers", Arc::new(solution));
    let mut oracle = Oracle::new(1).expect("1 MiB");
    let mut memory = HashMap::new();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut checked = 0;
    for game in 0..20 {
        let mut position = starts[game % starts.len()];
        while !position.status().is_over() {
            let (wins, plies) =
                perfect_play(&position, &mut memory, usize::MAX).expect("no budget");
            assert_eq!(oracle.exact(&position, None), Ok(Exact { wins, plies }));
            let (best, exact) = oracle.best(&position, None, None).expect("known").expect("a move");
            assert_eq!(exact, Exact { wins, plies });
            let mut child = position;
            child.play_unchecked(best);
            let after = perfect_play(&child, &mut memory, usize::MAX).expect("no budget");
            assert_eq!(after, (!wins, plies - 1), "{} then {best}", position.to_text());
            checked += 1;
            let moves = position.legal_moves();
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(checked > 100, "{checked} positions");
    assert_eq!(oracle.nodes(), 0, "every answer came from the book");
}

#[test]
fn the_oracle_answers_from_the_book_of_the_middle_games_without_searching() {
    the_oracle_answers_from_the_book(&middle_starts(), "middle");
}

#[test]
#[ignore = "the whole game: `cargo test --release -p arbiter-solver -- --ignored`"]
fn the_oracle_answers_from_the_book_of_the_whole_game_without_searching() {
    let starts = [Side::White, Side::Black].map(|first| Minicheckers::start(&Options { first }));
    the_oracle_answers_from_the_book(&starts, "first=white;first=black");
}
