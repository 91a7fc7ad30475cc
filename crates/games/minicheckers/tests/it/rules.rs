//! One test per rule of docs/rules.md §1, named after it, with the board drawn as in the seed
//! (rank 6 at the top; `w`, `b` pieces, `.` empty). The seed's three movement pictures — the
//! double hit, the forced hit and the blocked pieces — are among them.

use crate::common::{board, moves};
use arbiter_core::testkit::random_playouts;
use arbiter_core::{Game, GameOptions, Outcome, Side, Status, WinReason};
use arbiter_minicheckers::{Minicheckers, Options};

fn play(position: &mut Minicheckers, mv: &str) {
    let mv = position.parse_move(mv).expect("legal");
    position.play(mv).expect("legal");
}

#[test]
fn the_start_is_the_seeds_picture_and_white_moves_first() {
    let start = Minicheckers::start(&Options::default());
    assert_eq!(
        start,
        board(
            'W',
            ". b . b . b
             b . b . b .
             . . . . . .
             . . . . . .
             . w . w . w
             w . w . w ."
        )
    );
    assert_eq!(moves(&start), ["b2-a3", "b2-c3", "d2-c3", "d2-e3", "f2-e3"]);
}

#[test]
fn option_first_black_lets_black_move_first() {
    let start = Minicheckers::start(&Options::parse("first=black").expect("valid"));
    assert_eq!(start.side_to_move(), Side::Black);
    assert_eq!(moves(&start), ["a5-b4", "c5-b4", "c5-d4", "e5-d4", "e5-f4"]);
}

#[test]
fn a_piece_moves_one_square_diagonally_forward_to_an_empty_square() {
    // The seed's first picture: b may go to b1 or b2, w to w1 or w2.
    let drawing = ". . . . . .
                   . . b . . .
                   . . . . . .
                   . . . . . .
                   . . . . . .
                   . . w . . .";
    assert_eq!(moves(&board('W', drawing)), ["c1-b2", "c1-d2"]);
    assert_eq!(moves(&board('B', drawing)), ["c5-b4", "c5-d4"]);
}

#[test]
fn capturing_is_compulsory() {
    // The seed's forced hit: w1 must hit b1 and may not step to d4.
    let position = board(
        'W',
        ". . . . . .
         . . . . b .
         . b . . . .
         . . w . . .
         . . . . . .
         w . . . . .",
    );
    assert_eq!(moves(&position), ["c3xa5"]);
}

#[test]
fn a_capture_jumps_over_an_adjacent_enemy_piece_which_is_removed() {
    let mut position = board(
        'W',
        ". . . . . .
         . . . . b .
         . b . . . .
         . . w . . .
         . . . . . .
         . . . . . .",
    );
    play(&mut position, "c3xa5");
    assert_eq!(
        position,
        board(
            'B',
            ". . . . . .
             w . . . b .
             . . . . . .
             . . . . . .
             . . . . . .
             . . . . . ."
        )
    );
}

#[test]
fn captures_go_forward_only() {
    let position = board(
        'W',
        ". . . . . .
         . . . . b .
         . . . . . .
         . . w . . .
         . b . . . .
         . . . . . .",
    );
    // The black piece on b2 is behind the white one: no capture, so White steps.
    assert_eq!(moves(&position), ["c3-b4", "c3-d4"]);
}

#[test]
fn a_capturing_piece_keeps_capturing_while_it_can_as_one_move() {
    // The seed's double hit: w1 hits b1, the turn continues, w1 hits b2, the turn ends.
    let mut position = board(
        'W',
        ". . . . . .
         . . . . . .
         . b . . . .
         . . . . . .
         . b . . . .
         . . w . . .",
    );
    assert_eq!(moves(&position), ["c1xa3xc5"]);
    assert!(position.parse_move("c1xa3").is_err(), "stopping half way is not a move");
    play(&mut position, "c1xa3xc5");
    assert_eq!(position.to_text(), "B:Wc5:B");
}

#[test]
fn the_player_chooses_any_capture_sequence_not_the_longest() {
    let position = board(
        'W',
        ". . . . . .
         . . . . . .
         . b . . . .
         . . . . . .
         . b . b . .
         . . w . . .",
    );
    // c1xe3 takes one piece, c1xa3xc5 two: both are legal.
    assert_eq!(moves(&position), ["c1xa3xc5", "c1xe3"]);
}

#[test]
fn movement_is_blocked_by_own_pieces_uncapturable_enemies_and_the_border() {
    // The seed's blocked picture: w1 on a1 is blocked by w2 and the border; w2 on b2 cannot
    // hit b2 on c3 because b1 stands behind it on d4, so w2 can only move to the left.
    let position = board(
        'W',
        ". . . . . .
         . . . . . .
         . . . b . .
         . . b . . .
         . w . . . .
         w . . . . .",
    );
    assert_eq!(moves(&position), ["b2-a3"]);
}

#[test]
fn reaching_the_far_row_wins_at_once() {
    let mut position = board(
        'W',
        ". . . . . .
         . . . . w .
         . . . . . .
         . . . . . .
         . b . . . .
         . . . . . .",
    );
    play(&mut position, "e5-f6");
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::GoalReached })
    );
    assert!(position.legal_moves().is_empty(), "Black may not move after White has won");
    // Black's far row is rank 1.
    let mut position = board(
        'B',
        ". . . . . .
         . . . . . .
         . . . . . w
         . . . . . .
         . b . . . .
         . . . . . .",
    );
    assert_eq!(moves(&position), ["b2-a1", "b2-c1"]);
    play(&mut position, "b2-c1");
    assert_eq!(position.status().outcome().and_then(Outcome::winner), Some(Side::Black));
}

#[test]
fn a_capture_that_reaches_the_far_row_wins() {
    let mut position = board(
        'W',
        ". . . . . .
         b . b . . .
         . w . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
    );
    assert_eq!(moves(&position), ["b4xd6"]);
    play(&mut position, "b4xd6");
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::GoalReached })
    );
}

#[test]
fn a_player_with_no_piece_on_his_turn_loses() {
    let position = board(
        'B',
        ". . . . . .
         . . . . . .
         . . . . . .
         . . w . . .
         . . . . . .
         . . . . . .",
    );
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::NoPieces })
    );
}

#[test]
fn a_player_with_no_legal_move_on_his_turn_loses() {
    let position = board(
        'W',
        ". . . . . .
         . . . . . .
         . . . . . .
         . . b . . .
         . b . . . .
         w . . . . .",
    );
    assert!(position.legal_moves().is_empty());
    assert_eq!(
        position.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::NoLegalMove })
    );
}

#[test]
fn there_are_no_draws_because_every_move_advances_a_piece() {
    assert_eq!(
        Minicheckers::start(&Options::default()).draw_rules(),
        arbiter_core::DrawRules::NONE
    );
    // Twelve pieces advancing at most five ranks each: every game ends within 60 turns.
    random_playouts::<Minicheckers>(&Options::default(), 500, 60, 1, |position, mv| {
        assert!(
            mv.is_some() || position.status().is_over(),
            "a game outlasted 60 turns: {}",
            position.to_text()
        );
    });
}
