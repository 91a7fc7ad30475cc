//! The book: with the strong solution of mini checkers on the shelf, the oracle answers from
//! it without a search, and its answers are the negamax's.

use std::collections::HashMap;
use std::sync::Arc;

use arbiter_core::testkit::{perfect_play, random_playouts};
use arbiter_core::{Game, Side};
use arbiter_minicheckers::{Minicheckers, Options};
use arbiter_solver::strong::StrongSolution;
use arbiter_solver::{book, Exact, Oracle};

#[test]
fn the_oracle_answers_from_the_book_without_searching() {
    let starts: Vec<Minicheckers> =
        [Side::White, Side::Black].map(|first| Minicheckers::start(&Options { first })).into();
    let solution =
        StrongSolution::compute(&starts, "first=white;first=black", &mut |_| {}).expect("solved");
    book::install("minicheckers", Arc::new(solution));
    let mut oracle = Oracle::new(1).expect("1 MiB");
    let mut memory = HashMap::new();
    let mut checked = 0;
    random_playouts::<Minicheckers>(&Options { first: Side::Black }, 20, 100, 9, |position, _| {
        if position.status().is_over() {
            return;
        }
        let (wins, plies) = perfect_play(position, &mut memory, usize::MAX).expect("no budget");
        assert_eq!(oracle.exact(position, None), Ok(Exact { wins, plies }));
        let (best, exact) = oracle.best(position, None, None).expect("known").expect("a move");
        assert_eq!(exact, Exact { wins, plies });
        let mut child = *position;
        child.play_unchecked(best);
        let after = perfect_play(&child, &mut memory, usize::MAX).expect("no budget");
        assert_eq!(after, (!wins, plies - 1), "{} then {best}", position.to_text());
        checked += 1;
    });
    assert!(checked > 100, "{checked} positions");
    assert_eq!(oracle.nodes(), 0, "every answer came from the book");
}
