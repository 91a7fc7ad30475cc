//! The ACF three-move ballot of checkers (`crates/games/checkers/data/`): the 156 openings of
//! tournament play and the 18 barred ones, each three legal plies from the start, together
//! the 174 distinct three-move openings.

use std::collections::HashSet;
use std::path::Path;

use arbiter_ai::arena::Ballot;
use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};

fn ballot(file: &str) -> Ballot {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/checkers/data").join(file);
    let text = std::fs::read_to_string(&path).expect("the ballot file");
    Ballot::parse(&text).expect("a ballot")
}

/// The position after each opening of `ballot`, in its text form.
fn positions(ballot: &Ballot) -> Vec<String> {
    let records = ballot.records::<Checkers>(&NoOptions).expect("every opening is legal");
    records.iter().map(|record| record.position().to_text()).collect()
}

#[test]
fn the_acf_ballot_holds_156_legal_openings_and_the_barred_18_more() {
    let (ballot, barred) = (ballot("acf-3-move-ballot.txt"), ballot("acf-3-move-barred.txt"));
    assert_eq!((ballot.len(), barred.len()), (156, 18));
    assert!(ballot.openings().iter().chain(barred.openings()).all(|o| o.moves.len() == 3));
    let all: HashSet<String> = positions(&ballot).into_iter().chain(positions(&barred)).collect();
    assert_eq!(all.len(), 174, "two openings lead to the same position");
    // Black (the first player) opens, as the ACF's numbering assumes.
    let first = &ballot.openings()[0].moves;
    assert_eq!(first.join(" "), "9-13 21-17 5-9");
    assert!(Checkers::start(&NoOptions).parse_move("9-13").is_ok());
}
