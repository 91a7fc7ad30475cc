//! Fanorona's tables of up to three pieces (four in an ignored test) against the plain search.

use arbiter_core::{Game, NoOptions};
use arbiter_fanorona::Fanorona;

use crate::reference::{self, placements};

/// Every Fanorona position of two to `pieces` pieces with a piece on each side, from their
/// text (five rows of nine points, row 1 first, then the side to move).
fn positions(pieces: usize) -> Vec<Fanorona> {
    let mut found = Vec::new();
    placements(45, 2, pieces, &mut |placed| {
        let mut board = ['.'; 45];
        for &(point, kind) in placed {
            board[point] = ['w', 'b'][kind];
        }
        if !board.contains(&'w') || !board.contains(&'b') {
            return;
        }
        let rows: Vec<String> = board.chunks(9).map(|row| row.iter().collect()).collect();
        for side in ["w", "b"] {
            let text = format!("{} {side}", rows.join("/"));
            found.push(Fanorona::from_text(&text, &NoOptions).expect("a position"));
        }
    });
    found
}

#[test]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}

#[test]
#[ignore = "a minute or two: cargo test --release -p arbiter-tablebase -- --ignored"]
fn four_pieces_agree_with_the_plain_search() {
    reference::check(&positions(4), 4);
}
