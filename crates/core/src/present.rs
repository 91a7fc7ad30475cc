//! Presentation: what a user interface needs to draw a game and let a person enter a turn,
//! typed, so that no front end parses a position text or a diagram.
//!
//! - [`Geometry`]: the board's cells, each with its name in the game's notation and its place
//!   for drawing, the lines pieces move along where they are not the obvious grid, holes and
//!   field colours;
//! - [`Board`]: the pieces on it (cell, side, kind) and, in Day and Night, the dial;
//! - [`Step`]: one step of a move as a person enters it (from, to, a choice where the cells do
//!   not decide, the cells whose pieces it captures);
//! - [`Present`]: the trait each game implements to give these;
//! - [`diagram`]: the board drawn as text for the terminal, from the same data.
//!
//! The [`turn`](crate::turn) module assembles a turn from clicks or typed steps with them.

mod diagram;

use crate::{Game, MoveError, Side};

pub use self::diagram::diagram;

/// A cell (square, point or field) of a board: its index in [`Geometry::cells`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct CellId(pub u16);

impl CellId {
    /// The index into [`Geometry::cells`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The shape of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Layout {
    /// A chequered board of `columns` × `rows` squares; pieces stand on the cells (in checkers
    /// the dark squares only), the other squares are drawn as light squares.
    Squares {
        /// Squares in a row.
        columns: u8,
        /// Rows of squares.
        rows: u8,
    },
    /// Points where lines cross, `columns` × `rows`, joined by [`Geometry::lines`].
    Points {
        /// Points in a row.
        columns: u8,
        /// Rows of points.
        rows: u8,
    },
    /// A round board: `sectors` around the circle, `rings` from the inside out.
    Round {
        /// Sectors around the circle, the first at the top, then clockwise.
        sectors: u8,
        /// Rings, the first innermost.
        rings: u8,
    },
    /// No board: each cell is a move of its own, named by the move's text (`(take a 2)`), and
    /// a move is one click on its cell. The cells stand in a grid of `columns` × `rows`, for
    /// whatever draws every cell (the text diagram, observation planes); a client that lists
    /// the legal moves to click instead, as the game page does, may leave the grid aside.
    Moves {
        /// Cells in a row.
        columns: u8,
        /// Rows of cells.
        rows: u8,
    },
}

/// Where a cell is drawn, as seen by White (the first side's pieces at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Place {
    /// Column `column` from the left, row `row` from the top, both from 0.
    Grid {
        /// From the left, from 0.
        column: u8,
        /// From the top, from 0.
        row: u8,
    },
    /// Sector `sector` (0 at the top, clockwise) and ring `ring` (0 innermost).
    Round {
        /// From 0, clockwise.
        sector: u8,
        /// From 0, the innermost.
        ring: u8,
    },
}

/// The colour of a field, where the board's fields have colours that matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Field {
    /// A light (white) field.
    Light,
    /// A dark (black) field.
    Dark,
}

/// One cell of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Cell {
    /// Its name in the game's notation: `11`, `b2`, `F4`, `a3`.
    pub name: String,
    /// Where it is drawn.
    pub place: Place,
    /// Its colour, where fields have colours.
    pub field: Option<Field>,
    /// `true` for a hole: part of the board, but no piece may ever stand there.
    pub hole: bool,
}

/// A board's shape and cells, which do not change during a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Geometry {
    /// The shape.
    pub layout: Layout,
    /// Every cell; [`CellId`] indexes this list.
    pub cells: Vec<Cell>,
    /// The lines joining cells, where moves do not simply follow the grid (every line of a
    /// Fanorona board); empty otherwise.
    pub lines: Vec<[CellId; 2]>,
    /// The labels of the columns from the left (`a`–`f`), or of the sectors clockwise from
    /// the top; empty where the cells carry their own names (checkers' numbers).
    pub column_labels: Vec<String>,
    /// The labels of the rows from the top (`6`–`1`), or of the rings from the inside; empty
    /// where the cells carry their own names.
    pub row_labels: Vec<String>,
}

impl Geometry {
    /// The name of `cell`.
    #[must_use]
    pub fn name(&self, cell: CellId) -> &str {
        self.cells.get(cell.index()).map_or("?", |cell| cell.name.as_str())
    }

    /// The cell called `name` (exactly as written in the game's notation).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<CellId> {
        self.cells.iter().position(|cell| cell.name == name).map(|index| CellId(index as u16))
    }

    /// A board of `columns` × `rows` squares named algebraically, `a1` at the bottom left.
    /// Its cells are listed from `a1` along each rank, then the next rank: every square, or
    /// with `dark_only` the dark squares alone (those where file + rank is even, `a1` dark),
    /// so that the cell of square index `i` is `i` or `i / 2`. The squares in `holes`
    /// (`(file, rank)` from 0) are holes.
    #[must_use]
    pub fn algebraic(columns: u8, rows: u8, dark_only: bool, holes: &[(u8, u8)]) -> Geometry {
        let mut cells = Vec::new();
        for rank in 0..rows {
            for file in 0..columns {
                let dark = (file + rank) % 2 == 0;
                if dark_only && !dark {
                    continue;
                }
                cells.push(Cell {
                    name: format!("{}{}", char::from(b'a' + file), rank + 1),
                    place: Place::Grid { column: file, row: rows - 1 - rank },
                    field: dark_only.then_some(Field::Dark),
                    hole: holes.contains(&(file, rank)),
                });
            }
        }
        Geometry {
            layout: Layout::Squares { columns, rows },
            cells,
            lines: Vec::new(),
            column_labels: (0..columns).map(|file| char::from(b'a' + file).to_string()).collect(),
            row_labels: (1..=rows).rev().map(|rank| rank.to_string()).collect(),
        }
    }

    /// The cell drawn at `place`, if any.
    #[must_use]
    pub fn at(&self, place: Place) -> Option<CellId> {
        self.cells.iter().position(|cell| cell.place == place).map(|index| CellId(index as u16))
    }
}

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PieceKind {
    /// An ordinary piece.
    Man,
    /// A crowned piece (checkers).
    King,
    /// A piece that belongs to nobody (a captured piece in Day and Night).
    Neutral,
}

/// A piece on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Where it stands.
    pub cell: CellId,
    /// Whose it is; `None` for a neutral piece.
    pub side: Option<Side>,
    /// What it is.
    pub kind: PieceKind,
}

/// The day/night dial of a round board: which sectors are in the day, now and after its next
/// turn.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct Dial {
    /// The sectors in the day, clockwise from the first; the others are in the night.
    pub day: Vec<u8>,
    /// The sectors in the day once the dial has turned next (at the end of the round).
    pub next: Vec<u8>,
}

/// The pieces on a board, and what else changes during a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    /// Every piece.
    pub pieces: Vec<Piece>,
    /// The day/night dial, on a board that has one.
    pub dial: Option<Dial>,
}

impl Board {
    /// The piece on `cell`.
    #[must_use]
    pub fn piece_at(&self, cell: CellId) -> Option<&Piece> {
        self.pieces.iter().find(|piece| piece.cell == cell)
    }
}

/// A choice a person makes where the cells clicked do not decide the move: its token (`A`,
/// `W`, `skip`) and what it means.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Choice {
    /// The token, as the API's clicks and the page's `data-choice` write it.
    pub token: String,
    /// What it means, for people: `capture by approach`.
    pub label: String,
}

impl Choice {
    /// A choice with its token and label.
    #[must_use]
    pub fn new(token: &str, label: &str) -> Choice {
        Choice { token: token.to_owned(), label: label.to_owned() }
    }

    /// Ends a turn that could go on (a Fanorona chain, a Day-and-Night turn without its
    /// neutral slide).
    #[must_use]
    pub fn skip() -> Choice {
        Choice::new(SKIP, "end the turn here")
    }
}

/// The token of [`Choice::skip`].
pub const SKIP: &str = "skip";

/// One step of a move as a person enters it: a piece goes from one cell to another.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// Where the piece stands.
    pub from: CellId,
    /// Where it goes.
    pub to: CellId,
    /// The choice that completes the step where the cells alone may not decide it (Fanorona's
    /// approach or withdrawal); the turn assembly asks for it only where another move needs it.
    pub choice: Option<Choice>,
    /// The cells whose pieces the step captures (or, in Day and Night, neutralises).
    pub captured: Vec<CellId>,
    /// The step in the game's notation, as a person types it: `F4-E3A`, `9x18`, `c3xe3`.
    pub text: String,
}

/// What becomes of captured pieces while a turn is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Captured {
    /// They leave the board at once (Fanorona).
    RemovedAtOnce,
    /// They stay, marked, until the move ends (checkers).
    RemovedAtEnd,
    /// They stay and become neutral (Day and Night).
    Neutralised,
}

/// How a game is drawn and entered by people: implemented by each game beside its rules.
pub trait Present: Game {
    /// What becomes of captured pieces during a move.
    const CAPTURED: Captured;

    /// The tokens of every [`Choice`] a step of this game may carry, [`SKIP`] aside, in a
    /// fixed order: a front end that numbers steps (the Python bindings' integer actions)
    /// numbers the choices by their place here.
    const CHOICES: &'static [&'static str] = &[];

    /// What ending a turn that could go on means, for people (the label of [`SKIP`]).
    const SKIP_LABEL: &'static str = "end the turn here";

    /// The board's cells and shape under this position's options.
    fn geometry(&self) -> Geometry;

    /// The pieces on the board (and the dial).
    fn board(&self) -> Board;

    /// The steps of `mv`, a legal move here, in the order a person enters them; at least one.
    fn move_steps(&self, mv: Self::Move) -> Vec<Step>;

    /// Which of `candidates` (possible next steps) the step typed in `text` names, in any
    /// accepted notation. The default accepts a step's canonical text.
    fn match_step(&self, text: &str, candidates: &[&Step]) -> Result<usize, MoveError> {
        let text = text.trim();
        candidates.iter().position(|candidate| candidate.text == text).ok_or_else(|| {
            MoveError::Illegal {
                text: text.to_owned(),
                legal: candidates.iter().map(|step| step.text.clone()).collect(),
            }
        })
    }

    /// The board drawn as text with its coordinates, for people.
    fn diagram(&self) -> String {
        diagram(&self.geometry(), &self.board(), &Marks::default())
    }
}

/// Cells to mark on a board being drawn: a turn in progress.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Marks {
    /// The piece that continues the turn.
    pub active: Option<CellId>,
    /// The cells whose pieces the turn has captured so far (still on the board where they
    /// leave it only at the end of the move).
    pub captured: Vec<CellId>,
}
