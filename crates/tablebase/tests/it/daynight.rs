//! Day and Night's tables of up to two pieces (three in an ignored test) against the plain
//! search, neutral pieces and the dial included.

use arbiter_core::Game;
use arbiter_daynight::board::Field;
use arbiter_daynight::{DayNight, Options};

use crate::reference::{self, list, placements};

/// Every Day and Night position of two to `pieces` pieces (neutral ones included) with a piece
/// of each player, every dial and side to move, from their text.
fn positions(pieces: usize) -> Vec<DayNight> {
    let fields: Vec<String> = (0..48u8)
        .filter_map(|bit| Field::new(bit % 12, bit / 12 + 1))
        .map(|field| field.to_string())
        .collect();
    let name = |field: usize, _| fields[field].clone();
    let mut found = Vec::new();
    // Kinds: 0 White's, 1 Black's, 2 neutral.
    placements(48, 3, pieces, &mut |placed| {
        let [white, black, neutral] = [0, 1, 2].map(|kind| list(placed, &[kind], name));
        if white.is_empty() || black.is_empty() {
            return;
        }
        for side in ["W", "B"] {
            for dial in 'a'..='l' {
                let text = format!("{side}:W{white}:B{black}:N{neutral}:D{dial}");
                // Pieces on fields of the other colour are not positions.
                if let Ok(position) = DayNight::from_text(&text, &Options::default()) {
                    found.push(position);
                }
            }
        }
    });
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
#[ignore = "a minute or two: cargo test --release -p arbiter-tablebase -- --ignored"]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}
