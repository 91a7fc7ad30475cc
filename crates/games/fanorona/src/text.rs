//! Positions as text, both ways, and the board drawn with its lines like the seed's picture.

use arbiter_core::text::{check_piece_counts, split_rows};
use arbiter_core::{PositionError, Side};

use crate::board::{Point, Points};
use crate::Fanorona;

/// The start position of the seed's picture, White to move.
pub(crate) const START: &str = "bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w";

const EXPECTED: &str = "five rows from row 1 (top) to row 5, separated by /, each of nine \
    points A-I (w, b or . for empty), then the side to move w or b, e.g. \
    bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w";

/// The points of a row (1–5), from A to I.
fn row(number: u8) -> impl Iterator<Item = Point> {
    (0..9).filter_map(move |column| Point::new(column, number))
}

pub(crate) fn write(position: &Fanorona) -> String {
    let rows: Vec<String> = (1..=5)
        .map(|number| {
            row(number)
                .map(|point| {
                    match (
                        position.pieces(Side::White) & point.bit(),
                        position.pieces(Side::Black) & point.bit(),
                    ) {
                        (0, 0) => '.',
                        (0, _) => 'b',
                        _ => 'w',
                    }
                })
                .collect()
        })
        .collect();
    let turn = if position.side_to_move == Side::White { 'w' } else { 'b' };
    format!("{} {turn}", rows.join("/"))
}

pub(crate) fn read(text: &str) -> Result<Fanorona, PositionError> {
    let error = |problem: String| PositionError::new(text, problem, EXPECTED);
    let (rows, side_to_move) = split_rows(text, 5, EXPECTED)?;
    let mut pieces = [0 as Points; 2];
    for (number, symbols) in (1..=5).zip(&rows) {
        if symbols.chars().count() != 9 {
            return Err(error(format!(
                "row {number} has {} points, not 9",
                symbols.chars().count()
            )));
        }
        for (symbol, point) in symbols.chars().zip(row(number)) {
            match symbol {
                'w' | 'W' => pieces[Side::White.index()] |= point.bit(),
                'b' | 'B' => pieces[Side::Black.index()] |= point.bit(),
                '.' => {}
                other => {
                    return Err(error(format!(
                        "`{}` at {point} is not w, b or .",
                        other.escape_default()
                    )))
                }
            }
        }
    }
    let [white, black] = pieces;
    check_piece_counts(text, side_to_move, [white.count_ones(), black.count_ones()], 22, EXPECTED)?;
    Ok(Fanorona::from_pieces(white, black, side_to_move))
}
