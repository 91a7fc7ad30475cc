//! The names of the openings (data/openings.txt): every line reads, and a game is named by the
//! last named position it passed through, in the records too.

use arbiter_checkers::Checkers;
use arbiter_core::{Game, GameRecord, NoOptions, Openings};

fn record_of(moves: &str) -> GameRecord<Checkers> {
    let mut record = GameRecord::new(NoOptions);
    for mv in moves.split_whitespace() {
        record.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    record
}

#[test]
fn every_named_opening_is_a_legal_line_that_names_its_own_position() {
    let text = include_str!("../../data/openings.txt");
    Openings::<Checkers>::parse(text).expect("the names read");
    let openings = Checkers::openings().expect("the game names its openings");
    let mut lines = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        let Some((name, moves)) = line.split_once(':') else { continue };
        let record = record_of(moves);
        assert_eq!(openings.name_of(record.position()), Some(name.trim()), "{line}");
        assert_eq!(record.opening(), Some(name.trim()), "{line}");
        lines += 1;
    }
    assert!(lines >= 25, "{lines} names");
}

#[test]
fn a_game_is_named_by_the_deepest_named_position_it_passed_through() {
    assert_eq!(record_of("").opening(), None);
    assert_eq!(record_of("11-15").opening(), None);
    assert_eq!(record_of("9-13 22-18 6-9").opening(), Some("Edinburgh"));
    assert_eq!(record_of("11-15 23-19 8-11 22-17").opening(), None);
    assert_eq!(
        record_of("11-15 23-19 8-11 22-17 4-8 17-13 15-18").opening(),
        Some("Old Fourteenth")
    );
    // The Laird and Lady, then the Black Doctor nine plies in.
    let doctor = "11-15 23-19 8-11 22-17 9-13 17-14 10x17 19x10 7x14 26-22";
    assert_eq!(record_of(doctor).opening(), Some("Black Doctor"));
}

#[test]
fn a_position_is_named_whatever_order_its_moves_came_in() {
    // The Switcher, 11-15 21-17 9-13, reached from the Edinburgh.
    assert_eq!(record_of("9-13 21-17 11-15").opening(), Some("Switcher"));
    assert_eq!(record_of("11-15 21-17 9-13").opening(), Some("Switcher"));
}

#[test]
fn a_game_from_a_set_up_position_has_no_opening() {
    // The Edinburgh's position (after 9-13), set up rather than played.
    let start = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13";
    let position = Checkers::from_text(start, &NoOptions).expect("valid");
    let mut record = GameRecord::<Checkers>::from_position(position, NoOptions);
    record.play_text("22-18").expect("legal");
    assert_eq!(record.opening(), None);
}

#[test]
fn a_record_writes_the_opening_tag_and_replaces_one_it_was_given() {
    let mut record = record_of("11-15 24-20 8-11");
    record.set_tag("Opening", "Something else");
    let text = record.to_record_text();
    assert!(text.contains("[Opening \"Ayrshire Lassie\"]"), "{text}");
    assert!(!text.contains("Something else"), "{text}");
    // A name the game's table does not give is kept as the record had it.
    let mut unnamed = record_of("11-15");
    unnamed.set_tag("Opening", "Single Corner group");
    assert!(unnamed.to_record_text().contains("[Opening \"Single Corner group\"]"));
    assert!(!record_of("11-15").to_record_text().contains("Opening"));
}

#[test]
fn the_names_table_refuses_an_illegal_line_and_a_second_name_for_one_position() {
    let illegal = Openings::<Checkers>::parse("Nowhere: 11-15 11-16").err().expect("an error");
    assert_eq!(illegal.line, 1);
    let twice = Openings::<Checkers>::parse("A: 11-15 21-17 9-13\n\nB: 9-13 21-17 11-15");
    assert_eq!(twice.err().expect("an error").line, 3);
    assert!(Openings::<Checkers>::parse("No colon 11-15").is_err());
    assert!(Openings::<Checkers>::parse("Empty:").is_err());
}

#[test]
fn the_ballot_openings_are_named_but_nine_of_the_single_corner_group() {
    let ballot = include_str!("../../data/acf-3-move-ballot.txt");
    let openings: Vec<&str> = ballot
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .collect();
    assert_eq!(openings.len(), 156);
    let unnamed: Vec<&str> =
        openings.iter().copied().filter(|moves| record_of(moves).opening().is_none()).collect();
    // 11-15 has no name of its own; these replies have none in the sources at three moves.
    assert_eq!(unnamed.len(), 9, "{unnamed:?}");
    assert!(unnamed.iter().all(|moves| moves.starts_with("11-15 ")), "{unnamed:?}");
    assert_eq!(record_of("11-15 24-20 8-11").opening(), Some("Ayrshire Lassie"));
    assert_eq!(record_of("12-16 24-20 8-12").opening(), Some("Dundee"));
}
