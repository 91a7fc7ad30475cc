//! How a GDL game is drawn and entered. Where the rules have a board (a relation of cells in
//! columns and rows, read by [`board`](super::board)), it is drawn with the pieces on it, and a
//! move is one step: the piece it moves to the cell it reaches, or the cell it fills, clicked
//! once. Otherwise the layout is [`Layout::Moves`]: the cells are the moves themselves (every
//! distinct move of the two roles, in a grid, each named by its GDL term), a move is one click
//! on its own cell (the game page lists the legal moves to click), and the diagram lists the
//! base propositions that hold.

use arbiter_core::present::{
    diagram, Board, Captured, Cell, CellId, Geometry, Layout, Marks, Place, Present, Step,
};
use arbiter_core::{Game, MoveError};

use crate::play::board::BoardStep;
use crate::play::position::{Gdl, GdlMove};

/// The widest the diagram's lines grow before the next proposition goes on a new line.
const DIAGRAM_WIDTH: usize = 78;

impl Present for Gdl {
    const CAPTURED: Captured = Captured::RemovedAtOnce;

    /// The board read from the rules; else the moves of both roles as cells, the first role's
    /// first, in a grid of moves as nearly square as their number allows.
    fn geometry(&self) -> Geometry {
        if let Some(board) = &self.rules().0.board {
            return board.geometry.clone();
        }
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
            layout: Layout::Moves { columns, rows },
            cells,
            lines: Vec::new(),
            column_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }

    /// The pieces on the board read from the rules; none without one.
    fn board(&self) -> Board {
        let pieces = match &self.rules().0.board {
            Some(board) => board.pieces(self.state()),
            None => Vec::new(),
        };
        Board { pieces, dial: None }
    }

    /// One step: on the board, from the piece moved (or the cell filled) to the cell reached;
    /// without a board, on the move's own cell.
    fn move_steps(&self, mv: GdlMove) -> Vec<Step> {
        let cells = &self.rules().0.cell_of[mv.side().index()];
        let own = CellId(cells.get(mv.index()).copied().unwrap_or(0));
        let on_board = self.rules().0.board.as_ref().map(|board| {
            // A move the board does not show (which the random games that read the board did
            // not meet) is entered on the first cell.
            self.board_step(board, mv).unwrap_or(BoardStep {
                from: CellId(0),
                to: CellId(0),
                captured: Vec::new(),
            })
        });
        let step = on_board.unwrap_or(BoardStep { from: own, to: own, captured: Vec::new() });
        vec![Step {
            from: step.from,
            to: step.to,
            choice: None,
            captured: step.captured,
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

    /// The role to move, then the board, or without one the base propositions that hold, a
    /// few to a line.
    fn diagram(&self) -> String {
        let rules = self.rules();
        let side = self.side_to_move();
        if rules.0.board.is_some() {
            let board = diagram(&self.geometry(), &self.board(), &Marks::default());
            return format!("{} ({side}) to move\n{board}", rules.role_name(side));
        }
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
