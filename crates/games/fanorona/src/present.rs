//! How Fanorona is drawn and entered: 45 points joined by lines; a capture chain is entered
//! step by step, with approach or withdrawal chosen where a step could do both.

use arbiter_core::present::{
    self, Board, Captured, Cell, CellId, Choice, Geometry, Layout, Piece, PieceKind, Place, Present,
};
use arbiter_core::{MoveError, Side};

use crate::board::{points, Direction, Point, BOARD};
use crate::moves::{self, Capture};
use crate::{Fanorona, Move};

fn cell(point: Point) -> CellId {
    CellId(point.index() as u16)
}

impl Present for Fanorona {
    const CAPTURED: Captured = Captured::RemovedAtOnce;
    const CHOICES: &'static [&'static str] = &["A", "W"];

    fn geometry(&self) -> Geometry {
        let cells = points(BOARD)
            .map(|point| Cell {
                name: point.to_string(),
                place: Place::Grid { column: point.column(), row: point.row() - 1 },
                field: None,
                hole: false,
            })
            .collect();
        // Each line once: towards the east and the south.
        let lines = points(BOARD)
            .flat_map(|point| {
                [Direction::E, Direction::SE, Direction::S, Direction::SW]
                    .into_iter()
                    .filter_map(move |direction| point.neighbour(direction))
                    .map(move |neighbour| [cell(point), cell(neighbour)])
            })
            .collect();
        Geometry {
            layout: Layout::Points { columns: 9, rows: 5 },
            cells,
            lines,
            column_labels: ('A'..='I').map(String::from).collect(),
            row_labels: (1..=5).map(|row: u8| row.to_string()).collect(),
        }
    }

    fn board(&self) -> Board {
        let pieces = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                points(self.pieces(side)).map(move |point| Piece {
                    cell: cell(point),
                    side: Some(side),
                    kind: PieceKind::Man,
                })
            })
            .collect();
        Board { pieces, dial: None }
    }

    fn move_steps(&self, mv: Move) -> Vec<present::Step> {
        let enemy = self.side_to_move.opponent();
        mv.steps()
            .enumerate()
            .map(|(index, step)| {
                let before = self.after_steps(mv, index).pieces(enemy);
                let after = self.after_steps(mv, index + 1).pieces(enemy);
                present::Step {
                    from: cell(step.from),
                    to: cell(step.to),
                    choice: step.capture.map(|capture| match capture {
                        Capture::Approach => Choice::new("A", "capture by approach"),
                        Capture::Withdrawal => Choice::new("W", "capture by withdrawal"),
                    }),
                    captured: points(before & !after).map(cell).collect(),
                    text: step.to_string(),
                }
            })
            .collect()
    }

    fn match_step(&self, text: &str, candidates: &[&present::Step]) -> Result<usize, MoveError> {
        let texts: Vec<String> = candidates.iter().map(|step| step.text.clone()).collect();
        moves::match_step(text, &texts)
    }
}
