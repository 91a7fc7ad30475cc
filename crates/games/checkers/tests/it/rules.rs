//! One test per rule of docs/rules.md §4, each named after the rule, with the board drawn.
//! Boards: Black's side (squares 1–4) at the top, `.` light, `-` empty dark square,
//! `b`/`w` men, `B`/`W` kings.

use crate::common::{board, king_loop, moves};
use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions, Outcome, Side, Status, WinReason};

#[test]
fn start_has_black_on_1_to_12_white_on_21_to_32_and_black_moves_first() {
    let start = Checkers::start(&NoOptions);
    assert_eq!(
        start,
        board(
            'B',
            ". b . b . b . b
             b . b . b . b .
             . b . b . b . b
             - . - . - . - .
             . - . - . - . -
             w . w . w . w .
             . w . w . w . w
             w . w . w . w ."
        )
    );
    assert_eq!(start.side_to_move(), Side::Black);
    assert_eq!(moves(&start), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
}

#[test]
fn men_move_one_square_diagonally_forward() {
    let drawing = ". - . - . - . -
                   - . - . - . - .
                   . - . - . b . -
                   - . - . - . - .
                   . - . - . - . -
                   - . w . - . - .
                   . - . - . - . -
                   - . - . - . - .";
    assert_eq!(moves(&board('W', drawing)), ["22-17", "22-18"]);
    assert_eq!(moves(&board('B', drawing)), ["11-15", "11-16"]);
}

#[test]
fn kings_move_one_square_diagonally_in_any_direction_and_do_not_fly() {
    let position = board(
        'W',
        ". b . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . W . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .",
    );
    assert_eq!(moves(&position), ["18-14", "18-15", "18-22", "18-23"]);
}

#[test]
fn jumping_is_compulsory() {
    let position = board(
        'W',
        ". b . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . b . - . -
         - . w . - . - .
         . - . - . - . -
         - . w . - . - .",
    );
    // The man on 30 could step, but 22 can jump 18, so the jump is the only move.
    assert_eq!(moves(&position), ["22x15"]);
}

#[test]
fn men_jump_forward_only_and_kings_in_all_four_directions() {
    let drawing = |piece: char| {
        format!(
            ". b . - . - . -
             - . - . - . - .
             . - . - . - . -
             - . - . - . - .
             . - . {piece} . - . -
             - . b . - . - .
             . - . - . - . -
             - . - . - . - ."
        )
    };
    // A man on 18 cannot jump the black man behind it on 22.
    assert_eq!(moves(&board('W', &drawing('w'))), ["18-14", "18-15"]);
    // A king can.
    assert_eq!(moves(&board('W', &drawing('W'))), ["18x25"]);
}

#[test]
fn a_jumping_piece_must_go_on_jumping_and_the_player_chooses_among_sequences() {
    let position = board(
        'B',
        ". - . - . - . -
         - . b . - . - .
         . w . w . - . -
         - . - . - . - .
         . - . - . w . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . w .",
    );
    // 6x13 takes one piece and 6x15x24 two: both are legal (no rule to take the most), but
    // stopping at 15 while 19 can still be jumped is not.
    assert_eq!(moves(&position), ["6x13", "6x15x24"]);
    assert!(position.parse_move("6x15").is_err());
}

#[test]
fn a_man_reaching_the_far_row_is_crowned_and_the_move_ends_there() {
    let mut position = board(
        'B',
        ". - . b . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . b . - . - .
         . - . w . w . -
         - . - . - . - .",
    );
    // As a king on 31 it could jump 27 on to 24, but crowning ends the move.
    assert_eq!(moves(&position), ["22x31"]);
    position.play(position.parse_move("22x31").expect("legal")).expect("legal");
    assert_eq!(
        position,
        board(
            'W',
            ". - . b . - . -
             - . - . - . - .
             . - . - . - . -
             - . - . - . - .
             . - . - . - . -
             - . - . - . - .
             . - . - . w . -
             - . - . B . - ."
        )
    );
}

#[test]
fn jumped_pieces_leave_when_the_move_ends_and_are_never_jumped_twice() {
    let mut position = king_loop();
    // The king goes round the four men and back to 10, its own square, which it left. It may
    // not jump 14 a second time. The two directions are two different moves.
    assert_eq!(moves(&position), ["10x17x26x19x10", "10x19x26x17x10"]);
    position.play(position.parse_move("10x17x26x19x10").expect("legal")).expect("legal");
    assert_eq!(position.to_text(), "B:WK10:B");
}

#[test]
fn a_player_with_no_piece_on_his_turn_loses() {
    let position = board(
        'B',
        ". - . - . - . -
         - . - . - . - .
         . - . W . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .",
    );
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoPieces })
    );
}

#[test]
fn a_player_with_no_legal_move_on_his_turn_loses() {
    let position = board(
        'W',
        ". b . - . - . -
         w . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .
         . - . - . - . -
         - . - . - . - .",
    );
    // The white man on 5 can only go to 1, which is taken, and cannot jump off the board.
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
    );
}
