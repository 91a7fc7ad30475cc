//! Positions as text, both ways, and the board drawn like the seed's picture.

use arbiter_core::text::{check_piece_counts, excerpt, split_piece_lists};
use arbiter_core::{PositionError, Side};

use crate::board::{is_dark, squares, Square, Squares, RANK_1, RANK_6};
use crate::Minicheckers;

const EXPECTED: &str = "the side to move (W or B), then each colour's dark squares a1-f6, \
    e.g. W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6";

/// `W:Wa1,b2,c1:Ba5,b6`: each colour's squares sorted by file, then rank.
pub(crate) fn write(position: &Minicheckers) -> String {
    let list = |side: Side| {
        let mut names: Vec<String> =
            squares(position.pieces(side)).map(|square| square.to_string()).collect();
        names.sort();
        names.join(",")
    };
    let turn = if position.side_to_move == Side::White { 'W' } else { 'B' };
    format!("{turn}:W{}:B{}", list(Side::White), list(Side::Black))
}

pub(crate) fn read(text: &str) -> Result<Minicheckers, PositionError> {
    let error = |problem: String| PositionError::new(text, problem, EXPECTED);
    let (side_to_move, lists) = split_piece_lists(text, EXPECTED)?;
    let mut pieces = [0 as Squares; 2];
    for side in Side::BOTH {
        for name in &lists[side.index()] {
            let square = Square::parse(name)
                .ok_or_else(|| error(format!("`{}` is not a square a1-f6", excerpt(name))))?;
            if !is_dark(square) {
                return Err(error(format!(
                    "{square} is a light square; pieces stand on dark ones"
                )));
            }
            if (pieces[0] | pieces[1]) & square.bit() != 0 {
                return Err(error(format!("square {square} holds two pieces")));
            }
            pieces[side.index()] |= square.bit();
        }
    }
    let [white, black] = pieces;
    check_piece_counts(text, side_to_move, [white.count_ones(), black.count_ones()], 6, EXPECTED)?;
    let own_goal = match side_to_move {
        Side::White => white & RANK_6,
        Side::Black => black & RANK_1,
    };
    if own_goal != 0 {
        return Err(error(format!(
            "{side_to_move} is to move but already stands on its goal row, so it won a move ago"
        )));
    }
    Ok(Minicheckers::from_pieces(white, black, side_to_move))
}
