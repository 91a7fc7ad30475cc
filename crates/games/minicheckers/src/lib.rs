//! Mini checkers 6×6 (`minicheckers`): men only; reach the far row to win.
//!
//! Source: the seed `000_beb3a7fee5fd7f43.txt` and docs/rules.md §1, which settles it.
//!
//! # Rules
//!
//! A 6×6 board, files a–f from left to right and ranks 1–6 from White's side; pieces stand on
//! the dark squares only (a1 is dark). White starts on a1 c1 e1 b2 d2 f2 and Black on a5 c5 e5
//! b6 d6 f6, as in the seed's picture. White moves first (option `first=black` to change it).
//!
//! - A piece steps one square diagonally forward (White up the ranks, Black down) onto an
//!   empty square. There are no kings and no backward moves.
//! - A capture jumps diagonally forward over an adjacent enemy piece onto the empty square
//!   directly behind it; the enemy piece is removed. Captures go forward only.
//! - Capturing is compulsory. A capturing piece must go on capturing while it can, and the
//!   whole sequence is one move; where several sequences exist the player chooses any of them
//!   (there is no rule to take the most).
//! - A player wins at once when one of his pieces reaches the far row (White rank 6, Black
//!   rank 1), by a step or a capture. A player whose turn it is and who has no piece or no
//!   legal move loses. There are no draws: every move advances a piece, so games are finite.
//!
//! Decision of this crate: because pieces only ever move forward, a captured piece could never
//! be met again in the same move, so whether it leaves at once or at the end of the move makes
//! no difference. A position text in which the side to move already stands on its goal row
//! is rejected: that player would have won on the move before.
//!
//! # Notation
//!
//! Squares are algebraic, `a1` bottom-left. A step is `b2-c3`; captures list every landing
//! square, `a1xc3xe5`; input also accepts the short `a1xe5` where it names one move, `-` in place of
//! `x` in a capture (an `x` marks a capture: `b2xc3` does not name a step), and upper-case
//! files. Positions are written like PDN FEN with algebraic
//! squares: the side to move, then each colour's squares,
//! `W:Wa1,b2,c1,d2,e1,f2:Ba5,b6,c5,d6,e5,f6` (the start).
//!
//! # Symmetry
//!
//! The rules are unchanged by a half turn of the board with the colours swapped (dark squares
//! go to dark squares, each side's forward to the other's): [`Symmetry`] gives that image.
//!
//! # Options
//!
//! `first=white|black`, default `white`: who moves first from the start position.

pub mod board;
mod evaluate;
mod moves;
mod present;
mod text;

use arbiter_core::{
    symmetric_hash, zobrist_keys, Game, GameOptions, Knowledge, MoveError, OptionError, OptionSpec,
    OptionValues, Outcome, PositionError, Side, Status, Symmetry, WinReason,
};

use crate::board::{squares, step, Direction, Square, Squares, RANK_1, RANK_6};
pub use crate::moves::Move;

/// The options of mini checkers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Who moves first from the start position.
    pub first: Side,
}

impl Default for Options {
    fn default() -> Self {
        Options { first: Side::White }
    }
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[OptionSpec {
        key: "first",
        values: OptionValues::Choice(&["white", "black"]),
        default: "white",
        help: "who moves first",
    }];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.first = match value {
            "white" => Side::White,
            "black" => Side::Black,
            _ => {
                return Err(OptionError::InvalidValue {
                    key: key.to_owned(),
                    value: value.to_owned(),
                    expected: "white or black".to_owned(),
                })
            }
        };
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![("first", self.first.name().to_owned())]
    }
}

/// Zobrist keys: 2 colours × 36 squares, then one for White to move.
const KEYS: [u64; 73] = zobrist_keys(0x6A6E_C4EC);
const WHITE_TO_MOVE_KEY: u64 = KEYS[72];

/// A mini-checkers position: where the pieces stand and who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Minicheckers {
    /// Each side's pieces, indexed by [`Side::index`].
    pieces: [Squares; 2],
    side_to_move: Side,
    hash: u64,
}

impl Minicheckers {
    fn from_pieces(white: Squares, black: Squares, side_to_move: Side) -> Self {
        let mut position = Minicheckers { pieces: [white, black], side_to_move, hash: 0 };
        position.hash = position.compute_hash();
        position
    }

    /// The squares of `side`'s pieces.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> Squares {
        self.pieces[side.index()]
    }

    /// The directions `side` moves and captures in.
    const fn forward(side: Side) -> [Direction; 2] {
        match side {
            Side::White => [Direction::UpLeft, Direction::UpRight],
            Side::Black => [Direction::DownLeft, Direction::DownRight],
        }
    }

    /// The row where `side` wins.
    const fn goal(side: Side) -> Squares {
        match side {
            Side::White => RANK_6,
            Side::Black => RANK_1,
        }
    }

    /// `true` when the player who just moved stands on his goal row: he has won.
    const fn mover_has_won(&self) -> bool {
        let mover = self.side_to_move.opponent();
        self.pieces(mover) & Self::goal(mover) != 0
    }

    const fn empty(&self) -> Squares {
        board::BOARD & !(self.pieces[0] | self.pieces[1])
    }

    /// The pieces of the side to move that can capture now.
    fn capturers(&self) -> Squares {
        let enemy = self.pieces(self.side_to_move.opponent());
        let own = self.pieces(self.side_to_move);
        let empty = self.empty();
        Self::forward(self.side_to_move).iter().fold(0, |found, &direction| {
            let back = reverse(direction);
            found | (step(step(empty, back) & enemy, back) & own)
        })
    }

    fn count_steps(&self) -> u32 {
        self.steps_of(self.side_to_move)
    }

    /// The number of steps `side` could make if it were to move.
    fn steps_of(&self, side: Side) -> u32 {
        let own = self.pieces(side);
        let empty = self.empty();
        Self::forward(side)
            .iter()
            .map(|&direction| (step(own, direction) & empty).count_ones())
            .sum()
    }

    fn generate_steps(&self, moves: &mut Vec<Move>) {
        let empty = self.empty();
        for from in squares(self.pieces(self.side_to_move)) {
            for direction in Self::forward(self.side_to_move) {
                let to = step(from.bit(), direction);
                if to & empty != 0 {
                    let to = Square::lowest(to);
                    moves.push(Move { from, to, jumps: 0, captured: 0, path: 0 });
                }
            }
        }
    }

    fn generate_captures(&self, capturers: Squares, moves: &mut Vec<Move>) {
        let side = self.side_to_move;
        for from in squares(capturers) {
            let search = CaptureSearch {
                from,
                directions: Self::forward(side),
                enemy: self.pieces(side.opponent()),
                empty: self.empty() | from.bit(),
                goal: Self::goal(side),
            };
            search.extend(from, 0, 0, 0, moves);
        }
    }
}

const fn reverse(direction: Direction) -> Direction {
    match direction {
        Direction::UpLeft => Direction::DownRight,
        Direction::UpRight => Direction::DownLeft,
        Direction::DownLeft => Direction::UpRight,
        Direction::DownRight => Direction::UpLeft,
    }
}

/// The depth-first search for the capture sequences of one piece.
struct CaptureSearch {
    from: Square,
    directions: [Direction; 2],
    enemy: Squares,
    empty: Squares,
    goal: Squares,
}

impl CaptureSearch {
    fn extend(&self, at: Square, jumps: u8, captured: Squares, path: u32, moves: &mut Vec<Move>) {
        let mut extended = false;
        for direction in self.directions {
            let over = step(at.bit(), direction) & self.enemy & !captured;
            let landing = step(over, direction) & self.empty;
            if landing == 0 {
                continue;
            }
            extended = true;
            let to = Square::lowest(landing);
            let path = path | (to.index() as u32) << (6 * u32::from(jumps));
            if landing & self.goal != 0 {
                // Reaching the far row wins at once.
                moves.push(Move {
                    from: self.from,
                    to,
                    jumps: jumps + 1,
                    captured: captured | over,
                    path,
                });
            } else {
                self.extend(to, jumps + 1, captured | over, path, moves);
            }
        }
        if !extended && jumps > 0 {
            moves.push(Move { from: self.from, to: at, jumps, captured, path });
        }
    }
}

impl Game for Minicheckers {
    type Move = Move;
    type Options = Options;

    const ID: &'static str = "minicheckers";
    const NAME: &'static str = "Mini checkers 6x6";
    const DESCRIPTION: &'static str =
        "6x6 checkers with men only: forward moves and compulsory forward captures; reach the far row to win";

    fn start(options: &Options) -> Self {
        let at = |names: [&str; 6]| {
            names.iter().filter_map(|name| Square::parse(name)).fold(0, |set, sq| set | sq.bit())
        };
        Minicheckers::from_pieces(
            at(["a1", "c1", "e1", "b2", "d2", "f2"]),
            at(["a5", "c5", "e5", "b6", "d6", "f6"]),
            options.first,
        )
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.mover_has_won() {
            return;
        }
        let capturers = self.capturers();
        if capturers != 0 {
            self.generate_captures(capturers, moves);
        } else {
            self.generate_steps(moves);
        }
    }

    fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        if self.mover_has_won() {
            return 0;
        }
        let capturers = self.capturers();
        if capturers == 0 {
            return u64::from(self.count_steps());
        }
        scratch.clear();
        self.generate_captures(capturers, scratch);
        scratch.len() as u64
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.side_to_move;
        let own = side.index();
        let enemy = side.opponent().index();
        self.pieces[own] ^= mv.from.bit() | mv.to.bit();
        self.hash ^= KEYS[own * 36 + mv.from.index()] ^ KEYS[own * 36 + mv.to.index()];
        for captured in squares(mv.captured) {
            self.hash ^= KEYS[enemy * 36 + captured.index()];
        }
        self.pieces[enemy] &= !mv.captured;
        self.side_to_move = side.opponent();
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let mover = side.opponent();
        if self.mover_has_won() {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::GoalReached })
        } else if self.pieces(side) == 0 {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::NoPieces })
        } else if self.capturers() == 0 && self.count_steps() == 0 {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::NoLegalMove })
        } else {
            Status::Ongoing
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side_to_move == Side::White { WHITE_TO_MOVE_KEY } else { 0 };
        for side in Side::BOTH {
            for square in squares(self.pieces(side)) {
                hash ^= KEYS[side.index() * 36 + square.index()];
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        moves::parse(text, &self.legal_moves())
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn from_text(text: &str, _options: &Options) -> Result<Self, PositionError> {
        text::read(text)
    }
}

impl Knowledge for Minicheckers {
    fn canonical_hash(&self) -> u64 {
        symmetric_hash(self)
    }
}

/// A half turn of the board: square `i` (bit `rank * 6 + file`) goes to square `35 - i`.
const fn half_turn(squares: Squares) -> Squares {
    squares.reverse_bits() >> (64 - 36)
}

impl Symmetry for Minicheckers {
    fn mirrored(&self) -> Self {
        Minicheckers::from_pieces(
            half_turn(self.pieces(Side::Black)),
            half_turn(self.pieces(Side::White)),
            self.side_to_move.opponent(),
        )
    }
}
