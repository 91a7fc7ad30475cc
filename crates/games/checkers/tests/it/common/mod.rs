//! Helpers shared by the checkers tests: positions drawn as boards.
#![allow(dead_code)]

use arbiter_checkers::Checkers;
use arbiter_core::{Game, NoOptions};

/// A position drawn as eight rows of eight cells, Black's side (squares 1–4) at the top, as in
/// the seed's diagram: `.` a light square, `-` an empty dark square, `b`/`w` men, `B`/`W`
/// kings. Spaces are ignored. `to_move` is `'B'` or `'W'`.
pub fn board(to_move: char, drawing: &str) -> Checkers {
    let rows: Vec<Vec<char>> = drawing
        .lines()
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect();
    assert_eq!(rows.len(), 8, "a board has eight rows");
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (row, cells) in rows.iter().enumerate() {
        assert_eq!(cells.len(), 8, "row {row} has eight cells");
        for (column, &cell) in cells.iter().enumerate() {
            let dark = (row + column) % 2 == 1;
            assert!(dark || cell == '.', "row {row} column {column} is light: write `.`");
            let square = row * 4 + column / 2 + 1;
            match cell {
                'b' => black.push(square.to_string()),
                'B' => black.push(format!("K{square}")),
                'w' => white.push(square.to_string()),
                'W' => white.push(format!("K{square}")),
                '-' | '.' => {}
                other => panic!("unknown cell `{other}`"),
            }
        }
    }
    let fen = format!("{to_move}:W{}:B{}", white.join(","), black.join(","));
    Checkers::from_text(&fen, &NoOptions).expect("the drawing is a valid position")
}

/// The legal moves in canonical notation, sorted.
pub fn moves(position: &Checkers) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}

/// A white king on 10 with black men on 14, 15, 22 and 23 around it, White to move: the king
/// can capture all four around the loop, either way round, back to 10.
pub fn king_loop() -> Checkers {
    board(
        'W',
        ". - . - . - . -
         - . - . - . - .
         . - . W . - . -
         - . b . b . - .
         . - . - . - . -
         - . b . b . - .
         . - . - . - . -
         - . - . - . - .",
    )
}
