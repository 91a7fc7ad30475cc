//! Fanorona (`fanorona`), the 9×5 board (Tsivy): captures by approach and by withdrawal.
//!
//! Source: the seed `002_f4362de8c9830671.txt` and docs/rules.md §3, which settles it.
//!
//! # Rules
//!
//! The board has 9 columns A–I and 5 rows 1–5, row 1 at the top (Black's side) as in the
//! seed's picture. Every point joins its orthogonal neighbours; a point whose column number plus
//! row number is even (A1, C1, B2, E3, …) also joins its diagonal neighbours. Black starts on
//! rows 1–2, White on rows 4–5, and row 3 is `B W B W . B W B W` from A to I: 22 pieces each.
//! White moves first. Directions: N towards row 1, S towards row 5, W towards column A, E
//! towards column I, and the diagonals between.
//!
//! - A step moves a piece along a line to an adjacent empty point.
//! - Approach: if the point beyond the destination, in the direction of the step, holds an
//!   enemy piece, it and the unbroken line of enemy pieces behind it (up to the first empty
//!   point, friendly piece or edge) are captured. Withdrawal: likewise for the point just
//!   behind the starting point, opposite to the step. A step that could do both does one of
//!   them, the player's choice. Captured pieces leave the board at once.
//! - If any capturing step exists anywhere, the turn must start with one (on every turn);
//!   otherwise the turn is one non-capturing step, a paika.
//! - After a capture the same piece may go on with further capturing steps, never to a point
//!   it has occupied this turn (its start included) and never in the direction of the step
//!   just before. The player may stop after any capture (the seed's `SKIP`); the chain ends by
//!   itself when no allowed capture remains. A move is a whole turn, so every stopping point of
//!   a chain is a distinct legal move.
//! - A player who has captured every enemy piece wins; a player to move with no legal move
//!   loses. Draws (decided in docs/rules.md §3, applied by the game record): the same position
//!   with the same player to move for the third time, or 100 consecutive turns without a capture.
//!
//! The seed's example "F4 NE … captures D2, C1" is the step F4→E3, which is north-**west** on
//! this board (docs/rules.md §3).
//!
//! # Notation
//!
//! A step is `F4-E3`, with `A` (approach) or `W` (withdrawal) when it captures: `F4-E3A`; a
//! turn is its steps joined by commas, `F4-E3A,E3-E4W`. Input also accepts the seed's form, a
//! start point and a direction (`F4 NW`), with `A` or `W` needed only where a step could do
//! both; and the suffix may be left off a canonical step where the capture is unambiguous.
//! Positions are five rows, row 1 first, of nine points each (`w`, `b`, `.`), then the side to
//! move: `bbbbbbbbb/bbbbbbbbb/bwbw.bwbw/wwwwwwwww/wwwwwwwww w` is the start. In interactive
//! play a person enters one step at a time ([`Game::move_steps`]).
//!
//! # Options
//!
//! None.

pub mod board;
mod evaluate;
mod moves;
mod present;
pub mod retrograde;
mod text;

use arbiter_core::{
    zobrist_keys, DrawRules, Game, Knowledge, MoveError, NoOptions, Outcome, PositionError, Side,
    Status, WinReason,
};

use crate::board::{next, points, run, step, Direction, Point, Points, BOARD};
pub use crate::moves::{Capture, Move, Step};

/// Zobrist keys: 2 colours × 45 points, then one for White to move.
const KEYS: [u64; 91] = zobrist_keys(0xFA40_404A);
const WHITE_TO_MOVE_KEY: u64 = KEYS[90];

/// A Fanorona position between turns: the pieces and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fanorona {
    /// Each side's pieces, indexed by [`Side::index`].
    pieces: [Points; 2],
    side_to_move: Side,
    hash: u64,
}

/// The search for the capture chains of one piece. `own` holds the other pieces of the side
/// to move (not the chaining piece).
struct ChainSearch {
    own: Points,
}

impl ChainSearch {
    /// Every capturing step from `at` and, below each, the chains that go on from it; each is
    /// pushed as a move. `so_far` is the chain up to `at`.
    fn extend(
        &self,
        so_far: Move,
        at: Point,
        enemy: Points,
        visited: Points,
        last: Option<Direction>,
        moves: &mut Vec<Move>,
    ) {
        let open = BOARD & !self.own & !enemy & !visited;
        let mut steps = capturing_steps(at.bit(), open, enemy);
        if let Some(last) = last {
            steps &= !(0b11 << (2 * last as u32));
        }
        while steps != 0 {
            let code = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            let direction = Direction::ALL[code / 2];
            let to = Point::lowest(next(at, direction));
            let (capture, captured) = if code.is_multiple_of(2) {
                (Capture::Approach, run(to, direction, enemy))
            } else {
                (Capture::Withdrawal, run(at, direction.reverse(), enemy))
            };
            let chain = so_far.then(direction, to, capture, captured);
            moves.push(chain);
            self.extend(chain, to, enemy & !captured, visited | to.bit(), Some(direction), moves);
        }
    }
}

/// The capturing steps of the piece on `at` (a one-point set) to the points of `open`: bit
/// `2 × d` for an approach in direction `d` of [`Direction::ALL`], the next bit for a
/// withdrawal, so that going up the bits is the order of generation. All eight directions are
/// tested at once, with no branch, as most pieces met in a chain have no capture left.
fn capturing_steps(at: Points, open: Points, enemy: Points) -> u16 {
    Direction::ALL.iter().enumerate().fold(0, |steps, (index, &direction)| {
        let to = step(at, direction) & open;
        let approach = step(to, direction) & enemy != 0;
        let withdrawal = to != 0 && step(at, direction.reverse()) & enemy != 0;
        steps | u16::from(approach) << (2 * index) | u16::from(withdrawal) << (2 * index + 1)
    })
}

impl Fanorona {
    fn from_pieces(white: Points, black: Points, side_to_move: Side) -> Self {
        let mut position = Fanorona { pieces: [white, black], side_to_move, hash: 0 };
        position.hash = position.compute_hash();
        position
    }

    /// The points of `side`'s pieces.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> Points {
        self.pieces[side.index()]
    }

    const fn empty(&self) -> Points {
        BOARD & !(self.pieces[0] | self.pieces[1])
    }

    /// The pieces of the side to move that have a capturing step.
    fn capturers(&self) -> Points {
        self.capturers_of(self.side_to_move)
    }

    /// The pieces of `side` that would have a capturing step if it were to move.
    fn capturers_of(&self, side: Side) -> Points {
        let own = self.pieces(side);
        let enemy = self.pieces(side.opponent());
        let empty = self.empty();
        Direction::ALL.iter().fold(0, |found, &direction| {
            let back = direction.reverse();
            // Approach: the destination is empty and an enemy stands beyond it.
            let approach = step(step(enemy, back) & empty, back);
            // Withdrawal: the destination is empty and an enemy stands behind the start.
            let withdrawal = step(empty, back) & step(enemy, direction);
            found | (own & (approach | withdrawal))
        })
    }

    /// Whether the side to move could start a turn with more than `limit` capturing steps,
    /// each piece, direction and kind of capture counted once. The count stops past `limit`,
    /// which is small where it matters.
    fn more_first_captures_than(&self, limit: usize) -> bool {
        let own = self.pieces(self.side_to_move);
        let enemy = self.pieces(self.side_to_move.opponent());
        let empty = self.empty();
        let mut found = 0;
        for direction in Direction::ALL {
            let back = direction.reverse();
            let approach = own & step(step(enemy, back) & empty, back);
            let withdrawal = own & step(empty, back) & step(enemy, direction);
            for mut starts in [approach, withdrawal] {
                while starts != 0 {
                    found += 1;
                    if found > limit {
                        return true;
                    }
                    starts &= starts - 1;
                }
            }
        }
        false
    }

    fn count_paikas(&self) -> u32 {
        self.paikas_of(self.side_to_move)
    }

    /// The number of non-capturing steps `side` could make if it were to move.
    fn paikas_of(&self, side: Side) -> u32 {
        let own = self.pieces(side);
        let empty = self.empty();
        Direction::ALL.iter().map(|&direction| (step(own, direction) & empty).count_ones()).sum()
    }

    fn generate_chains(&self, capturers: Points, moves: &mut Vec<Move>) {
        let own = self.pieces(self.side_to_move);
        let enemy = self.pieces(self.side_to_move.opponent());
        for start in points(capturers) {
            let search = ChainSearch { own: own & !start.bit() };
            search.extend(Move::chain(start), start, enemy, start.bit(), None, moves);
        }
    }

    fn generate_paikas(&self, moves: &mut Vec<Move>) {
        let empty = self.empty();
        for from in points(self.pieces(self.side_to_move)) {
            for direction in Direction::ALL {
                let to = next(from, direction) & empty;
                if to != 0 {
                    moves.push(Move::paika(from, direction, Point::lowest(to)));
                }
            }
        }
    }

    fn key(side: Side, point: Point) -> u64 {
        KEYS[side.index() * 45 + point.index()]
    }

    /// The position after the first `steps` steps of `mv`, with the same side still to move:
    /// what a person sees while entering a chain.
    fn after_steps(&self, mv: Move, steps: usize) -> Fanorona {
        let mut position = *self;
        let side = self.side_to_move;
        let enemy = side.opponent();
        for step in mv.steps().take(steps) {
            position.pieces[side.index()] ^= step.from.bit() | step.to.bit();
            let captured = match step.capture {
                Some(Capture::Approach) => run(step.to, step.direction, position.pieces(enemy)),
                Some(Capture::Withdrawal) => {
                    run(step.from, step.direction.reverse(), position.pieces(enemy))
                }
                None => 0,
            };
            position.pieces[enemy.index()] &= !captured;
        }
        position.hash = position.compute_hash();
        position
    }
}

impl Game for Fanorona {
    type Move = Move;
    type Options = NoOptions;

    const ID: &'static str = "fanorona";
    const NAME: &'static str = "Fanorona";
    const DESCRIPTION: &'static str =
        "9x5 Fanorona: capture lines by approach or withdrawal, chains of captures; White first";

    fn start(_options: &NoOptions) -> Self {
        text::read(text::START)
            .unwrap_or_else(|error| panic!("the start position is valid: {error}"))
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let capturers = self.capturers();
        if capturers != 0 {
            self.generate_chains(capturers, moves);
        } else {
            self.generate_paikas(moves);
        }
    }

    fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        let capturers = self.capturers();
        if capturers == 0 {
            return u64::from(self.count_paikas());
        }
        scratch.clear();
        self.generate_chains(capturers, scratch);
        scratch.len() as u64
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.side_to_move;
        let enemy = side.opponent();
        let end = mv.end();
        self.pieces[side.index()] ^= mv.start.bit() | end.bit();
        self.hash ^= Self::key(side, mv.start) ^ Self::key(side, end);
        for captured in points(mv.captured) {
            self.hash ^= Self::key(enemy, captured);
        }
        self.pieces[enemy.index()] &= !mv.captured;
        self.side_to_move = enemy;
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let winner = side.opponent();
        if self.pieces(side) == 0 {
            Status::Over(Outcome::Win { winner, reason: WinReason::NoPieces })
        } else if self.capturers() == 0 && self.count_paikas() == 0 {
            Status::Over(Outcome::Win { winner, reason: WinReason::NoLegalMove })
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
            for point in points(self.pieces(side)) {
                hash ^= Self::key(side, point);
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

    fn from_text(text: &str, _options: &NoOptions) -> Result<Self, PositionError> {
        text::read(text)
    }

    fn draw_rules(&self) -> DrawRules {
        DrawRules { repetitions: Some(3), turns_without_progress: Some(100) }
    }

    fn is_progress(&self, mv: Move) -> bool {
        mv.is_capture()
    }
}

/// No knowledge beyond the rules: the solver does not take games that can be drawn.
impl Knowledge for Fanorona {}
