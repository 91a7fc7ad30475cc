//! Fanorona's tables of up to three pieces (four in an ignored test) against the plain search.

use arbiter_core::{Game, NoOptions};
use arbiter_fanorona::Fanorona;

use crate::reference;

/// Every Fanorona position of two to `pieces` pieces with a piece on each side, from their
/// text (five rows of nine points, row 1 first, then the side to move).
fn positions(pieces: usize) -> Vec<Fanorona> {
    let mut found = Vec::new();
    let mut board = ['.'; 45];
    fn place(board: &mut [char; 45], from: usize, left: usize, found: &mut Vec<Fanorona>) {
        if board.contains(&'w') && board.contains(&'b') {
            let rows: Vec<String> = board.chunks(9).map(|row| row.iter().collect()).collect();
            for side in ["w", "b"] {
                let text = format!("{} {side}", rows.join("/"));
                found.push(Fanorona::from_text(&text, &NoOptions).expect("a position"));
            }
        }
        if left == 0 {
            return;
        }
        for point in from..45 {
            for piece in ['w', 'b'] {
                board[point] = piece;
                place(board, point + 1, left - 1, found);
                board[point] = '.';
            }
        }
    }
    place(&mut board, 0, pieces, &mut found);
    found
}

#[test]
fn three_pieces_agree_with_the_plain_search() {
    reference::check(&positions(3), 3);
}

#[test]
#[ignore = "a minute or two"]
fn four_pieces_agree_with_the_plain_search() {
    reference::check(&positions(4), 4);
}
