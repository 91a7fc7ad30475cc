//! How checkers is drawn and entered: the 32 dark squares of an 8×8 board, numbered as in PDN,
//! and a multi-jump entered landing by landing.

use arbiter_core::present::{
    self, Board, Captured, Cell, CellId, Field, Geometry, Layout, Piece, PieceKind, Place, Present,
};
use arbiter_core::Side;

use crate::board::{pdn_index, squares};
use crate::{Checkers, Move};

/// The row (0 at the top) and column of square `index` (0 for PDN square 1).
fn place(index: u8) -> (u8, u8) {
    let row = index / 4;
    (row, 2 * (index % 4) + u8::from(row.is_multiple_of(2)))
}

impl Present for Checkers {
    const CAPTURED: Captured = Captured::RemovedAtEnd;

    fn geometry(&self) -> Geometry {
        let cells = (0..32)
            .map(|index| {
                let (row, column) = place(index);
                Cell {
                    name: (index + 1).to_string(),
                    place: Place::Grid { column, row },
                    field: Some(Field::Dark),
                    hole: false,
                }
            })
            .collect();
        Geometry {
            layout: Layout::Squares { columns: 8, rows: 8 },
            cells,
            lines: Vec::new(),
            column_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }

    fn board(&self) -> Board {
        let pieces = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                squares(self.side_squares(side)).map(move |bit| Piece {
                    cell: CellId(pdn_index(bit) as u16),
                    side: Some(side),
                    kind: if self.kings & (1 << bit) != 0 {
                        PieceKind::King
                    } else {
                        PieceKind::Man
                    },
                })
            })
            .collect();
        Board { pieces, dial: None }
    }

    fn move_steps(&self, mv: Move) -> Vec<present::Step> {
        let numbers: Vec<u8> = mv.squares().collect();
        numbers
            .windows(2)
            .map(|pair| {
                let (from, to) = (pair[0] - 1, pair[1] - 1);
                let ((from_row, from_column), (to_row, to_column)) = (place(from), place(to));
                let jumped = mv.is_capture().then(|| {
                    let (row, column) = ((from_row + to_row) / 2, (from_column + to_column) / 2);
                    CellId(u16::from(row * 4 + column / 2))
                });
                let separator = if mv.is_capture() { 'x' } else { '-' };
                present::Step {
                    from: CellId(u16::from(from)),
                    to: CellId(u16::from(to)),
                    choice: None,
                    captured: jumped.into_iter().collect(),
                    text: format!("{}{separator}{}", pair[0], pair[1]),
                }
            })
            .collect()
    }
}
