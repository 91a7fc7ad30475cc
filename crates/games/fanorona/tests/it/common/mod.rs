//! Positions drawn as boards, for the Fanorona tests.
#![allow(dead_code)]

use arbiter_core::{Game, NoOptions};
use arbiter_fanorona::Fanorona;

/// A position drawn as five rows of nine points, row 1 at the top as in the seed's picture:
/// `w`, `b` pieces, `.` empty (spaces between points are ignored). `to_move` is `'w'` or `'b'`.
pub fn board(to_move: char, drawing: &str) -> Fanorona {
    let rows: Vec<String> = drawing
        .lines()
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|row| !row.is_empty())
        .collect();
    Fanorona::from_text(&format!("{} {to_move}", rows.join("/")), &NoOptions)
        .expect("valid drawing")
}

/// The legal moves in canonical notation, sorted.
pub fn moves(position: &Fanorona) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}
