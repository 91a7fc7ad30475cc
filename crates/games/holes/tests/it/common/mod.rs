//! Positions drawn as boards, for the Breakthrough tests.
#![allow(dead_code)]

use arbiter_core::{Game, GameOptions};
use arbiter_holes::{Holes, Options};

/// The seed's rules.
pub const SEED: &str = "";
/// The original GGP rules.
pub const CAPTURES: &str = "captures=diagonal";

/// A position drawn as six rows of six cells, row 6 at the top: `w`, `b` pieces, `.` empty,
/// `#` the holes (b3 c4 d3 e4). `to_move` is `'w'` or `'b'`; `options` as on the command line.
pub fn board(to_move: char, drawing: &str, options: &str) -> Holes {
    let rows: Vec<String> = drawing
        .lines()
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|row| !row.is_empty())
        .collect();
    let options = Options::parse(options).expect("valid options");
    Holes::from_text(&format!("{} {to_move}", rows.join("/")), &options).expect("valid drawing")
}

/// The legal moves in canonical notation, sorted.
pub fn moves(position: &Holes) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}
