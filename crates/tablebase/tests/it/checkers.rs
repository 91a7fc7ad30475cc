//! Checkers' tables of up to three pieces (four in an ignored test) against the plain search.

use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};

use crate::reference;

/// Every checkers position of one to `pieces` pieces with a piece on each side, from their
/// text: the game's own reading decides what is a position.
fn positions(pieces: usize) -> Vec<Checkers> {
    let mut found = Vec::new();
    // Each piece: a square and a kind (0 black man, 1 black king, 2 white man, 3 white king).
    let mut placed: Vec<(u32, u32)> = Vec::new();
    fn place(placed: &mut Vec<(u32, u32)>, left: usize, found: &mut Vec<Checkers>) {
        if !placed.is_empty() {
            let has = |kinds: [u32; 2]| placed.iter().any(|(_, kind)| kinds.contains(kind));
            if has([0, 1]) && has([2, 3]) {
                for side in ["B", "W"] {
                    let list = |kinds: [u32; 2]| -> Vec<String> {
                        placed
                            .iter()
                            .filter(|(_, kind)| kinds.contains(kind))
                            .map(|(square, kind)| {
                                format!("{}{square}", if kind % 2 == 1 { "K" } else { "" })
                            })
                            .collect()
                    };
                    let text =
                        format!("{side}:W{}:B{}", list([2, 3]).join(","), list([0, 1]).join(","));
                    if let Ok(position) = Checkers::from_text(&text, &NoOptions) {
                        found.push(position);
                    }
                }
            }
        }
        if left == 0 {
            return;
        }
        // Pieces are placed in increasing (square, kind) order, so each set comes once.
        let after = placed.last().map_or(0, |&(square, _)| square);
        for square in after + 1..=32 {
            for kind in 0..4 {
                placed.push((square, kind));
                place(placed, left - 1, found);
                placed.pop();
            }
        }
    }
    place(&mut placed, pieces, &mut found);
    found
}

#[test]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}

#[test]
#[ignore = "about a minute"]
fn four_pieces_agree_with_the_plain_search() {
    reference::check(&positions(4), 4);
}
