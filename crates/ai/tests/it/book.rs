//! The opening book of checkers, and players that play from a book.

use std::sync::Arc;

use arbiter_ai::arena::Ballot;
use arbiter_ai::book::{self, BookSettings};
use arbiter_ai::{
    Book, BookError, BookMove, Booked, Context, Engine, Limits, Player, PlayerSpec, Score,
};
use arbiter_checkers::Checkers;
use arbiter_core::{Evaluate, Game, GameRecord, NoOptions};
use arbiter_minicheckers::Minicheckers;

/// The 174 three-move openings of checkers: the ACF ballot's 156 and the 18 barred.
fn three_move_openings() -> Vec<GameRecord<Checkers>> {
    let mut records = Vec::new();
    for text in [
        include_str!("../../../games/checkers/data/acf-3-move-ballot.txt"),
        include_str!("../../../games/checkers/data/acf-3-move-barred.txt"),
    ] {
        let ballot = Ballot::parse(text).expect("a ballot");
        records.extend(ballot.records::<Checkers>(&NoOptions).expect("legal openings"));
    }
    records
}

#[test]
fn the_checkers_book_reads_and_every_move_in_it_is_legal_where_it_is_given() {
    let book = Book::<Checkers>::parse(Checkers::OPENING_BOOK).expect("the book reads");
    assert!(book.len() > 174, "{} positions", book.len());
    for (position, moves) in book.positions() {
        assert!(!moves.is_empty(), "{}", position.to_text());
        let legal = position.legal_moves();
        for book_move in moves {
            assert!(legal.contains(&book_move.mv), "{} in {}", book_move.mv, position.to_text());
        }
    }
    assert_eq!(book::embedded::<Checkers>().map(|book| book.len()), Some(book.len()));
    assert!(book::embedded::<Minicheckers>().is_none());
}

#[test]
fn the_book_answers_every_three_move_opening() {
    let book = book::embedded::<Checkers>().expect("checkers has a book");
    let openings = three_move_openings();
    assert_eq!(openings.len(), 174);
    for record in &openings {
        let choice = book.choice(record.position());
        assert!(choice.is_some(), "{}", record.position().to_text());
    }
}

#[test]
fn a_player_plays_the_book_move_unless_the_book_is_off() {
    let start = Checkers::start(&NoOptions);
    let book = book::embedded::<Checkers>().expect("checkers has a book");
    let expected = book.choice(&start).expect("the start is in the book");
    let spec: PlayerSpec = "alphabeta:nodes=2000".parse().expect("a spec");
    let report = spec.build::<Checkers>().choose(&start, &Context::default(), &mut |_| {});
    assert!(report.book);
    assert_eq!((report.best, report.score, report.nodes), (Some(expected.mv), expected.score, 0));
    let off: PlayerSpec = "alphabeta:nodes=2000,book=off".parse().expect("a spec");
    assert!(!off.book);
    let report = off.build::<Checkers>().choose(&start, &Context::default(), &mut |_| {});
    assert!(!report.book && report.nodes > 0);
    let level = PlayerSpec::level::<Checkers>(1).expect("level 1");
    assert!(level.build::<Checkers>().choose(&start, &Context::default(), &mut |_| {}).book);
}

#[test]
fn a_book_move_that_is_not_legal_is_passed_over() {
    // 22-18 is White's move, not legal at the start, where Black moves.
    let start = Checkers::start(&NoOptions);
    let mut white = start;
    white.play(white.parse_move("11-15").expect("legal")).expect("legal");
    let illegal = white.parse_move("22-18").expect("legal for White");
    let mut book = Book::<Checkers>::default();
    book.insert(Vec::new(), start, vec![BookMove { mv: illegal, score: Score::Eval(0) }]);
    assert!(book.moves(&start).is_some());
    assert_eq!(book.choice(&start), None);
    let searcher =
        PlayerSpec { book: false, ..PlayerSpec::new(Engine::AlphaBeta) }.build::<Checkers>();
    let mut player = Booked::new(Arc::new(book), searcher);
    player.set_limits(Limits::nodes(1000));
    let report = player.choose(&start, &Context::default(), &mut |_| {});
    assert!(!report.book);
    assert!(start.legal_moves().contains(&report.best.expect("a move")));
}

#[test]
fn a_malformed_book_is_refused_with_its_line() {
    let refused = |text: &str| Book::<Checkers>::parse(text).expect_err(text);
    assert!(matches!(refused("11-15 +0.04"), BookError::Syntax { line: 1, .. }));
    assert!(matches!(refused("# c\n: 11-15"), BookError::Syntax { line: 2, .. }));
    assert!(matches!(refused(": 11-15 +lots"), BookError::Syntax { line: 1, .. }));
    assert!(matches!(refused(": 11-15 +0.04;"), BookError::Syntax { line: 1, .. }));
    assert!(matches!(refused("11-18: 23-19 +0.01"), BookError::Move { line: 1, .. }));
    assert!(matches!(refused(": 22-18 +0.01"), BookError::Move { line: 1, .. }));
    assert!(matches!(
        refused(": 11-15 +0.1\n: 9-13 +0.1"),
        BookError::Repeated { line: 2, first: 1 }
    ));
    let message = refused("\n11-15 23-19: 8-11 +0.01; 1-2 +0.00").to_string();
    assert!(message.starts_with("line 2: move `1-2` cannot be played"), "{message}");
    let long = format!("{}: 11-15 +0.00", "11-15 ".repeat(201));
    assert!(matches!(refused(&long), BookError::Syntax { line: 1, .. }));
}

#[test]
fn a_book_built_by_search_answers_its_openings_and_reads_back() {
    let openings = three_move_openings();
    let openings: Vec<Vec<_>> =
        openings[..2].iter().map(|record| record.moves().collect()).collect();
    let settings = BookSettings { nodes: 200, plies: 2, width: 2, margin: 10, table_mib: 1 };
    let mut steps = 0;
    let built = book::build::<Checkers>(&openings, &settings, &mut |_| steps += 1);
    assert_eq!(steps, built.len());
    // The start and the two moves the openings share, their two ends, then at most two
    // positions after each end.
    assert!((5..=9).contains(&built.len()), "{}", built.len());
    let again = Book::<Checkers>::parse(&built.to_text("a test")).expect("it reads back");
    for opening in &openings {
        let mut position = Checkers::start(&NoOptions);
        for &mv in opening {
            assert!(again.choice(&position).is_some());
            position.play(mv).expect("legal");
        }
        assert!(again.moves(&position).is_some_and(|moves| (1..=2).contains(&moves.len())));
    }
    assert_eq!(
        book::build::<Checkers>(&openings, &settings, &mut |_| {}).to_text(""),
        built.to_text(""),
        "the same settings build the same book"
    );
}
