//! Draw rules through the game record, and PDN game files (docs/rules.md §4, end and notation).

use arbiter_checkers::Checkers;
use arbiter_core::{DrawReason, Game, GameRecord, NoOptions, Outcome, Side, Status, WinReason};

fn record_from(fen: &str) -> GameRecord<Checkers> {
    GameRecord::from_position(Checkers::from_text(fen, &NoOptions).expect("valid"), NoOptions)
}

fn play(record: &mut GameRecord<Checkers>, moves: &str) {
    for mv in moves.split_whitespace() {
        record.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

#[test]
fn draw_when_the_same_position_with_the_same_player_to_move_occurs_the_third_time() {
    let mut record = record_from("B:WK29:BK4");
    play(&mut record, "4-8 29-25 8-4 25-29 4-8 29-25 8-4");
    assert_eq!(record.status(), Status::Ongoing);
    play(&mut record, "25-29");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Repetition }));
}

/// Plays king moves that never repeat a position and never allow a capture, until `turns`.
fn wander(record: &mut GameRecord<Checkers>, turns: usize) {
    let mut seen = vec![*record.position()];
    for _ in 0..turns {
        let position = *record.position();
        let next = position.legal_moves().into_iter().find(|&mv| {
            let mut child = position;
            child.play_unchecked(mv);
            let safe = child.legal_moves().iter().all(|reply| !reply.is_capture());
            !mv.is_capture() && safe && !seen.contains(&child)
        });
        let mv = next.expect("a fresh quiet king move exists");
        record.play(mv).expect("legal");
        seen.push(*record.position());
    }
}

#[test]
fn draw_after_80_turns_without_a_capture_or_a_move_of_an_uncrowned_man() {
    let mut record = record_from("B:WK29,K30,K31,K32:BK1,K2,K3,K4");
    wander(&mut record, 79);
    assert_eq!((record.status(), record.turns_without_progress()), (Status::Ongoing, 79));
    wander(&mut record, 1);
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::NoProgress }));
}

#[test]
fn a_move_of_a_man_resets_the_count_and_crowning_counts_as_one() {
    let mut record = record_from("W:WK1,28:BK4,26");
    play(&mut record, "1-5 4-8");
    assert_eq!(record.turns_without_progress(), 2);
    play(&mut record, "28-24");
    assert_eq!(record.turns_without_progress(), 0);
    play(&mut record, "8-3 5-1");
    assert_eq!(record.turns_without_progress(), 2);
    // Black's man on 26 crowns on 30: a man's move.
    play(&mut record, "26-30");
    assert_eq!(record.turns_without_progress(), 0);
    assert_eq!(record.position().to_text(), "W:W24,K1:BK3,K30");
}

#[test]
fn a_capture_resets_the_count() {
    let mut record = record_from("B:WK18,K32:BK4,22");
    play(&mut record, "4-8");
    assert_eq!(record.turns_without_progress(), 1);
    play(&mut record, "18x25");
    assert_eq!(record.turns_without_progress(), 0);
}

#[test]
fn a_player_may_resign_and_the_players_may_agree_a_draw() {
    let mut record = GameRecord::<Checkers>::new(NoOptions);
    play(&mut record, "11-15");
    record.resign(Side::White).expect("ongoing");
    assert_eq!(
        record.status(),
        Status::Over(Outcome::Win { winner: Side::Black, reason: WinReason::Resignation })
    );
    record.undo();
    record.agree_draw().expect("ongoing");
    assert_eq!(record.status(), Status::Over(Outcome::Draw { reason: DrawReason::Agreement }));
}

const GAME: &str = r#"[Event "Club night"]
[Black "Ann"]
[White "Bob"]
[GameType "21"]
[Result "1-0"]

1. 11-15 23-19 {the Old Faithful} 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14
5. 15-18 24-20! 1-0
"#;

#[test]
fn pdn_games_are_read_with_tags_comments_and_results() {
    let record = GameRecord::<Checkers>::from_record_text(GAME).expect("valid PDN");
    assert_eq!(record.len(), 10);
    assert_eq!(record.tags()[0], ("Event".to_owned(), "Club night".to_owned()));
    // The moves do not end the game, so 1-0 means Black resigned.
    assert_eq!(
        record.status(),
        Status::Over(Outcome::Win { winner: Side::White, reason: WinReason::Resignation })
    );
}

#[test]
fn pdn_games_are_written_and_read_back() {
    let mut record = record_from("W:WK10:B14,15,22,23,K1");
    record.set_tag("Event", "Loop");
    play(&mut record, "10x17x26x19x10 1-5");
    let text = record.to_record_text();
    assert_eq!(
        text,
        "[Event \"Loop\"]\n[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"W:WK10:B14,15,22,23,K1\"]\n\
         [Result \"*\"]\n\n1. 10x17x26x19x10 1-5 *\n"
    );
    let read = GameRecord::<Checkers>::from_record_text(&text).expect("reads back");
    assert!(read.moves().eq(record.moves()));
    assert_eq!(read.position(), record.position());
}

#[test]
fn pdn_errors_give_the_line_and_what_was_wrong() {
    let broken = GAME.replace("15-18", "15-19");
    let error = GameRecord::<Checkers>::from_record_text(&broken).expect_err("illegal");
    assert_eq!(error.line, 8);
    assert!(
        error.to_string().starts_with("line 8: move 9 (`15-19`): `15-19` is not a legal move"),
        "{error}"
    );
    let error = GameRecord::<Checkers>::from_record_text("[GameType \"20\"]\n1. 32-28 *")
        .expect_err("international draughts");
    assert!(error.to_string().contains("another game"), "{error}");
    let error = GameRecord::<Checkers>::from_record_text("[FEN \"B:W40:B1\"]\n*").expect_err("FEN");
    assert!(error.to_string().contains("there is no square 40"), "{error}");
}
