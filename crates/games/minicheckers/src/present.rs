//! How mini checkers is drawn and entered: the dark squares of a 6×6 board, and a capture
//! entered landing by landing.

use arbiter_core::present::{Board, Captured, CellId, Geometry, Piece, PieceKind, Present, Step};
use arbiter_core::Side;

use crate::board::{squares, Square};
use crate::{Minicheckers, Move};

/// The cell of a dark square: the dark squares are every other square from `a1`.
fn cell(square: Square) -> CellId {
    CellId((square.index() / 2) as u16)
}

impl Present for Minicheckers {
    const CAPTURED: Captured = Captured::RemovedAtEnd;

    fn geometry(&self) -> Geometry {
        Geometry::algebraic(6, 6, true, &[])
    }

    fn board(&self) -> Board {
        let pieces = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                squares(self.pieces(side)).map(move |square| Piece {
                    cell: cell(square),
                    side: Some(side),
                    kind: PieceKind::Man,
                })
            })
            .collect();
        Board { pieces, dial: None }
    }

    fn move_steps(&self, mv: Move) -> Vec<Step> {
        let landings: Vec<Square> = mv.squares().collect();
        landings
            .windows(2)
            .map(|pair| {
                let (from, to) = (pair[0], pair[1]);
                let jumped =
                    Square::new((from.file() + to.file()) / 2, (from.rank() + to.rank()) / 2)
                        .filter(|_| mv.is_capture());
                let separator = if mv.is_capture() { 'x' } else { '-' };
                Step {
                    from: cell(from),
                    to: cell(to),
                    choice: None,
                    captured: jumped.map(cell).into_iter().collect(),
                    text: format!("{from}{separator}{to}"),
                }
            })
            .collect()
    }
}
