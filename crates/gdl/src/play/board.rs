//! A board read from the rules, where they have one: a relation of the base propositions whose
//! first two arguments are a column and a row and whose others say what stands there, such as
//! `(cell 1 3 x)` in tic-tac-toe or `(cellholds 2 7 black)` in Breakthrough. Its cells are
//! drawn in rows and columns (the first role's side at the bottom, the rows' smallest value
//! there), and what stands on them as the pieces of a side, learnt from random games: a content
//! that only one role's moves bring onto the board is that role's piece (as is a content named
//! like a role), one that both bring is an empty cell. A move is entered as the piece it moves
//! and the cell it reaches, or the cell it fills, found by playing it and comparing the boards.
//!
//! A description whose moves that relation does not tell apart (in the positions of a few
//! random games: a move that changes no cell, two moves with the same clicks, or one that moves
//! several pieces) has no board: its moves are its cells, listed to click
//! ([`Layout::Moves`](arbiter_core::present::Layout::Moves)).

use std::collections::{BTreeSet, HashMap};

use arbiter_core::present::{Cell, CellId, Geometry, Layout, Piece, PieceKind, Place};
use arbiter_core::Side;

use crate::error::GdlError;
use crate::game::{Game, Move, State};
use crate::limits::Deadline;
use crate::machine::Machine;

/// The most columns, and the most rows, of a board read from the rules.
const MAX_SIDE: usize = 32;

/// The fewest cells a board has.
const MIN_CELLS: usize = 4;

/// How many random games teach whose pieces are which.
const GAMES: usize = 16;

/// The longest of those games, in turns.
const TURNS: usize = 200;

/// How many of the positions they pass through are checked for moves the board tells apart.
const CHECKED_POSITIONS: usize = 400;

/// A board read from the rules.
#[derive(Debug)]
pub(crate) struct Board {
    pub(crate) geometry: Geometry,
    /// For each base proposition of the board's relation, by its number: its cell and the
    /// number of its content.
    at: Vec<Option<(CellId, usize)>>,
    /// What each content is: a piece of a side (or neutral) and its kind, or nothing drawn.
    shows: Vec<Option<(Option<Side>, PieceKind)>>,
}

/// How a move changes the board: the cell of the piece it moves (or of the cell it fills),
/// the cell it reaches, and the cells whose pieces it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BoardStep {
    pub(crate) from: CellId,
    pub(crate) to: CellId,
    pub(crate) captured: Vec<CellId>,
}

/// The words of a base proposition without nested terms: `(cell 1 3 x)` is `cell 1 3 x`.
fn words(text: &str) -> Option<Vec<&str>> {
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    (!inner.contains(['(', ')'])).then(|| inner.split_whitespace().collect())
}

/// Values sorted as numbers where they all are, else as text.
fn sorted(values: BTreeSet<&str>) -> Vec<&str> {
    let mut values: Vec<&str> = values.into_iter().collect();
    if values.iter().all(|value| value.parse::<i64>().is_ok()) {
        values.sort_by_key(|value| value.parse::<i64>().unwrap_or(0));
    }
    values
}

/// A cell's name: `a1` for a letter and a number, else the column and the row, `3,2`.
fn cell_name(column: &str, row: &str) -> String {
    let letters = column.chars().all(|c| c.is_ascii_alphabetic());
    let digits = row.chars().all(|c| c.is_ascii_digit());
    if letters && digits {
        format!("{column}{row}")
    } else {
        format!("{column},{row}")
    }
}

/// The relation read as the board, and the board's shape without its pieces: the relation
/// with `cell` in its name first, then the one with the most cells; `None` where no relation
/// is a grid.
fn shape(game: &Game) -> Option<Board> {
    let mut relations: HashMap<&str, Vec<(usize, Vec<&str>)>> = HashMap::new();
    for (number, text) in game.base_propositions().iter().enumerate() {
        match words(text) {
            Some(words) if words.len() >= 4 => {
                relations.entry(words[0]).or_default().push((number, words));
            }
            _ => {}
        }
    }
    let grids = relations.into_iter().filter_map(|(name, atoms)| {
        let pairs: BTreeSet<(&str, &str)> = atoms.iter().map(|(_, w)| (w[1], w[2])).collect();
        let columns = sorted(pairs.iter().map(|pair| pair.0).collect());
        let rows = sorted(pairs.iter().map(|pair| pair.1).collect());
        let area = columns.len() * rows.len();
        let grid = columns.len() <= MAX_SIDE
            && rows.len() <= MAX_SIDE
            && area >= MIN_CELLS
            && pairs.len() * 2 >= area;
        grid.then_some((name, atoms, pairs, columns, rows))
    });
    let (_, atoms, pairs, columns, rows) = grids.max_by_key(|(name, _, pairs, _, _)| {
        (name.contains("cell"), pairs.len(), std::cmp::Reverse(*name))
    })?;
    let mut cells = Vec::new();
    let mut numbers = HashMap::new();
    for (row_index, row) in rows.iter().enumerate().rev() {
        for (column_index, column) in columns.iter().enumerate() {
            numbers.insert((*column, *row), CellId(u16::try_from(cells.len()).ok()?));
            cells.push(Cell {
                name: cell_name(column, row),
                place: Place::Grid {
                    column: u8::try_from(column_index).ok()?,
                    row: u8::try_from(rows.len() - 1 - row_index).ok()?,
                },
                field: None,
                hole: !pairs.contains(&(*column, *row)),
            });
        }
    }
    let mut contents: Vec<String> = Vec::new();
    let mut at = vec![None; game.base_propositions().len()];
    for (number, words) in &atoms {
        let content = words[3..].join(" ");
        let index = contents.iter().position(|known| *known == content).unwrap_or_else(|| {
            contents.push(content);
            contents.len() - 1
        });
        at[*number] = Some((numbers[&(words[1], words[2])], index));
    }
    let layout = Layout::Squares {
        columns: u8::try_from(columns.len()).ok()?,
        rows: u8::try_from(rows.len()).ok()?,
    };
    let geometry = Geometry {
        layout,
        cells,
        lines: Vec::new(),
        column_labels: columns.iter().map(|column| (*column).to_owned()).collect(),
        row_labels: rows.iter().rev().map(|row| (*row).to_owned()).collect(),
    };
    // Named like a role: that role's piece; the others are learnt by play.
    let shows = contents
        .iter()
        .map(|content| {
            let role = game.roles().iter().position(|role| role == content);
            role.map(|role| {
                (Some(if role == 0 { Side::White } else { Side::Black }), PieceKind::Man)
            })
        })
        .collect();
    Some(Board { geometry, at, shows })
}

/// A small random generator of its own, seeded, so that the same rules are always read the
/// same way (xorshift64).
struct Random(u64);

impl Random {
    fn below(&mut self, count: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % count.max(1) as u64).unwrap_or(0)
    }
}

impl Board {
    /// The board of `game`'s rules, whose side `first` moves first, if they have one that
    /// tells their moves apart.
    ///
    /// # Errors
    ///
    /// [`GdlError::TooSlow`] when `deadline` passes.
    pub(crate) fn read(
        game: &Game,
        first: Side,
        deadline: &Deadline,
    ) -> Result<Option<Board>, GdlError> {
        let Some(mut board) = shape(game) else { return Ok(None) };
        let mut machine = game.machine();
        let mut brought = vec![[0usize; 2]; board.shows.len()];
        let mut positions: Vec<(State, Side)> = Vec::new();
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..GAMES {
            deadline.check("reading the board")?;
            machine.set_state(&game.initial_state())?;
            let mut side = first;
            for _ in 0..TURNS {
                let before = machine.state().clone();
                let count = machine.legal_count(side.index());
                if machine.is_terminal() || count == 0 || deadline.passed() {
                    break;
                }
                if positions.len() < CHECKED_POSITIONS {
                    positions.push((before.clone(), side));
                }
                let chosen = machine.nth_legal(side.index(), random.below(count));
                let Some(joint) = chosen.and_then(|mv| joint(&machine, side, mv)) else { break };
                machine.play(&joint)?;
                for base in machine.state().bases().filter(|&base| !before.contains(base)) {
                    if let Some((_, content)) = board.at.get(base).copied().flatten() {
                        brought[content][side.index()] += 1;
                    }
                }
                side = side.opponent();
            }
        }
        board.learn(game, &brought);
        for (state, side) in &positions {
            deadline.check("reading the board")?;
            if !board.tells_apart(&mut machine, state, *side)? {
                return Ok(None);
            }
        }
        Ok(Some(board))
    }

    /// Sets what each content shows from the counts of the moves of each side that brought
    /// it onto the board: one side's alone, its piece; both sides', an empty cell; neither's,
    /// a neutral piece if it stands on few cells at the start, else an empty cell. A side's
    /// content most seen at the start is its man, its others kings.
    fn learn(&mut self, game: &Game, brought: &[[usize; 2]]) {
        let initial = game.initial_state();
        let mut at_start = vec![0usize; self.shows.len()];
        for base in initial.bases() {
            if let Some((_, content)) = self.at.get(base).copied().flatten() {
                at_start[content] += 1;
            }
        }
        let cells = self.geometry.cells.iter().filter(|cell| !cell.hole).count();
        for (content, shows) in self.shows.iter_mut().enumerate() {
            if shows.is_some() {
                continue;
            }
            *shows = match brought[content] {
                [0, 0] if at_start[content] * 2 < cells => Some((None, PieceKind::Neutral)),
                [0, 0] => None,
                [_, 0] => Some((Some(Side::White), PieceKind::Man)),
                [0, _] => Some((Some(Side::Black), PieceKind::Man)),
                _ => None,
            };
        }
        for side in Side::BOTH {
            let own: Vec<usize> = (0..self.shows.len())
                .filter(|&content| matches!(self.shows[content], Some((Some(s), _)) if s == side))
                .collect();
            let man = own
                .iter()
                .copied()
                .max_by_key(|&content| (at_start[content], usize::MAX - content));
            for content in own {
                let kind = if Some(content) == man { PieceKind::Man } else { PieceKind::King };
                self.shows[content] = Some((Some(side), kind));
            }
        }
    }

    /// Whether every legal move of `side` in `state` changes the board in a way of its own:
    /// one piece moved or one cell filled, and no two moves alike.
    fn tells_apart(
        &self,
        machine: &mut Machine<'_>,
        state: &State,
        side: Side,
    ) -> Result<bool, GdlError> {
        machine.set_state(state)?;
        let moves: Vec<Move> = machine.legal_moves(side.index()).collect();
        let mut seen = BTreeSet::new();
        for mv in moves {
            machine.set_state(state)?;
            let Some(joint) = joint(machine, side, mv) else { return Ok(false) };
            machine.play(&joint)?;
            let Some(step) = self.step(state, machine.state(), side) else { return Ok(false) };
            if !seen.insert((step.from, step.to)) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The pieces on the board in `state`: one a cell, the first its propositions show.
    pub(crate) fn pieces(&self, state: &State) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        for base in state.bases() {
            let Some((cell, content)) = self.at.get(base).copied().flatten() else { continue };
            let Some((side, kind)) = self.shows[content] else { continue };
            if pieces.iter().all(|piece| piece.cell != cell) {
                pieces.push(Piece { cell, side, kind });
            }
        }
        pieces
    }

    /// The piece of `side` a content is.
    fn owned_by(&self, content: usize, side: Side) -> bool {
        matches!(self.shows[content], Some((Some(owner), _)) if owner == side)
    }

    /// How the move of `side` from `before` to `after` changes the board, where one piece of
    /// `side` moves or one cell is filled (or emptied); `None` otherwise.
    pub(crate) fn step(&self, before: &State, after: &State, side: Side) -> Option<BoardStep> {
        // For each cell changed: (the contents gone, the contents come).
        let mut changed: Vec<(CellId, Vec<usize>, Vec<usize>)> = Vec::new();
        let mut note = |base: usize, came: bool| {
            let Some((cell, content)) = self.at.get(base).copied().flatten() else { return };
            let index = changed.iter().position(|(known, _, _)| *known == cell);
            let index = index.unwrap_or_else(|| {
                changed.push((cell, Vec::new(), Vec::new()));
                changed.len() - 1
            });
            if came {
                changed[index].2.push(content)
            } else {
                changed[index].1.push(content)
            }
        };
        before.bases().filter(|&base| !after.contains(base)).for_each(|base| note(base, false));
        after.bases().filter(|&base| !before.contains(base)).for_each(|base| note(base, true));
        changed.sort_by_key(|(cell, _, _)| *cell);
        let own = |contents: &[usize], of: Side| contents.iter().any(|&c| self.owned_by(c, of));
        let left: Vec<CellId> =
            changed.iter().filter(|(_, gone, _)| own(gone, side)).map(|c| c.0).collect();
        let arrived: Vec<&(CellId, Vec<usize>, Vec<usize>)> =
            changed.iter().filter(|(_, _, came)| own(came, side)).collect();
        let captured: Vec<CellId> =
            changed.iter().filter(|(_, gone, _)| own(gone, side.opponent())).map(|c| c.0).collect();
        // A cell where a piece of the other side turns into one of this side's is converted,
        // not reached (Othello's flips), unless nothing else is.
        let fresh: Vec<CellId> = arrived
            .iter()
            .filter(|(_, gone, _)| !own(gone, side.opponent()))
            .map(|c| c.0)
            .collect();
        let to = match (fresh.as_slice(), arrived.as_slice()) {
            ([to], _) | ([], [(to, _, _)]) => Some(*to),
            _ => None,
        };
        let (from, to) = match (left.as_slice(), to) {
            ([from], Some(to)) => (*from, to),
            ([], Some(to)) => (to, to),
            ([from], None) if arrived.is_empty() => (*from, *from),
            ([], None) if changed.len() == 1 => (changed[0].0, changed[0].0),
            _ => return None,
        };
        Some(BoardStep { from, to, captured })
    }
}

/// The joint move where `side` plays `mv` and the other role its first legal move; `None`
/// when it has none.
pub(crate) fn joint(machine: &Machine<'_>, side: Side, mv: Move) -> Option<[Move; 2]> {
    let other = machine.nth_legal(side.opponent().index(), 0)?;
    Some(if side == Side::White { [mv, other] } else { [other, mv] })
}
