//! Moves in the three notations, and the position text (docs/rules.md §2, notation).

use crate::common::{board, CAPTURES};
use arbiter_core::{Game, MoveError};
use arbiter_holes::{Holes, Options};

#[test]
fn canonical_moves_are_b2_b3_and_captures_b2xc3() {
    let start = Holes::start(&Options::default());
    let texts: Vec<String> = start.legal_moves().iter().map(ToString::to_string).collect();
    assert!(texts.contains(&"a2-a3".to_owned()) && texts.contains(&"b2-c3".to_owned()));
    let capture = board(
        'w',
        ". . . . . .
         . . . . . .
         . . # b # .
         . # w # . .
         . . . . . .
         . . . . . .",
        CAPTURES,
    );
    let texts: Vec<String> = capture.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["c3-b4", "c3xd4"]);
}

#[test]
fn the_seeds_coordinates_and_the_gdl_form_are_accepted() {
    let start = Holes::start(&Options::default());
    // `b2xc3` is refused: an x marks a capture (see malformed_and_illegal_moves_are_explained).
    for text in ["b2-c3", "B2-C3", "(2,2)-(3,3)", "( 2, 2 )-( 3 ,3 )", "(move 2 2 3 3)"] {
        assert_eq!(
            start.parse_move(text).map(|mv| mv.to_string()),
            Ok("b2-c3".to_owned()),
            "{text}"
        );
    }
}

const SEED_FORM: &str =
    "the seed's form is (x,y)-(x,y), with one pair of parentheses round each cell";

#[test]
fn malformed_and_illegal_moves_are_explained() {
    let start = Holes::start(&Options::default());
    for (text, problem) in [
        ("", "it is empty"),
        ("b2", "a move names two cells joined by - or x"),
        ("b2-b9", "a cell is not on the board (files a-f or x 1-6, ranks 1-6)"),
        ("(move 2 2 3)", "a GDL move has four numbers"),
        ("(2,2)", SEED_FORM),
        ("(0,2)-(1,3)", "a cell is not on the board (files a-f or x 1-6, ranks 1-6)"),
        ("(2,2)-(3,3", SEED_FORM),
        ("((((2,2)-(3,3))))", SEED_FORM),
        ("(2,2)-((3,3)", SEED_FORM),
        ("(move 2 2 3 3))", "a GDL move is (move x1 y1 x2 y2), with one pair of parentheses"),
        ("(+2,2)-(3,3)", "a cell is not on the board (files a-f or x 1-6, ranks 1-6)"),
        ("a2-a3-a4", "a move in this game is one step: FROM-TO, two cells"),
        ("a2xa3", "an x marks a capture, but a2-a3 takes nothing"),
    ] {
        match start.parse_move(text) {
            Err(MoveError::Malformed { problem: found, expected, .. }) => {
                assert_eq!(found, problem, "for `{text}`");
                assert!(expected.contains("(move 2 2 2 3)"), "{expected}");
            }
            other => panic!("`{text}` gave {other:?}"),
        }
    }
    match start.parse_move("b2-b3") {
        Err(MoveError::Illegal { legal, .. }) => assert_eq!(legal.len(), 10),
        other => panic!("b2-b3 into the hole gave {other:?}"),
    }
}

#[test]
fn positions_round_trip_and_bad_ones_are_explained() {
    let start = Holes::start(&Options::default());
    assert_eq!(start.to_text(), "bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w");
    for (text, problem) in [
        ("bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww", "the side to move is missing after the rows"),
        ("bbbbbb/bbbbbb/..#.#./.#.#../wwwwww w", "there are 5 rows, not 6"),
        ("bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwww w", "row 1 has 5 cells, not 6"),
        ("bbbbbb/bbbbbb/......./.#.#../wwwwww/wwwwww w", "row 4 has 7 cells, not 6"),
        ("bbbbbb/bbbbbb/..#.../.#.#../wwwwww/wwwwww w", "e4 is a hole: write it #"),
        (
            "bbbbbb/bbbbbb/..#.##/.#.#../wwwwww/wwwwww w",
            "f4 is not a hole; the holes are b3 c4 d3 e4",
        ),
        ("bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwwq w", "`q` at f1 is not w, b, . or #"),
        ("bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww x", "the side to move `x` is neither w nor b"),
        (
            "w...../....../..#.#./.#.#../....../.....b w",
            "White is to move but already stands on its goal row, so it won a move ago",
        ),
        (
            "bbbbbb/bb bbbb/..#.#./.#.#../wwwwww/wwwwww w",
            "white space inside the position, after `bbbbbb/bb`; write it without spaces",
        ),
        (
            "....../....../..#.#./.#.#../wwwwww/wwwwww w",
            "Black has no pieces, so the game ended before White's turn",
        ),
        (
            "....../b...../w.#.#./.#.#../wwwwww/wwwwww w",
            "White has 13 pieces, more than the 12 a side starts with",
        ),
    ] {
        let error = Holes::from_text(text, &Options::default()).expect_err(text);
        assert_eq!(error.problem, problem, "for `{text}`");
    }
}
