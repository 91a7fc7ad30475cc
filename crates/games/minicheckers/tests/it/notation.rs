//! Algebraic moves and the position text form (docs/rules.md §1, notation).

use arbiter_core::{Game, MoveError};
use arbiter_minicheckers::{Minicheckers, Options};

fn position(text: &str) -> Minicheckers {
    Minicheckers::from_text(text, &Options::default()).expect("valid")
}

#[test]
fn canonical_notation_is_b2_c3_and_captures_list_every_landing_square() {
    let start = Minicheckers::start(&Options::default());
    assert_eq!(start.parse_move("B2-C3").map(|mv| mv.to_string()), Ok("b2-c3".to_owned()));
    let chain = position("W:Wc1:Bb2,b4");
    assert_eq!(chain.parse_move("c1xa3xc5").map(|mv| mv.to_string()), Ok("c1xa3xc5".to_owned()));
    assert_eq!(chain.parse_move("c1xc5").map(|mv| mv.to_string()), Ok("c1xa3xc5".to_owned()));
}

#[test]
fn an_ambiguous_short_capture_lists_the_moves_it_could_mean() {
    let two_ways = position("W:Wc1:Bb2,d2,b4,d4");
    assert_eq!(
        two_ways.parse_move("c1xc5"),
        Err(MoveError::Ambiguous {
            text: "c1xc5".to_owned(),
            candidates: vec!["c1xa3xc5".to_owned(), "c1xe3xc5".to_owned()],
        })
    );
}

#[test]
fn malformed_moves_say_what_is_wrong_and_what_is_expected() {
    let start = Minicheckers::start(&Options::default());
    for (text, problem) in [
        ("", "it is empty"),
        ("b2", "a move names at least two squares joined by - or x"),
        ("b2-c9", "`c9` is not a square a1-f6"),
        ("11-15", "`11` is not a square a1-f6"),
        ("b2xc3", "an x marks a capture, but b2-c3 is a step"),
        ("b2-c+3", "`c+3` is not a square a1-f6"),
    ] {
        match start.parse_move(text) {
            Err(MoveError::Malformed { problem: found, expected, .. }) => {
                assert_eq!(found, problem, "for `{text}`");
                assert!(expected.contains("b2-c3"), "{expected}");
            }
            other => panic!("`{text}` gave {other:?}"),
        }
    }
    assert!(matches!(start.parse_move("b2-b3"), Err(MoveError::Illegal { .. })));
}

#[test]
fn positions_round_trip_through_their_text() {
    let start = Minicheckers::start(&Options::default());
    assert_eq!(start.to_text(), "W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6");
    assert_eq!(position(" w:bB6,a5:Wa1 "), position("W:Wa1:Ba5,b6"));
}

#[test]
fn malformed_positions_say_what_is_wrong() {
    for (text, problem) in [
        ("W:Wa2:Bb6", "a2 is a light square; pieces stand on dark ones"),
        ("W:Wa1,a1:Bb6", "square a1 holds two pieces"),
        ("W:Wg1:Bb6", "`g1` is not a square a1-f6"),
        ("W:Wb6:Ba5", "White is to move but already stands on its goal row, so it won a move ago"),
        ("W:Wa1", "both colours must be listed, W and B, even with no pieces"),
        ("W:Wa 1:Bb6", "white space inside the position, after `W:Wa`; write it without spaces"),
        ("W:Wa1:B", "Black has no pieces, so the game ended before White's turn"),
        ("W:Wa1,c1,e1,b2,d2,f2,a3:Bb6", "White has 7 pieces, more than the 6 a side starts with"),
    ] {
        let error = Minicheckers::from_text(text, &Options::default()).expect_err(text);
        assert_eq!(error.problem, problem, "for `{text}`");
    }
}
