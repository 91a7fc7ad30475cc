//! Positions drawn as boards, for the mini-checkers tests.
#![allow(dead_code)]

use arbiter_core::Game;
use arbiter_minicheckers::{Minicheckers, Options};

/// A position drawn as six rows of six cells, rank 6 at the top as in the seed's picture:
/// `w` and `b` are pieces, `.` an empty square. `to_move` is `'W'` or `'B'`.
pub fn board(to_move: char, drawing: &str) -> Minicheckers {
    let rows: Vec<Vec<char>> = drawing
        .lines()
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect();
    assert_eq!(rows.len(), 6, "a board has six rows");
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (row, cells) in rows.iter().enumerate() {
        assert_eq!(cells.len(), 6, "row {row} has six cells");
        for (file, &cell) in cells.iter().enumerate() {
            let name = format!("{}{}", char::from(b'a' + file as u8), 6 - row);
            match cell {
                'w' => white.push(name),
                'b' => black.push(name),
                '.' => {}
                other => panic!("unknown cell `{other}`"),
            }
        }
    }
    let text = format!("{to_move}:W{}:B{}", white.join(","), black.join(","));
    Minicheckers::from_text(&text, &Options::default()).expect("the drawing is a valid position")
}

/// The legal moves in canonical notation, sorted.
pub fn moves(position: &Minicheckers) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}
