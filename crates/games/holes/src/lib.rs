//! Breakthrough 6×6 with holes (`holes`), from General Game Playing.
//!
//! Source: the seed `001_00f84a97d62f0f65.txt`, a prose rendering of the GGP game
//! `breakthroughSmallHoles`, and docs/rules.md §2, which settles it.
//!
//! # Rules
//!
//! A 6×6 board; the seed's cell `(x, y)` is column `x` = 1–6 (files a–f) and row `y` = 1–6
//! (ranks), so `(2,3)` is `b3`. White starts on every cell of rows 1 and 2, Black on every
//! cell of rows 5 and 6, twelve pieces each. Four cells are holes that no piece ever enters:
//! b3, c4, d3 and e4. White moves first.
//!
//! - A move takes one piece one row forward (White towards row 6, Black towards row 1),
//!   straight or diagonally, onto a cell on the board that is not a hole and is empty.
//! - With the option `captures=diagonal` (the original GGP rules, which the seed's text left
//!   out), a diagonal step may also go onto an enemy piece, which is removed; a straight step
//!   still needs an empty cell.
//! - White wins when a white piece reaches row 6, Black when a black piece reaches row 1. The
//!   player to move with no legal move loses (with captures, a player with no piece has none).
//!   GGP scores the winner 100 and the loser 0. There are no draws: every move advances a
//!   piece. The GDL `noop` of the waiting player is not a move here: players simply alternate.
//!
//! # Notation
//!
//! Canonical: `b2-b3`, and with captures `b2xc3`. Input also accepts the seed's coordinates
//! `(2,2)-(2,3)` and the GDL form `(move 2 2 2 3)`, and `-` for a capture too; an `x` marks a
//! capture, so `b2xc3` does not name the step b2-c3. A move is one step: `a2-a3-a4` is refused. A position is six
//! rows, row 6 first, each of six cells (`w`, `b`, `.` empty, `#` a hole), then the side to
//! move: `bbbbbb/bbbbbb/..#.#./.#.#../wwwwww/wwwwww w` is the start.
//!
//! # Symmetry
//!
//! The rules are unchanged by a half turn of the board with the colours swapped: the holes b3
//! c4 d3 e4 go to e4 d3 c4 b3, and each side's forward to the other's. [`Symmetry`] gives that
//! image.
//!
//! # Options
//!
//! `captures=none|diagonal`, default `none`: whether a diagonal step may capture.
//!
//! Two evaluations: the hand-written one ([`Evaluate::evaluate`](arbiter_core::Evaluate)), and a
//! trained network over piece-square features ([`net`]: its features and file), which
//! alpha-beta uses when its spec says `eval=net`.

pub mod board;
mod evaluate;
mod moves;
pub mod net;
mod present;
mod text;

use arbiter_core::{
    zobrist_keys, Forced, Game, GameOptions, Knowledge, MoveError, OptionError, OptionSpec,
    OptionValues, Outcome, PositionError, Side, Status, Symmetry, WinReason,
};

use crate::board::{
    back, back_by, cells, forward, Cell, Cells, Step, BOARD, HOLES, RANK_1, RANK_6,
};
pub use crate::moves::Move;

/// The options of Breakthrough with holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// `true` for `captures=diagonal`, the original GGP rules.
    pub diagonal_captures: bool,
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[OptionSpec {
        key: "captures",
        values: OptionValues::Choice(&["none", "diagonal"]),
        default: "none",
        help: "none: the seed's rules; diagonal: a diagonal step may take an enemy piece (GGP)",
    }];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.diagonal_captures = match value {
            "none" => false,
            "diagonal" => true,
            _ => {
                return Err(OptionError::InvalidValue {
                    key: key.to_owned(),
                    value: value.to_owned(),
                    expected: "none or diagonal".to_owned(),
                })
            }
        };
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![("captures", if self.diagonal_captures { "diagonal" } else { "none" }.to_owned())]
    }
}

/// The GGP goal value of `side` once the game is over: 100 for the winner and 0 for the loser
/// (docs/rules.md §2; a draw, which only an agreement can bring here, gives 50 each). `None` while
/// the game goes on.
#[must_use]
pub fn goal_value(status: Status, side: Side) -> Option<u8> {
    match status.outcome()?.winner() {
        Some(winner) if winner == side => Some(100),
        Some(_) => Some(0),
        None => Some(50),
    }
}

/// Zobrist keys: 2 colours × 36 cells, then one for White to move.
const KEYS: [u64; 73] = zobrist_keys(0xB4EA_7405);
const WHITE_TO_MOVE_KEY: u64 = KEYS[72];

/// A position: the pieces, the side to move, and the rule set it is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Holes {
    /// Each side's pieces, indexed by [`Side::index`].
    pieces: [Cells; 2],
    side_to_move: Side,
    diagonal_captures: bool,
    hash: u64,
    /// The hash of the position's [`Symmetry`] image, kept up to date beside `hash`, so that
    /// [`Knowledge::canonical_hash`] (which solvers ask of every position they meet) needs no image.
    image_hash: u64,
}

/// The key of a piece of side `side` (an index) on cell `cell` in the position's image: the
/// other side's piece on the cell a half turn away.
const fn image_key(side: usize, cell: usize) -> u64 {
    KEYS[(1 - side) * 36 + 35 - cell]
}

impl Holes {
    fn from_pieces(white: Cells, black: Cells, side_to_move: Side, options: &Options) -> Self {
        let mut position = Holes {
            pieces: [white, black],
            side_to_move,
            diagonal_captures: options.diagonal_captures,
            hash: 0,
            image_hash: 0,
        };
        position.hash = position.compute_hash();
        position.image_hash = position.compute_image_hash();
        position
    }

    /// The hash of the position's image, from scratch: its side to move is White when
    /// Black is to move here.
    fn compute_image_hash(&self) -> u64 {
        self.hash_by(Side::Black, image_key)
    }

    /// A hash from scratch: the key of every piece (by side index and cell index), and the
    /// side-to-move key when `white_to_move` is to move.
    fn hash_by(&self, white_to_move: Side, key: fn(usize, usize) -> u64) -> u64 {
        let mut hash = if self.side_to_move == white_to_move { WHITE_TO_MOVE_KEY } else { 0 };
        for side in Side::BOTH {
            for cell in cells(self.pieces(side)) {
                hash ^= key(side.index(), cell.index());
            }
        }
        hash
    }

    /// The cells of `side`'s pieces.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> Cells {
        self.pieces[side.index()]
    }

    const fn goal(side: Side) -> Cells {
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

    /// The cells a piece of the side to move may go to by `step`.
    #[inline]
    const fn targets(&self, step: Step) -> Cells {
        self.targets_for(self.side_to_move, step)
    }

    /// The cells a piece of `side` may go to by `step`.
    #[inline]
    const fn targets_for(&self, side: Side, step: Step) -> Cells {
        let empty = BOARD & !HOLES & !(self.pieces[0] | self.pieces[1]);
        if self.diagonal_captures && step.is_diagonal() {
            empty | self.pieces(side.opponent())
        } else {
            empty
        }
    }

    /// The pieces of `side` that can step onto their goal row at once, were it their turn.
    fn goal_steps(&self, side: Side) -> Cells {
        let goal = Self::goal(side);
        let ready = self.pieces(side) & back(goal, side);
        Step::ALL.iter().fold(0, |found, &step| {
            let landing = forward(ready, side, step) & self.targets_for(side, step) & goal;
            found | back_by(landing, side, step)
        })
    }

    fn count(&self) -> u32 {
        let own = self.pieces(self.side_to_move);
        Step::ALL
            .iter()
            .map(|&step| (forward(own, self.side_to_move, step) & self.targets(step)).count_ones())
            .sum()
    }
}

impl Game for Holes {
    type Move = Move;
    type Options = Options;

    const ID: &'static str = "holes";
    const NAME: &'static str = "Breakthrough 6x6 with holes";
    const DESCRIPTION: &'static str =
        "GGP Breakthrough on 6x6 with holes at b3 c4 d3 e4: step forward, \
        reach the far row to win (scores 100/0)";

    fn start(options: &Options) -> Self {
        Holes::from_pieces(0xFFF, 0xFFF << 24, Side::White, options)
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.mover_has_won() {
            return;
        }
        let enemy = self.pieces(self.side_to_move.opponent());
        for from in cells(self.pieces(self.side_to_move)) {
            for step in Step::ALL {
                let to = forward(from.bit(), self.side_to_move, step) & self.targets(step);
                if to != 0 {
                    moves.push(Move { from, to: Cell::lowest(to), capture: to & enemy != 0 });
                }
            }
        }
    }

    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        if self.mover_has_won() {
            0
        } else {
            u64::from(self.count())
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let own = self.side_to_move.index();
        let enemy = self.side_to_move.opponent().index();
        self.pieces[own] ^= mv.from.bit() | mv.to.bit();
        self.hash ^= KEYS[own * 36 + mv.from.index()] ^ KEYS[own * 36 + mv.to.index()];
        self.image_hash ^= image_key(own, mv.from.index()) ^ image_key(own, mv.to.index());
        if mv.capture {
            self.pieces[enemy] &= !mv.to.bit();
            self.hash ^= KEYS[enemy * 36 + mv.to.index()];
            self.image_hash ^= image_key(enemy, mv.to.index());
        }
        self.side_to_move = self.side_to_move.opponent();
        self.hash ^= WHITE_TO_MOVE_KEY;
        self.image_hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let mover = side.opponent();
        if self.mover_has_won() {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::GoalReached })
        } else if self.pieces(side) == 0 {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::NoPieces })
        } else if self.count() == 0 {
            Status::Over(Outcome::Win { winner: mover, reason: WinReason::NoLegalMove })
        } else {
            Status::Ongoing
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        self.hash_by(Side::White, |side, cell| KEYS[side * 36 + cell])
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        moves::parse(text, &self.legal_moves())
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn from_text(text: &str, options: &Options) -> Result<Self, PositionError> {
        text::read(text, options)
    }
}

impl Knowledge for Holes {
    fn canonical_hash(&self) -> u64 {
        // `symmetric_hash(self)`, without making the image (the symmetry test checks that
        // the two agree).
        self.hash.min(self.image_hash)
    }

    /// A piece one row from its goal with a free cell ahead wins at once. When the opponent
    /// has such a piece, nothing blocks it: its cells ahead are on the mover's home row, which
    /// the mover's pieces only ever leave. Only a capture of that piece (under
    /// `captures=diagonal`) stops it, and a move captures at most one piece.
    ///
    /// The same reasoning one row further back gives a race won in three plies: when neither
    /// side can win at once, a piece two rows from its goal that steps onto a cell with a
    /// free cell ahead makes such a threat, which the opponent can stop only by capturing it
    /// on that cell, and he cannot win first.
    fn forced(&self) -> Option<Forced> {
        let side = self.side_to_move;
        if self.goal_steps(side) != 0 {
            return Some(Forced::WinInOne);
        }
        let threats = self.goal_steps(side.opponent());
        if threats != 0 {
            let capturable = self.capture_targets(side);
            let stoppable = threats.count_ones() == 1 && threats & capturable != 0;
            return (!stoppable).then_some(Forced::LossInTwo);
        }
        (self.race_steps(side) != 0).then_some(Forced::WinInThree)
    }
}

impl Holes {
    /// The cells a diagonal step of `side` may capture on (none without captures).
    fn capture_targets(&self, side: Side) -> Cells {
        if self.diagonal_captures {
            let own = self.pieces(side);
            forward(own, side, Step::Left) | forward(own, side, Step::Right)
        } else {
            0
        }
    }

    /// The cells one row from `side`'s goal that a piece of `side` two rows from its goal can
    /// step onto, that have a free cell ahead (one the piece could step onto next), and that
    /// no enemy piece could capture on. The move changes nothing on the goal row, so the
    /// cell ahead stays free; the enemy's only answer to the threat would be that capture.
    fn race_steps(&self, side: Side) -> Cells {
        let goal = Self::goal(side);
        let runners = self.pieces(side) & back(back(goal, side), side);
        let landings = Step::ALL.iter().fold(0, |found, &step| {
            found | forward(runners, side, step) & self.targets_for(side, step)
        });
        let threatening = Step::ALL.iter().fold(0, |found, &step| {
            let ahead = forward(landings, side, step) & self.targets_for(side, step) & goal;
            found | back_by(ahead, side, step)
        });
        threatening & !self.capture_targets(side.opponent())
    }
}

/// A half turn of the board: cell `i` (bit `rank * 6 + file`) goes to cell `35 - i`.
const fn half_turn(cells: Cells) -> Cells {
    cells.reverse_bits() >> (64 - 36)
}

impl Symmetry for Holes {
    fn mirrored(&self) -> Self {
        let options = Options { diagonal_captures: self.diagonal_captures };
        Holes::from_pieces(
            half_turn(self.pieces(Side::Black)),
            half_turn(self.pieces(Side::White)),
            self.side_to_move.opponent(),
            &options,
        )
    }
}
