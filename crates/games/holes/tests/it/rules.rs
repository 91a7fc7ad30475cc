//! One test per rule of docs/rules.md §2, named after it, with the board drawn (row 6 at the top;
//! `w`, `b` pieces, `.` empty, `#` holes). `SEED` is the default rule set, `CAPTURES` the
//! original GGP rules (`captures=diagonal`).

use crate::common::{board, moves, CAPTURES, SEED};
use arbiter_core::{Game, GameOptions, Outcome, Side, Status, WinReason};
use arbiter_holes::{goal_value, Holes, Options};

fn play(position: &mut Holes, text: &str) {
    let mv = position.parse_move(text).expect("legal");
    position.play(mv).expect("legal");
}

#[test]
fn the_start_has_twelve_pieces_a_side_and_white_moves_first() {
    let start = Holes::start(&Options::default());
    let drawn = board(
        'w',
        "b b b b b b
         b b b b b b
         . . # . # .
         . # . # . .
         w w w w w w
         w w w w w w",
        SEED,
    );
    assert_eq!(start, drawn);
    assert_eq!(
        moves(&start),
        ["a2-a3", "b2-a3", "b2-c3", "c2-c3", "d2-c3", "d2-e3", "e2-e3", "e2-f3", "f2-e3", "f2-f3"]
    );
}

#[test]
fn a_piece_moves_one_row_forward_straight_or_diagonally() {
    let drawing = ". . . . . .
                   . . . . . .
                   . . # . # b
                   . # . # . .
                   . . . . . .
                   w . . . . .";
    assert_eq!(moves(&board('w', drawing, SEED)), ["a1-a2", "a1-b2"]);
    assert_eq!(moves(&board('b', drawing, SEED)), ["f4-e3", "f4-f3"]);
}

#[test]
fn no_piece_ever_enters_a_hole() {
    let position = board(
        'w',
        ". . . . . .
         b . . . . .
         . . # . # .
         . # w # . .
         . . . . . .
         . . . . . .",
        SEED,
    );
    // c3 may not go straight to the hole c4; b4 and d4 are free.
    assert_eq!(moves(&position), ["c3-b4", "c3-d4"]);
}

#[test]
fn a_piece_is_blocked_by_a_friendly_piece() {
    let position = board(
        'w',
        ". . . . . b
         . . . . . .
         . w # . # .
         . # . # . .
         . . . . . .
         . . . . . .",
        SEED,
    );
    // While a5, b5 and c5 are free, b4 may go to any of them.
    assert_eq!(moves(&position), ["b4-a5", "b4-b5", "b4-c5"]);
    let blocked = board(
        'w',
        ". . . . . b
         w w w . . .
         . w # . # .
         . # . # . .
         . . . . . .
         . . . . . .",
        SEED,
    );
    // b4 has its own pieces on a5, b5 and c5: it cannot move.
    assert!(moves(&blocked).iter().all(|mv| !mv.starts_with("b4")), "{:?}", moves(&blocked));
}

#[test]
fn without_captures_a_piece_is_blocked_by_an_enemy_piece() {
    let position = board(
        'w',
        ". . . . . .
         b b b . . .
         . w # . # .
         . # . # . .
         . . . . . .
         . . . . . .",
        SEED,
    );
    assert!(moves(&position).is_empty());
}

#[test]
fn the_player_to_move_with_no_legal_move_loses() {
    let position = board(
        'w',
        ". . . . . .
         b b b . . .
         . w # . # .
         . # . # . .
         . . . . . .
         . . . . . .",
        SEED,
    );
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
    );
}

#[test]
fn with_captures_a_straight_step_may_not_capture_and_a_diagonal_one_may() {
    let mut position = board(
        'w',
        ". . . . . .
         b b b . . .
         . w # . # .
         . # . # . .
         . . . . . .
         . . . . . .",
        CAPTURES,
    );
    assert_eq!(moves(&position), ["b4xa5", "b4xc5"]);
    play(&mut position, "b4xc5");
    assert_eq!(
        position,
        board(
            'b',
            ". . . . . .
             b b w . . .
             . . # . # .
             . # . # . .
             . . . . . .
             . . . . . .",
            CAPTURES,
        )
    );
}

#[test]
fn reaching_the_far_row_wins() {
    for options in [SEED, CAPTURES] {
        let mut position = board(
            'w',
            ". . . . . .
             . . . . w .
             . . # . # .
             . # . # . .
             . b . . . .
             . . . . . .",
            options,
        );
        play(&mut position, "e5-e6");
        assert_eq!(
            position.status(),
            Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::GoalReached })
        );
        assert!(position.legal_moves().is_empty());
    }
    let mut position = board(
        'b',
        ". . . . . .
         . . . . . .
         . . # . # .
         . # . # . .
         . b . . . .
         w . . . . w",
        CAPTURES,
    );
    play(&mut position, "b2xa1");
    assert_eq!(position.status().outcome().and_then(Outcome::winner), Some(Side::Black));
}

#[test]
fn the_winner_scores_100_and_the_loser_0() {
    let mut position = board(
        'w',
        ". . . . . .
         . . . . w .
         . . # . # .
         . # . # . .
         . b . . . .
         . . . . . .",
        SEED,
    );
    assert_eq!(goal_value(position.status(), Side::White), None, "the game goes on");
    play(&mut position, "e5-f6");
    assert_eq!(goal_value(position.status(), Side::White), Some(100));
    assert_eq!(goal_value(position.status(), Side::Black), Some(0));
}

#[test]
fn with_captures_a_player_whose_last_piece_is_taken_loses() {
    let mut position = board(
        'w',
        ". . . . . .
         . . . . . .
         . . # b # .
         . # w # . .
         . . . . . .
         . . . . . .",
        CAPTURES,
    );
    play(&mut position, "c3xd4");
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoPieces })
    );
}

#[test]
fn the_rule_sets_are_chosen_by_the_captures_option() {
    assert_eq!(Options::parse(""), Ok(Options { diagonal_captures: false }));
    assert_eq!(Options::parse("captures=diagonal"), Ok(Options { diagonal_captures: true }));
    assert!(Options::parse("captures=all").is_err());
}
