//! Positions as text, both ways, and the board drawn with its holes.

use arbiter_core::text::{check_piece_counts, split_rows};
use arbiter_core::{PositionError, Side};

use crate::board::{Cell, Cells, HOLES, RANK_1, RANK_6};
use crate::{Holes, Options};

const EXPECTED: &str = "six rows from row 6 down to row 1, separated by /, each of six cells \
    (w, b, . empty, # hole at b3 c4 d3 e4), then the side to move w or b, e.g. \
    bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w";

fn symbol(position: &Holes, cell: Cell) -> char {
    if HOLES & cell.bit() != 0 {
        '#'
    } else if position.pieces(Side::White) & cell.bit() != 0 {
        'w'
    } else if position.pieces(Side::Black) & cell.bit() != 0 {
        'b'
    } else {
        '.'
    }
}

/// The cells of a row (`rank` 0 is row 1), from file a to f.
fn row(rank: u8) -> impl Iterator<Item = Cell> {
    (0..6).filter_map(move |file| Cell::new(file, rank))
}

pub(crate) fn write(position: &Holes) -> String {
    let rows: Vec<String> =
        (0..6).rev().map(|rank| row(rank).map(|cell| symbol(position, cell)).collect()).collect();
    let turn = if position.side_to_move == Side::White { 'w' } else { 'b' };
    format!("{} {turn}", rows.join("/"))
}

pub(crate) fn read(text: &str, options: &Options) -> Result<Holes, PositionError> {
    let error = |problem: String| PositionError::new(text, problem, EXPECTED);
    let (rows, side_to_move) = split_rows(text, 6, EXPECTED)?;
    let mut pieces = [0 as Cells; 2];
    for (rank, cells) in (0..6).rev().zip(&rows) {
        if cells.chars().count() != 6 {
            return Err(error(format!(
                "row {} has {} cells, not 6",
                rank + 1,
                cells.chars().count()
            )));
        }
        for (symbol, cell) in cells.chars().zip(row(rank)) {
            let hole = HOLES & cell.bit() != 0;
            match (symbol, hole) {
                ('#', true) | ('.', false) => {}
                ('w', false) => pieces[Side::White.index()] |= cell.bit(),
                ('b', false) => pieces[Side::Black.index()] |= cell.bit(),
                ('#', false) => {
                    return Err(error(format!("{cell} is not a hole; the holes are b3 c4 d3 e4")))
                }
                (_, true) => return Err(error(format!("{cell} is a hole: write it #"))),
                (other, false) => {
                    return Err(error(format!(
                        "`{}` at {cell} is not w, b, . or #",
                        other.escape_default()
                    )))
                }
            }
        }
    }
    let [white, black] = pieces;
    check_piece_counts(text, side_to_move, [white.count_ones(), black.count_ones()], 12, EXPECTED)?;
    let own_goal = match side_to_move {
        Side::White => white & RANK_6,
        Side::Black => black & RANK_1,
    };
    if own_goal != 0 {
        return Err(error(format!(
            "{side_to_move} is to move but already stands on its goal row, so it won a move ago"
        )));
    }
    Ok(Holes::from_pieces(white, black, side_to_move, options))
}
