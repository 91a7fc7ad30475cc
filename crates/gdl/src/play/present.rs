//! How a GDL game is drawn and entered: a description says nothing of a board, so the cells
//! to click are the moves themselves (every distinct move of the two roles, in a grid, each
//! named by its GDL term), a move is one step on its own cell, and the diagram lists the base
//! propositions that hold.

use arbiter_core::present::{
    Board, Captured, Cell, CellId, Geometry, Layout, Place, Present, Step,
};
use arbiter_core::{Game, MoveError};

use crate::play::position::{Gdl, GdlMove};

/// The widest the diagram's lines grow before the next proposition goes on a new line.
const DIAGRAM_WIDTH: usize = 78;

impl Present for Gdl {
    const CAPTURED: Captured = Captured::RemovedAtEnd;

    /// The moves of both roles as cells, the first role's first, in a grid as nearly square
    /// as their number allows.
    fn geometry(&self) -> Geometry {
        let names = &self.rules().0.cells;
        let columns = (1..=255u8)
            .find(|&columns| usize::from(columns) * usize::from(columns) >= names.len())
            .unwrap_or(u8::MAX);
        let rows = u8::try_from(names.len().div_ceil(usize::from(columns))).unwrap_or(u8::MAX);
        let cells = names
            .iter()
            .enumerate()
            .map(|(index, name)| Cell {
                name: name.clone(),
                place: Place::Grid {
                    column: u8::try_from(index % usize::from(columns)).unwrap_or(u8::MAX),
                    row: u8::try_from(index / usize::from(columns)).unwrap_or(u8::MAX),
                },
                field: None,
                hole: false,
            })
            .collect();
        Geometry {
            layout: Layout::Squares { columns, rows },
            cells,
            lines: Vec::new(),
            column_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }

    /// No pieces: a description does not say which of its propositions are pieces.
    fn board(&self) -> Board {
        Board { pieces: Vec::new(), dial: None }
    }

    /// One step, on the move's own cell.
    fn move_steps(&self, mv: GdlMove) -> Vec<Step> {
        let cells = &self.rules().0.cell_of[mv.side().index()];
        let cell = CellId(cells.get(mv.index()).copied().unwrap_or(0));
        vec![Step {
            from: cell,
            to: cell,
            choice: None,
            captured: Vec::new(),
            text: mv.to_string(),
        }]
    }

    /// A step typed as its move, in any case and spacing.
    fn match_step(&self, text: &str, candidates: &[&Step]) -> Result<usize, MoveError> {
        let canonical = self.parse_move(text).map(|mv| mv.to_string());
        let wanted = canonical.as_deref().unwrap_or(text.trim());
        candidates.iter().position(|candidate| candidate.text == wanted).ok_or_else(|| {
            MoveError::Illegal {
                text: text.trim().to_owned(),
                legal: candidates.iter().map(|step| step.text.clone()).collect(),
            }
        })
    }

    /// The role to move and the base propositions that hold, a few to a line.
    fn diagram(&self) -> String {
        let rules = self.rules();
        let side = self.side_to_move();
        let mut text = format!("{} ({side}) to move; the state:\n", rules.role_name(side));
        let mut line = String::new();
        for proposition in rules.game().propositions(self.state()) {
            if !line.is_empty() && line.len() + 1 + proposition.len() > DIAGRAM_WIDTH {
                text.push_str(&line);
                text.push('\n');
                line.clear();
            }
            line.push_str(if line.is_empty() { "  " } else { " " });
            line.push_str(proposition);
        }
        text.push_str(&line);
        text.push('\n');
        text
    }
}
