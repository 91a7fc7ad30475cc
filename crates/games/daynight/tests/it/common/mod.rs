//! Positions drawn as boards, for the Day-and-Night tests.
#![allow(dead_code)]

use arbiter_core::{Game, GameOptions};
use arbiter_daynight::{DayNight, Options};

/// A position drawn as the board unrolled: one row per ring, the outermost first, and twelve
/// columns for the sectors a–l. `W`, `B` are pieces, `N` neutral pieces, `.` empty fields.
/// `to_move` is `'W'` or `'B'`, `day` the first sector of the day.
pub fn board(to_move: char, day: char, drawing: &str) -> DayNight {
    let rows: Vec<Vec<char>> = drawing
        .lines()
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|row| !row.is_empty())
        .collect();
    let rings = rows.len();
    let mut lists = [Vec::new(), Vec::new(), Vec::new()];
    for (row, cells) in rows.iter().enumerate() {
        assert_eq!(cells.len(), 12, "ring {} has twelve sectors", rings - row);
        for (sector, &cell) in cells.iter().enumerate() {
            let name = format!("{}{}", char::from(b'a' + sector as u8), rings - row);
            match cell {
                'W' => lists[0].push(name),
                'B' => lists[1].push(name),
                'N' => lists[2].push(name),
                '.' => {}
                other => panic!("unknown cell `{other}`"),
            }
        }
    }
    let text = format!(
        "{to_move}:W{}:B{}:N{}:D{day}",
        lists[0].join(","),
        lists[1].join(","),
        lists[2].join(",")
    );
    let options = Options::parse(&format!("rings={rings}")).expect("4 to 8 rings");
    DayNight::from_text(&text, &options).expect("the drawing is a valid position")
}

/// The legal moves in canonical notation, sorted.
pub fn moves(position: &DayNight) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}

/// The distinct own moves (the part before any neutral slide), sorted.
pub fn own_moves(position: &DayNight) -> Vec<String> {
    let mut own: Vec<String> = moves(position)
        .iter()
        .map(|mv| mv.split('/').next().unwrap_or_default().to_owned())
        .collect();
    own.dedup();
    own
}
