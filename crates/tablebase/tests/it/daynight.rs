//! Day and Night's tables of up to two pieces (three in an ignored test) against the plain
//! search, neutral pieces and the dial included.

use arbiter_core::Game;
use arbiter_daynight::board::Field;
use arbiter_daynight::{DayNight, Options};

use crate::reference;

/// Every Day and Night position of two to `pieces` pieces (neutral ones included) with a piece
/// of each player, every dial and side to move, from their text.
fn positions(pieces: usize) -> Vec<DayNight> {
    let fields: Vec<String> = (0..48u8)
        .filter_map(|bit| Field::new(bit % 12, bit / 12 + 1))
        .map(|field| field.to_string())
        .collect();
    let mut found = Vec::new();
    // Each piece: a field and a kind (0 White, 1 Black, 2 neutral).
    let mut placed: Vec<(usize, usize)> = Vec::new();
    fn place(
        fields: &[String],
        placed: &mut Vec<(usize, usize)>,
        left: usize,
        found: &mut Vec<DayNight>,
    ) {
        let has = |kind: usize| placed.iter().any(|&(_, k)| k == kind);
        if has(0) && has(1) {
            let list = |kind: usize| -> String {
                let names: Vec<&str> = placed
                    .iter()
                    .filter(|&&(_, k)| k == kind)
                    .map(|&(field, _)| fields[field].as_str())
                    .collect();
                names.join(",")
            };
            for side in ["W", "B"] {
                for dial in 'a'..='l' {
                    let text = format!("{side}:W{}:B{}:N{}:D{dial}", list(0), list(1), list(2));
                    // Pieces on fields of the other colour are not positions.
                    if let Ok(position) = DayNight::from_text(&text, &Options::default()) {
                        found.push(position);
                    }
                }
            }
        }
        if left == 0 {
            return;
        }
        let after = placed.last().map_or(0, |&(field, _)| field + 1);
        for field in after..fields.len() {
            for kind in 0..3 {
                placed.push((field, kind));
                place(fields, placed, left - 1, found);
                placed.pop();
            }
        }
    }
    place(&fields, &mut placed, pieces, &mut found);
    found
}

#[test]
fn the_tables_hold_the_default_board() {
    assert_eq!(Options::default().rings, 4);
}

#[test]
fn two_pieces_agree_with_the_plain_search() {
    reference::check(&positions(2), 2);
}

#[test]
#[ignore = "a minute or two"]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}
