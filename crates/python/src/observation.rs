//! The observation tensor: planes of the board as one player sees it.
//!
//! Every game has the same [`PLANES`], each a grid of the board's shape: `rows × columns` for
//! square and point boards (seen by White, its pieces at the bottom), `rings × sectors` for
//! the round board of Day and Night (the innermost ring first, the sectors clockwise from the
//! top). The tensor's shape is `(PLANES.len(), height, width)`.

use arbiter_core::present::{Board, Geometry, Layout, Marks, PieceKind, Place};
use arbiter_core::Side;

/// The planes, in order: what a 1 in each means.
pub const PLANES: [&str; 10] = [
    // 0: a piece of the player observing
    "own",      // 1: a piece of the opponent
    "opponent", // 2: a king, of either side
    "king",     // 3: a neutral piece (Day and Night)
    "neutral",  // 4: a hole, where no piece may stand
    "hole",     // 5: a cell in the day (Day and Night's dial)
    "day",      // 6: the piece that goes on with the turn partly entered
    "active",   // 7: a piece captured so far in the turn partly entered
    "captured",
    // 8: a cell of the board (the squares pieces stand on, in checkers the dark ones)
    "cell", // 9: the player observing is to move (the whole plane)
    "to_move",
];

/// Where each cell of a board is in the planes: computed once per game, shared by its states.
#[derive(Debug, Clone)]
pub struct BoardMap {
    /// `(height, width)`.
    shape: (usize, usize),
    /// For each cell, its index within a plane.
    offsets: Vec<usize>,
    /// For each cell, its sector on a round board.
    sectors: Vec<Option<u8>>,
    /// The holes, by cell.
    holes: Vec<bool>,
    /// The board's geometry.
    pub geometry: Geometry,
}

impl BoardMap {
    /// The map of `geometry`.
    pub fn new(geometry: Geometry) -> BoardMap {
        let (height, width) = match geometry.layout {
            Layout::Squares { columns, rows }
            | Layout::Points { columns, rows }
            | Layout::Moves { columns, rows } => (usize::from(rows), usize::from(columns)),
            Layout::Round { sectors, rings } => (usize::from(rings), usize::from(sectors)),
        };
        let row_column = |place: Place| match place {
            Place::Grid { column, row } => (usize::from(row), usize::from(column)),
            Place::Round { sector, ring } => (usize::from(ring), usize::from(sector)),
        };
        let offsets = geometry
            .cells
            .iter()
            .map(|cell| {
                let (row, column) = row_column(cell.place);
                row * width + column
            })
            .collect();
        let sectors = geometry
            .cells
            .iter()
            .map(|cell| match cell.place {
                Place::Round { sector, .. } => Some(sector),
                Place::Grid { .. } => None,
            })
            .collect();
        let holes = geometry.cells.iter().map(|cell| cell.hole).collect();
        BoardMap { shape: (height, width), offsets, sectors, holes, geometry }
    }

    /// The tensor's shape: planes, height, width.
    pub fn shape(&self) -> [usize; 3] {
        [PLANES.len(), self.shape.0, self.shape.1]
    }

    /// The planes of `board` (with the turn in progress marked) for `player`, flattened in
    /// the order of [`BoardMap::shape`].
    pub fn planes(&self, board: &Board, marks: &Marks, player: Side, to_move: Side) -> Vec<f32> {
        let area = self.shape.0 * self.shape.1;
        let mut planes = vec![0.0; PLANES.len() * area];
        let mut set = |plane: usize, offset: usize| planes[plane * area + offset] = 1.0;
        for piece in &board.pieces {
            let offset = self.offsets[piece.cell.index()];
            match piece.side {
                Some(side) if side == player => set(0, offset),
                Some(_) => set(1, offset),
                None => {}
            }
            match piece.kind {
                PieceKind::King => set(2, offset),
                PieceKind::Neutral => set(3, offset),
                PieceKind::Man => {}
            }
        }
        for (cell, &offset) in self.offsets.iter().enumerate() {
            if self.holes[cell] {
                set(4, offset);
            }
            let day = board.dial.as_ref().zip(self.sectors[cell]);
            if day.is_some_and(|(dial, sector)| dial.day.contains(&sector)) {
                set(5, offset);
            }
            set(8, offset);
        }
        if let Some(active) = marks.active {
            set(6, self.offsets[active.index()]);
        }
        for captured in &marks.captured {
            set(7, self.offsets[captured.index()]);
        }
        if player == to_move {
            planes[9 * area..].fill(1.0);
        }
        planes
    }
}
