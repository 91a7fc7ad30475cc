//! Checkers' tables of up to three pieces (four in an ignored test) against the plain search.

use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};

use crate::reference::{self, list, placements};

/// Every checkers position of two to `pieces` pieces with a piece on each side, from their
/// text: the game's own reading decides what is a position (no man on its crowning row).
fn positions(pieces: usize) -> Vec<Checkers> {
    let mut found = Vec::new();
    // Kinds: 0 a black man, 1 a black king, 2 a white man, 3 a white king.
    let name = |square: usize, kind: usize| {
        format!("{}{}", if kind % 2 == 1 { "K" } else { "" }, square + 1)
    };
    placements(32, 4, pieces, &mut |placed| {
        let (black, white) = (list(placed, &[0, 1], name), list(placed, &[2, 3], name));
        if black.is_empty() || white.is_empty() {
            return;
        }
        for side in ["B", "W"] {
            if let Ok(position) =
                Checkers::from_text(&format!("{side}:W{white}:B{black}"), &NoOptions)
            {
                found.push(position);
            }
        }
    });
    found
}

#[test]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}

#[test]
#[ignore = "about a minute: cargo test --release -p arbiter-tablebase -- --ignored"]
fn four_pieces_agree_with_the_plain_search() {
    reference::check(&positions(4), 4);
}
