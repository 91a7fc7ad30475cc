//! How Breakthrough with holes is drawn and entered: 36 squares, four of them holes; a move is
//! one step, a piece and the cell it goes to.

use arbiter_core::present::{self, Board, Captured, CellId, Geometry, Piece, PieceKind, Present};
use arbiter_core::Side;

use crate::board::{cells, Cell, HOLES};
use crate::{Holes, Move};

fn cell(square: Cell) -> CellId {
    CellId(square.index() as u16)
}

impl Present for Holes {
    const CAPTURED: Captured = Captured::RemovedAtOnce;

    fn geometry(&self) -> Geometry {
        let holes: Vec<(u8, u8)> = cells(HOLES).map(|hole| (hole.file(), hole.rank())).collect();
        Geometry::algebraic(6, 6, false, &holes)
    }

    fn board(&self) -> Board {
        let pieces = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                cells(self.pieces(side)).map(move |square| Piece {
                    cell: cell(square),
                    side: Some(side),
                    kind: PieceKind::Man,
                })
            })
            .collect();
        Board { pieces, dial: None }
    }

    fn move_steps(&self, mv: Move) -> Vec<present::Step> {
        vec![present::Step {
            from: cell(mv.from()),
            to: cell(mv.to()),
            choice: None,
            captured: mv.is_capture().then(|| cell(mv.to())).into_iter().collect(),
            text: mv.to_string(),
        }]
    }
}
