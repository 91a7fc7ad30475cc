//! One test per rule of docs/rules.md §5, named after it, with the board drawn unrolled: a row
//! per ring (the outermost first), a column per sector a–l; `W`, `B` pieces, `N` neutral, `.`
//! empty.

use crate::common::{board, moves, own_moves};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{DrawReason, Game, GameRecord, Outcome, Side, Status, WinReason};
use arbiter_daynight::board::fields;
use arbiter_daynight::{DayNight, Options};

fn play(position: &mut DayNight, text: &str) {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    position.play(mv).expect("legal");
}

#[test]
fn the_start_has_six_pieces_each_on_their_colour_with_the_day_over_a_to_f() {
    let start = DayNight::start(&Options::default());
    assert_eq!(
        start,
        board(
            'W',
            'a',
            ". W . . . . B . B . . .
             W . W . . . . B . . . .
             . W . . . . B . B . . .
             W . W . . . . B . . . ."
        )
    );
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(
        moves(&start),
        [
            "a1-j4", "a1-k3", "a1-l2", "a3-k1", "a3-l2", "a3-l4", "c1-d2", "c1-e3", "c1-f4",
            "c3-d2", "c3-d4", "c3-e1"
        ]
    );
}

#[test]
fn a_slide_stops_before_a_piece_and_at_each_edge() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . N . . . . . . .
         . . . . . . . . . . . .
         . . W . . . . B . . . .",
    );
    // Out and clockwise c1 stops at d2, before the neutral piece on e3; out and
    // anticlockwise it goes b2, a3, l4 and stops at the outer edge; inwards is the inner edge.
    assert_eq!(own_moves(&position), ["c1-a3", "c1-b2", "c1-d2", "c1-l4"]);
}

#[test]
fn a_slide_wraps_around_from_l_to_a() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . W
         . . . . . B . . . . . .",
    );
    assert_eq!(own_moves(&position), ["l2-a1", "l2-a3", "l2-b4", "l2-j4", "l2-k1", "l2-k3"]);
}

#[test]
fn a_slide_reaching_a_field_both_ways_round_is_one_move() {
    // With eight rings the two outward diagonals from a1 meet again on g7.
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         W . . . . . . B . . . .",
    );
    let own = own_moves(&position);
    assert_eq!(own.iter().filter(|mv| *mv == "a1-g7").count(), 1, "{own:?}");
}

#[test]
fn pieces_keep_the_colour_of_their_fields() {
    random_playouts::<DayNight>(&Options::default(), 100, 100, 7, |position, _| {
        for field in fields(position.pieces(Side::White)) {
            assert!(field.is_white(), "white piece on {field} in {}", position.to_text());
        }
        for field in fields(position.pieces(Side::Black)) {
            assert!(!field.is_white(), "black piece on {field} in {}", position.to_text());
        }
    });
}

#[test]
fn a_capture_jumps_around_the_ring_onto_the_field_behind() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . W B . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .",
    );
    assert_eq!(own_moves(&position), ["c3xe3"]);
}

#[test]
fn a_capture_jumps_along_a_radius_onto_the_field_behind() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . B . . . . . . . . .
         . . W . . . . . . . . .",
    );
    assert_eq!(own_moves(&position), ["c1xc3"]);
}

#[test]
fn a_capture_goes_across_l_and_a_both_ways() {
    let drawing = ". . . . . . . . . . . .
                   . . . . . . . . . . . .
                   . . . . . . . . . . . .
                   W . . . . . . . . . . B";
    assert_eq!(own_moves(&board('W', 'a', drawing)), ["a1xk1"]);
    let drawing = ". . . . . . . . . . . .
                   . . . . . . . . . . . .
                   . . . . . . . . . . . .
                   . . . . . . . . . . W B";
    // With the day over h-l and a, k is in the day.
    assert_eq!(own_moves(&board('W', 'h', drawing)), ["k1xa1"]);
}

#[test]
fn no_capture_from_the_enemys_zone_and_only_the_capturers_zone_matters() {
    // g is in the night: the white piece on g1 may not capture h1.
    let night = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . W B . . . .",
    );
    assert!(own_moves(&night).iter().all(|mv| !mv.contains('x')), "{:?}", own_moves(&night));
    // f is in the day: f2 captures g2 although g2 stands in the night.
    let day = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . W B . . . . .
         . . . . . . . . . . . .",
    );
    assert_eq!(own_moves(&day), ["f2xh2"]);
    // Black captures from the night only.
    let black = board(
        'B',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . W B . . . . .
         . . . . . . . . . . . .",
    );
    assert_eq!(own_moves(&black), ["g2xe2"]);
}

#[test]
fn capturing_is_compulsory() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         W . . . . . . . . . . .
         . . B . . . . . . . . .
         . . W . . . . . . . . .",
    );
    // a3 could slide, but c1 can capture c2.
    assert_eq!(own_moves(&position), ["c1xc3"]);
}

#[test]
fn one_capture_per_move_never_a_chain() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . W B . B . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .",
    );
    assert_eq!(own_moves(&position), ["c3xe3"]);
    assert!(position.parse_move("c3xe3xg3").is_err());
}

#[test]
fn the_captured_piece_stays_as_a_neutral_piece_that_blocks_and_cannot_be_jumped() {
    let mut position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . W B . . . . . . . .
         . . . . . . . . . . . .
         . B . . . . . . . . . .",
    );
    play(&mut position, "c3xe3");
    assert_eq!(position.to_text(), "B:We3:Bb1:Nd3:Da");
    // Black's b1 slides out and clockwise to c2 and stops before the neutral piece on d3.
    let own = own_moves(&position);
    assert!(own.contains(&"b1-c2".to_owned()) && !own.contains(&"b1-e4".to_owned()), "{own:?}");
    // White's e3 stands next to the neutral piece in the day, but may not jump it.
    let mut after = position;
    play(&mut after, "b1-a2");
    assert!(own_moves(&after).iter().all(|mv| !mv.contains('x')), "{:?}", own_moves(&after));
}

#[test]
fn either_player_may_also_slide_one_neutral_piece_or_not_and_it_never_captures() {
    let position = board(
        'B',
        'a',
        ". . . . . . . . . . . .
         . . . N W . . . . . . .
         . . . . . . . . . . . .
         . B . . . . . . . . . .",
    );
    let all = moves(&position);
    // Every own move alone, and with each slide of the neutral piece.
    assert!(all.contains(&"b1-a2".to_owned()));
    assert!(all.contains(&"b1-a2/d3-c4".to_owned()) && all.contains(&"b1-a2/d3-e2".to_owned()));
    // The neutral piece stands next to White's e3 but never captures: only slides follow `/`.
    for mv in all.iter().filter_map(|mv| mv.split_once('/')) {
        assert!(mv.1.contains('-') && !mv.1.contains('x'), "{mv:?}");
    }
    for own in own_moves(&position) {
        assert!(all.contains(&own), "{own} alone, without a neutral slide");
    }
}

#[test]
fn the_dial_turns_one_sector_clockwise_after_blacks_turn_and_not_after_whites() {
    let mut position = DayNight::start(&Options::default());
    play(&mut position, "a1-l2");
    assert_eq!(position.dial(), 0, "still a-f after White's turn");
    play(&mut position, "g2-f3");
    assert_eq!(position.dial(), 1, "b-g after the round");
    assert!(position.to_text().ends_with(":Db"));
}

#[test]
fn a_player_who_cannot_move_loses() {
    let position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . N . . . . . . . . . N
         W . . . . . . B . . . .",
    );
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
    );
}

#[test]
fn a_player_whose_last_piece_is_captured_loses() {
    let mut position = board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . B . . . . . . . . .
         . . W . . . . . . . . .",
    );
    play(&mut position, "c1xc3");
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoPieces })
    );
}

fn far_apart() -> DayNight {
    board(
        'W',
        'a',
        ". . . . . . . . . . . .
         . . . . . . . . . . . .
         . . . . . . . . . . . .
         W . . . . . . B . . . .",
    )
}

#[test]
fn draw_when_the_same_position_dial_included_occurs_the_third_time() {
    let mut record = GameRecord::from_position(far_apart(), Options::default());
    // The pieces come back every two rounds, the dial every twelve: the start position
    // recurs after 24 turns and for the third time after 48.
    for turn in 1..=48 {
        let mv = if turn % 4 == 1 {
            "a1-b2"
        } else if turn % 4 == 2 {
            "h1-i2"
        } else if turn % 4 == 3 {
            "b2-a1"
        } else {
            "i2-h1"
        };
        record.play_text(mv).expect("legal");
        let expected = if turn < 48 {
            Status::Ongoing
        } else {
            Status::Over(Outcome::Draw { reason: DrawReason::Repetition })
        };
        assert_eq!(record.status(), expected, "turn {turn}");
    }
}

#[test]
fn draw_after_100_turns_without_a_capture() {
    let mut record = GameRecord::from_position(far_apart(), Options::default());
    // White goes round a cycle of five slides, Black of two, the dial of twelve rounds: no
    // position recurs within 120 turns.
    let white = ["a1-c3", "c3-b4", "b4-a3", "a3-b2", "b2-a1"];
    let black = ["h1-i2", "i2-h1"];
    for turn in 0..100 {
        let mv = if turn % 2 == 0 { white[turn / 2 % 5] } else { black[turn / 2 % 2] };
        record.play_text(mv).unwrap_or_else(|e| panic!("turn {}: {e}", turn + 1));
        let expected = if turn < 99 {
            Status::Ongoing
        } else {
            Status::Over(Outcome::Draw { reason: DrawReason::NoProgress })
        };
        assert_eq!(record.status(), expected, "turn {}", turn + 1);
    }
}
