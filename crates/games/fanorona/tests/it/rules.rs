//! One test per rule of docs/rules.md §3, named after it, with the board drawn as in the seed's
//! picture (row 1 at the top, columns A–I; `w`, `b` pieces, `.` empty).

use crate::common::{board, moves};
use arbiter_core::{DrawReason, Game, GameRecord, NoOptions, Outcome, Side, Status, WinReason};
use arbiter_fanorona::Fanorona;

fn play(position: &mut Fanorona, text: &str) {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    position.play(mv).expect("legal");
}

#[test]
fn the_start_position_has_exactly_five_moves() {
    let start = Fanorona::start(&NoOptions);
    assert_eq!(
        start,
        board(
            'w',
            "b b b b b b b b b
             b b b b b b b b b
             b w b w . b w b w
             w w w w w w w w w
             w w w w w w w w w"
        )
    );
    assert_eq!(moves(&start), ["D3-E3A", "D3-E3W", "D4-E3A", "E4-E3A", "F4-E3A"]);
}

#[test]
fn the_seeds_first_example_f4_to_e3_is_north_west_and_captures_d2_and_c1() {
    let mut position = Fanorona::start(&NoOptions);
    play(&mut position, "F4 NW");
    assert_eq!(
        position,
        board(
            'b',
            "b b . b b b b b b
             b b b . b b b b b
             b w b w w b w b w
             w w w w w . w w w
             w w w w w w w w w"
        )
    );
}

#[test]
fn the_seeds_second_example_f3_west_captures_g3_by_withdrawal() {
    let mut position = board(
        'b',
        "b b b b b b b b b
         b b b b b b b b b
         b w b w . b w b w
         w w w w w w w w w
         w w w w w w w w w",
    );
    // The step could approach D3 too (the seed: "if approaching and withdrawing is possible
    // (example withdrawing) the player can choose"), so the seed's form needs the W here.
    assert!(position.parse_move("F3 W").is_err());
    play(&mut position, "F3 W W");
    // G3 goes; H3 is Black's own, so the line stops there.
    assert_eq!(position.to_text(), "bbbbbbbbb/bbbbbbbbb/bwbwb..bw/wwwwwwwww/wwwwwwwww w");
}

#[test]
fn approach_captures_the_enemy_line_beyond_the_destination() {
    let mut position = board(
        'w',
        ". . . . b . . . .
         . . . . b . . . .
         . . . . b . . . .
         . . . . . . . . .
         b . . . w . . . .",
    );
    assert_eq!(moves(&position), ["E5-E4A"]);
    play(&mut position, "E5-E4A");
    assert_eq!(position.to_text(), "........./........./........./....w..../b........ b");
}

#[test]
fn withdrawal_captures_the_enemy_line_behind_the_start() {
    let mut position = board(
        'w',
        "b . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . w . . . .
         . . . . b . . . .",
    );
    assert_eq!(moves(&position), ["E4-E3W"]);
    play(&mut position, "E4-E3W");
    assert_eq!(position.to_text(), "b......../........./....w..../........./......... b");
}

#[test]
fn a_capture_line_is_broken_by_an_empty_point() {
    let mut position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         . . w . b b . b b
         . . . . . . . . .
         . . . . . . . . .",
    );
    play(&mut position, "C3-D3A");
    // E3 and F3 go; G3 is empty, so H3 and I3 stay.
    assert_eq!(position.to_text(), "........./........./...w...bb/........./......... b");
}

#[test]
fn a_capture_line_is_broken_by_a_friendly_piece() {
    let mut position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         . . w . b b w b b
         . . . . . . . . .
         . . . . . . . . .",
    );
    play(&mut position, "C3-D3A");
    assert_eq!(position.to_text(), "........./........./...w..wbb/........./......... b");
}

#[test]
fn a_step_that_can_do_both_captures_one_of_them_by_the_players_choice() {
    let position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         b b w . b . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(moves(&position), ["C3-D3A", "C3-D3W"]);
    let mut approach = position;
    play(&mut approach, "C3-D3A");
    assert_eq!(approach.to_text(), "........./........./bb.w...../........./......... b");
    let mut withdrawal = position;
    play(&mut withdrawal, "C3-D3W");
    assert_eq!(withdrawal.to_text(), "........./........./...wb..../........./......... b");
}

#[test]
fn capturing_is_compulsory_at_the_start_of_every_turn_and_a_paika_is_forbidden_then() {
    let position = board(
        'w',
        ". . . . . . . . b
         . . . . . . . . .
         . . . . . . . . .
         . . . . w . . . .
         w . . . b . . . .",
    );
    // A5 could make a paika, but E4 can capture E5 by withdrawal.
    assert_eq!(moves(&position), ["E4-E3W"]);
}

#[test]
fn a_paika_is_one_step_to_an_adjacent_empty_point_when_no_capture_exists() {
    let position = board(
        'w',
        ". . . . . . . . b
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         w w . . . . . . .",
    );
    // A5 is a strong point (diagonals); B5 is not.
    assert_eq!(moves(&position), ["A5-A4", "A5-B4", "B5-B4", "B5-C5"]);
}

#[test]
fn a_chain_may_not_revisit_a_point_of_this_turn() {
    let position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         . b w . b . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    // After C3-D3A takes E3, stepping back to C3 would approach B3, but C3 was this piece's
    // start point.
    assert_eq!(moves(&position), ["C3-D3A", "C3-D3W"]);
}

#[test]
fn a_chain_may_not_repeat_the_direction_of_the_step_before() {
    let position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         . b w . . b . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    // C3-D3W takes B3; D3-E3 would approach F3 but goes east again.
    assert_eq!(moves(&position), ["C3-D3W"]);
}

#[test]
fn a_chain_may_be_stopped_after_any_capture() {
    let position = board(
        'w',
        ". . . b . . . . .
         . . . . . . . . .
         . b w . . b . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(moves(&position), ["C3-D3W", "C3-D3W,D3-D2A"]);
    let mut stopped = position;
    play(&mut stopped, "C3-D3W");
    assert_eq!(stopped.to_text(), "...b...../........./...w.b.../........./......... b");
}

#[test]
fn a_chain_continues_only_with_capturing_steps_of_the_same_piece() {
    let position = board(
        'w',
        ". . . b . . . . .
         . . . . . . . . .
         . b w . . b . . .
         . . . . . . . . .
         w . . . . . . . .",
    );
    // A5 can neither capture nor join the chain; D3 has no paika after its capture.
    assert_eq!(moves(&position), ["C3-D3W", "C3-D3W,D3-D2A"]);
}

#[test]
fn a_player_who_captures_every_enemy_piece_wins() {
    let mut position = board(
        'w',
        ". . . . . . . . .
         . . . . . . . . .
         . . . . b . . . .
         . . . . . . . . .
         . . . . w . . . .",
    );
    play(&mut position, "E5-E4A");
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoPieces })
    );
}

#[test]
fn a_player_to_move_with_no_legal_move_loses() {
    let position = board(
        'w',
        "w b b . . . . . .
         b b . . . . . . .
         b . b . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
    );
}

#[test]
fn draw_when_the_same_position_with_the_same_player_to_move_occurs_the_third_time() {
    let start = board(
        'w',
        ". . . . . . . . b
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         w . . . . . . . .",
    );
    let mut record = GameRecord::from_position(start, NoOptions);
    for mv in "A5-A4 I1-I2 A4-A5 I2-I1 A5-A4 I1-I2 A4-A5".split_whitespace() {
        record.play_text(mv).expect("legal");
    }
    assert_eq!(record.status(), Status::Ongoing);
    record.play_text("I2-I1").expect("legal");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Repetition }));
}

/// A sequence of `turns` paikas from `start` that never repeats a position and keeps each
/// side in its own corner (White in columns A–C, Black in G–I), where no capture can arise;
/// found by depth-first search.
fn quiet_walk(start: Fanorona, turns: usize) -> Vec<arbiter_fanorona::Move> {
    fn search(
        position: Fanorona,
        seen: &mut Vec<Fanorona>,
        walk: &mut Vec<arbiter_fanorona::Move>,
        turns: usize,
    ) -> bool {
        if walk.len() == turns {
            return true;
        }
        let in_corner = |column: u8, side: Side| match side {
            Side::White => column <= 2,
            Side::Black => column >= 6,
        };
        for mv in position.legal_moves() {
            if mv.is_capture() || !in_corner(mv.end().column(), position.side_to_move()) {
                continue;
            }
            let mut next = position;
            next.play_unchecked(mv);
            if seen.contains(&next) {
                continue;
            }
            seen.push(next);
            walk.push(mv);
            if search(next, seen, walk, turns) {
                return true;
            }
            walk.pop();
        }
        false
    }
    let mut walk = Vec::new();
    assert!(search(start, &mut vec![start], &mut walk, turns), "no quiet walk of {turns} turns");
    walk
}

#[test]
fn draw_after_100_consecutive_turns_without_a_capture() {
    let start = board(
        'w',
        ". . . . . . . b b
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         w w . . . . . . .",
    );
    let mut record = GameRecord::from_position(start, NoOptions);
    for (index, mv) in quiet_walk(start, 100).into_iter().enumerate() {
        record.play(mv).expect("legal");
        let expected = if index + 1 < 100 {
            Status::Ongoing
        } else {
            Status::Over(Outcome::Draw { reason: DrawReason::NoProgress })
        };
        assert_eq!(record.status(), expected, "turn {}", index + 1);
    }
}
