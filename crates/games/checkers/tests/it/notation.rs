//! PDN moves and PDN FEN positions (docs/rules.md §4, notation).

use crate::common::king_loop;
use arbiter_checkers::Checkers;
use arbiter_core::{Game, MoveError, NoOptions};

fn position(fen: &str) -> Checkers {
    Checkers::from_text(fen, &NoOptions).expect("valid FEN")
}

#[test]
fn canonical_notation_is_from_dash_to_and_jumps_list_every_landing_square() {
    let start = Checkers::start(&NoOptions);
    assert_eq!(start.parse_move("11-15").map(|mv| mv.to_string()), Ok("11-15".to_owned()));
    let jumps = position("B:W9,10,19:B6");
    let texts: Vec<String> = jumps.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["6x13", "6x15x24"]);
}

#[test]
fn the_short_form_of_a_jump_is_accepted_where_unambiguous() {
    let jumps = position("B:W9,10,19:B6");
    assert_eq!(jumps.parse_move("6x24").map(|mv| mv.to_string()), Ok("6x15x24".to_owned()));
    // Some landing squares may be given too, and `-` is accepted in place of `x`.
    assert_eq!(jumps.parse_move("6-15-24").map(|mv| mv.to_string()), Ok("6x15x24".to_owned()));
}

#[test]
fn an_ambiguous_short_form_is_rejected_with_the_full_moves_it_could_mean() {
    let loop_position = king_loop();
    let error = loop_position.parse_move("10x10").expect_err("ambiguous");
    assert_eq!(
        error,
        MoveError::Ambiguous {
            text: "10x10".to_owned(),
            candidates: vec!["10x17x26x19x10".to_owned(), "10x19x26x17x10".to_owned()],
        }
    );
    assert_eq!(
        error.to_string(),
        "`10x10` is ambiguous: it could be 10x17x26x19x10 or 10x19x26x17x10; give the full move"
    );
    assert!(loop_position.parse_move("10x17x10").is_err(), "17 and 10 alone name no path");
    assert!(loop_position.parse_move("10x26x10").is_err(), "still two paths through 26");
}

#[test]
fn malformed_moves_say_what_is_wrong_and_what_is_expected() {
    let start = Checkers::start(&NoOptions);
    for (text, problem) in [
        ("", "it is empty"),
        ("11", "a move names between 2 and 13 squares joined by - or x"),
        ("11-", "a square is missing"),
        ("11-40", "there is no square 40"),
        ("e3-f4", "`e3` is not a square number"),
    ] {
        match start.parse_move(text) {
            Err(MoveError::Malformed { problem: found, expected, .. }) => {
                assert_eq!(found, problem, "for `{text}`");
                assert!(expected.contains("11-15"), "for `{text}`: {expected}");
            }
            other => panic!("`{text}` gave {other:?}"),
        }
    }
    let illegal = start.parse_move("11-16x").expect_err("malformed");
    assert!(matches!(illegal, MoveError::Malformed { .. }));
    match start.parse_move("21-17") {
        Err(MoveError::Illegal { legal, .. }) => assert_eq!(legal.len(), 7),
        other => panic!("21-17 gave {other:?}"),
    }
}

#[test]
fn pdn_fen_round_trips_in_canonical_order() {
    let example = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";
    assert_eq!(position(example).to_text(), example);
    // Colours in either order, ranges, lower case, spaces around and a final full stop are
    // accepted.
    assert_eq!(
        position("b:B1-12:W21-32.").to_text(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(position("  B:WK10:B \n").to_text(), "B:WK10:B");
    assert_eq!(position("B:W21-32:B1-12"), Checkers::start(&NoOptions));
}

#[test]
fn malformed_positions_say_what_is_wrong_and_what_is_expected() {
    for (text, problem) in [
        ("X:W1:B2", "the side to move `X` is neither B nor W"),
        ("B:W33:B1", "there is no square 33"),
        ("B:W5,5:B1", "square 5 holds two pieces"),
        ("B:W5:B5", "square 5 holds two pieces"),
        ("B:W5:W6", "White's pieces are listed twice"),
        ("B:W5", "both colours must be listed, W and B, even with no pieces"),
        ("B:W5:X6", "the colour field `X6` does not start with W or B"),
        ("B:W9-5:B1", "the range 9-5 runs backwards"),
        ("B:W2:B10", "the man on square 2 stands on its crowning row; write it as a king, K2"),
        ("", "the side to move `` is neither B nor W"),
        ("W:W1 8:B2", "white space inside the position, after `W:W1`; write it without spaces"),
        ("B: W K10 : B", "white space inside the position, after `B:`; write it without spaces"),
        ("W:W+5:B1", "`+5` is not a square number"),
        ("W:W5-28:B", "White has 24 pieces, more than the 12 a side starts with"),
        ("W:W5:B", "Black has no pieces, so the game ended before White's turn"),
    ] {
        let error = Checkers::from_text(text, &NoOptions).expect_err(text);
        assert_eq!(error.problem, problem, "for `{text}`");
        assert!(error.to_string().contains("PDN FEN"), "{error}");
    }
}

#[test]
fn an_x_marks_a_jump_so_it_does_not_name_a_step() {
    let start = Checkers::start(&NoOptions);
    match start.parse_move("11x15") {
        Err(MoveError::Malformed { problem, .. }) => {
            assert_eq!(problem, "an x marks a jump, but 11-15 is a step");
        }
        other => panic!("11x15 gave {other:?}"),
    }
    assert!(matches!(start.parse_move("+11-15"), Err(MoveError::Malformed { .. })));
    // A dash in a jump stays accepted, as in the seed.
    let jumps = position("B:W9,10,19:B6");
    assert_eq!(jumps.parse_move("6-13").map(|mv| mv.to_string()), Ok("6x13".to_owned()));
}
