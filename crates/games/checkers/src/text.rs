//! Positions as text: PDN FEN both ways, and the board drawn for people.

use arbiter_core::text::{check_piece_counts, excerpt, parse_digits, split_piece_lists};
use arbiter_core::{PositionError, Side};

use crate::board::{bit_of, pdn_index, squares, Squares, BOTTOM_ROW, TOP_ROW};
use crate::Checkers;

const EXPECTED: &str = "PDN FEN: the side to move (B or W), then each colour's squares 1-32, \
    K before a king, e.g. B:W18,24,27,K10:B12,16,K22 (ranges like 1-12 allowed)";

/// `B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29`: men then kings, each in ascending order.
pub(crate) fn write_fen(position: &Checkers) -> String {
    let list = |side: Side| {
        let pieces = position.side_squares(side);
        let number = |bit| pdn_index(bit) + 1;
        let men = squares(pieces & !position.kings).map(|bit| number(bit).to_string());
        let kings = squares(pieces & position.kings).map(|bit| format!("K{}", number(bit)));
        men.chain(kings).collect::<Vec<_>>().join(",")
    };
    let turn = side_letter(position.side_to_move);
    format!("{turn}:W{}:B{}", list(Side::White), list(Side::Black))
}

fn side_letter(side: Side) -> char {
    match side {
        Side::White => 'W',
        Side::Black => 'B',
    }
}

/// Reads PDN FEN. The colours may come in either order and a list may be empty.
pub(crate) fn read_fen(text: &str) -> Result<Checkers, PositionError> {
    let error = |problem: String| PositionError::new(text, problem, EXPECTED);
    let (side_to_move, lists) = split_piece_lists(text, EXPECTED)?;
    let mut pieces = [0 as Squares; 2];
    let mut kings: Squares = 0;
    for side in Side::BOTH {
        for item in &lists[side.index()] {
            let (is_king, range) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item.as_str()),
            };
            for square in parse_range(range).map_err(error)? {
                let bit: Squares = 1 << bit_of(square as usize - 1);
                if (pieces[0] | pieces[1]) & bit != 0 {
                    return Err(error(format!("square {square} holds two pieces")));
                }
                pieces[side.index()] |= bit;
                if is_king {
                    kings |= bit;
                }
            }
        }
    }
    let [white, black] = pieces;
    check_piece_counts(text, side_to_move, [white.count_ones(), black.count_ones()], 12, EXPECTED)?;
    let uncrowned = (white & !kings & TOP_ROW) | (black & !kings & BOTTOM_ROW);
    if let Some(bit) = squares(uncrowned).next() {
        let square = pdn_index(bit) + 1;
        return Err(error(format!(
            "the man on square {square} stands on its crowning row; write it as a king, K{square}"
        )));
    }
    Ok(Checkers::from_pieces(black, white, kings, side_to_move))
}

/// `12` or `1-12`, squares 1–32.
fn parse_range(text: &str) -> Result<std::ops::RangeInclusive<u32>, String> {
    let square = |part: &str| match parse_digits::<u32>(part) {
        Some(square @ 1..=32) => Ok(square),
        Some(square) => Err(format!("there is no square {square}")),
        None => Err(format!("`{}` is not a square number", excerpt(part))),
    };
    match text.split_once('-') {
        Some((low, high)) => {
            let (low, high) = (square(low)?, square(high)?);
            if low > high {
                return Err(format!("the range {low}-{high} runs backwards"));
            }
            Ok(low..=high)
        }
        None => square(text).map(|square| square..=square),
    }
}
