//! Moves, the position text with neutral pieces and the dial, and the drawing (docs/rules.md §5).

use crate::common::board;
use arbiter_core::present::Present;
use arbiter_core::{Game, GameOptions, MoveError};
use arbiter_daynight::{DayNight, Options};

#[test]
fn slides_captures_and_neutral_slides_are_written_a3_c1_c3xe3_and_after_a_slash() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . W B . . . N . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . B",
    );
    let texts: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    assert_eq!(texts[0], "c3xe3");
    assert!(texts.contains(&"c3xe3/h3-j1".to_owned()), "{texts:?}");
    for text in ["c3xe3/h3-j1", "C3-E3 / H3-J1", "c3xe3/h3xj1"] {
        assert_eq!(
            position.parse_move(text).map(|mv| mv.to_string()),
            Ok("c3xe3/h3-j1".to_owned()),
            "{text}"
        );
    }
}

#[test]
fn malformed_moves_say_what_is_wrong_and_what_is_expected() {
    let start = DayNight::start(&Options::default());
    for (text, problem) in [
        ("", "it is empty"),
        ("a1", "`a1` is not two fields joined by - or x"),
        ("a1-m2", "`m2` is not a field a1-l8"),
        ("a1-l2/", "`` is not two fields joined by - or x"),
    ] {
        match start.parse_move(text) {
            Err(MoveError::Malformed { problem: found, expected, .. }) => {
                assert_eq!(found, problem, "for `{text}`");
                assert!(expected.contains("c3xe3/h3-j1"), "{expected}");
            }
            other => panic!("`{text}` gave {other:?}"),
        }
    }
    assert!(matches!(start.parse_move("a1-b2"), Err(MoveError::Illegal { .. })));
}

#[test]
fn the_position_text_holds_the_neutral_pieces_the_dial_and_the_side_to_move() {
    let start = DayNight::start(&Options::default());
    assert_eq!(start.to_text(), "W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da");
    let text = "B:Wc1:Bh1:Nd3,e5:Dk";
    let wide = Options::parse("rings=5").expect("valid");
    assert_eq!(
        DayNight::from_text(" b:Dk:Ne5,d3:Wc1:Bh1 ", &wide).map(|p| p.to_text()),
        Ok(text.to_owned())
    );
    for (text, problem) in [
        ("X:Wa1:Bh1:N:Da", "the side to move `X` is neither W nor B"),
        ("W:Wa1:Bh1:N", "the dial D (the first sector of the day) is missing"),
        ("W:Wa1:Bh1:Da", "the lists W, B and N must all be given, even when empty"),
        ("W:Wa1:Bh1:N:Dm", "the dial `Dm` does not name a sector a-l"),
        ("W:Wa5:Bh1:N:Da", "`a5` is not a field of this board (a-l, rings 1-4)"),
        ("W:Wb1:Bh1:N:Da", "the white piece on b1 stands on a field of the other colour"),
        ("W:Wa1:Ba1:N:Da", "a1 holds two pieces"),
        ("W:Wa1:Bh1:N:Q1", "the field `Q1` does not start with W, B, N or D"),
        (
            "W:Wa1:B h1:N:Da",
            "white space inside the position, after `W:Wa1:B`; write it without spaces",
        ),
        ("W:Wa1:B:Nh1:Da", "Black has no pieces, so the game ended before White's turn"),
        (
            "W:Wa1,a3,b2,b4,c1,c3,d2:Bh1:N:Da",
            "White has 7 pieces, more than the 6 a side starts with",
        ),
        (
            "W:Wa1:Bh1:Na2,b1,b3,c2,c4,d1,d3,e2,e4,f1,f3:Da",
            "more than the 12 pieces the game starts with (captured pieces turn neutral)",
        ),
    ] {
        let error = DayNight::from_text(text, &Options::default()).expect_err(text);
        assert_eq!(error.problem, problem, "for `{text}`");
    }
}

#[test]
fn the_drawing_shows_rings_as_rows_sectors_as_columns_day_night_and_field_colours() {
    let diagram = DayNight::start(&Options::default()).diagram();
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(
        lines[0],
        "          a     b     c     d     e     f     g     h     i     j     k     l   "
    );
    assert_eq!(
        lines[1],
        "         day   day   day   day   day   day  night night night night night night "
    );
    assert_eq!(
        lines[2],
        "ring 4   ( )   [W]   ( )   [ ]   ( )   [ ]   (B)   [ ]   (B)   [ ]   ( )   [ ]  "
    );
    assert_eq!(
        lines[5],
        "ring 1   [W]   ( )   [W]   ( )   [ ]   ( )   [ ]   (B)   [ ]   ( )   [ ]   ( )  "
    );
    assert!(diagram.contains("[ ] white field  ( ) black field"));
}
