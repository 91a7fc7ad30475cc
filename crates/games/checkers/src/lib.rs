//! Checkers, also called English draughts (`checkers`).
//!
//! Source: the seed `003_ac796582ee99bf51.txt` and docs/rules.md §4, which settles it.
//!
//! # Rules
//!
//! An 8×8 board; the pieces stand on the 32 dark squares, numbered 1–32 from the top as in the
//! seed's diagram (and in PDN). Black starts on squares 1–12 and moves first, down the diagram;
//! White starts on 21–32 and moves up.
//!
//! - A man steps one square diagonally forward onto an empty square; a king steps one square
//!   diagonally in any direction (kings do not fly).
//! - Jumping is compulsory: a piece jumps over a diagonally adjacent enemy piece onto the empty
//!   square beyond, men forward only, kings in all four directions. A jumping piece must go on
//!   jumping while it can; where several sequences exist the player chooses any of them (there
//!   is no rule to take the most). The whole sequence is one move.
//! - Jumped pieces leave the board when the move ends, and no piece is jumped twice in one
//!   move, so during a sequence they still block. The jumping piece's start square is empty
//!   during its own move: a king may come back to it around a loop.
//! - A man that reaches the far row is crowned and the move ends there.
//! - A player with no piece, or no legal move, on his turn loses; a player may resign.
//! - Draws (applied by the game record): by agreement; when the same position with the same
//!   player to move occurs for the third time; or after 80 consecutive turns (40 each) with no
//!   capture and no move of an uncrowned man (a man's move that crowns it counts as a man's
//!   move).
//!
//! # Notation
//!
//! PDN. A step is `11-15`; jumps list every landing square, `9x18x27`. Input also accepts the
//! short form `9x27` where only one legal move starts and ends there (otherwise the error lists
//! the moves it could mean), and `-` in place of `x` in a jump; an `x` marks a jump, so `11x15`
//! does not name the step 11-15. Positions are PDN FEN:
//! `B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29` (side to move, then each colour's squares,
//! `K` before a king; ranges like `1-12` are accepted on input). A man may not stand on the row
//! where it would have been crowned. Records are PDN files with `[GameType "21"]`; results are
//! written `1-0` (White won), `0-1` (Black won) and `1/2-1/2`.
//!
//! # Options
//!
//! None.
//!
//! # Implementation
//!
//! Bitboards: one `u32` per colour and one for kings ([`board`]). Steps are counted for a
//! whole set of pieces at once with shifts; jumps are found piece by piece with a depth-first
//! search.

pub mod board;
mod evaluate;
mod moves;
mod present;
mod text;

use arbiter_core::{
    zobrist_keys, DrawRules, Game, MoveError, NoOptions, Outcome, PositionError, Side, Status,
    WinReason,
};

use crate::board::{index, squares, step, Direction, Squares, BOTTOM_ROW, NEIGHBOUR, TOP_ROW};
pub use crate::moves::Move;

/// Zobrist keys: 4 kinds of piece × 32 squares, then one for White to move.
const KEYS: [u64; 129] = zobrist_keys(0xC4EC_4E55);
const WHITE_TO_MOVE_KEY: u64 = KEYS[128];

/// The kinds of piece, as indices into [`KEYS`]: a king's kind is its man's plus one.
const BLACK_MAN: usize = 0;
const WHITE_MAN: usize = 2;

/// A checkers position: where the pieces stand and who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Checkers {
    black: Squares,
    white: Squares,
    kings: Squares,
    side_to_move: Side,
    hash: u64,
}

impl Checkers {
    /// A position from its pieces. The sets must not overlap, and `kings` must be a subset of
    /// the pieces; [`Game::from_text`] checks these for text from outside.
    fn from_pieces(black: Squares, white: Squares, kings: Squares, side_to_move: Side) -> Self {
        let mut position = Checkers { black, white, kings, side_to_move, hash: 0 };
        position.hash = position.compute_hash();
        position
    }

    /// The squares of `side`'s pieces (bit `i` is PDN square `i + 1`).
    #[must_use]
    pub const fn pieces(&self, side: Side) -> Squares {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// The squares of the kings of both sides.
    #[must_use]
    pub const fn kings(&self) -> Squares {
        self.kings
    }

    const fn empty(&self) -> Squares {
        !(self.black | self.white)
    }

    /// The directions a man of `side` moves in.
    const fn forward(side: Side) -> [Direction; 2] {
        match side {
            Side::White => Direction::UP,
            Side::Black => Direction::DOWN,
        }
    }

    /// The row where a man of `side` is crowned.
    const fn crowning_row(side: Side) -> Squares {
        match side {
            Side::White => TOP_ROW,
            Side::Black => BOTTOM_ROW,
        }
    }

    /// The pieces of `side` that may move in `direction`: all its kings, and its men if the
    /// direction is forward for them.
    #[inline]
    fn movers(&self, side: Side, direction: Direction) -> Squares {
        let own = self.pieces(side);
        if Self::forward(side).contains(&direction) {
            own
        } else {
            own & self.kings
        }
    }

    /// The pieces of the side to move that can jump now.
    #[inline]
    fn jumpers(&self) -> Squares {
        let enemy = self.pieces(self.side_to_move.opponent());
        let empty = self.empty();
        let mut jumpers = 0;
        for direction in Direction::ALL {
            let back = direction.reverse();
            jumpers |=
                step(step(empty, back) & enemy, back) & self.movers(self.side_to_move, direction);
        }
        jumpers
    }

    /// The number of steps (non-jumping moves) of the side to move.
    #[inline]
    fn count_steps(&self) -> u32 {
        self.steps_of(self.side_to_move)
    }

    /// The number of steps (non-jumping moves) `side` could make if it were to move.
    #[inline]
    fn steps_of(&self, side: Side) -> u32 {
        let empty = self.empty();
        Direction::ALL
            .iter()
            .map(|&direction| (step(self.movers(side, direction), direction) & empty).count_ones())
            .sum()
    }

    fn generate_steps(&self, moves: &mut Vec<Move>) {
        let own = self.pieces(self.side_to_move);
        let empty = self.empty();
        for from in squares(own) {
            let directions: &[Direction] = if self.kings & (1 << from) != 0 {
                &Direction::ALL
            } else {
                &Self::forward(self.side_to_move)
            };
            for &direction in directions {
                let to = NEIGHBOUR[direction as usize][from];
                if to & empty != 0 {
                    moves.push(Move::step(from, index(to)));
                }
            }
        }
    }

    fn generate_jumps(&self, jumpers: Squares, moves: &mut Vec<Move>) {
        for from in squares(jumpers) {
            self.jump_search(from).extend(from, 0, 0, 0, moves);
        }
    }

    /// The number of jump sequences, counted without building them (perft's last ply).
    fn count_jumps(&self, jumpers: Squares) -> u64 {
        squares(jumpers).map(|from| self.jump_search(from).count(from, 0, 0)).sum()
    }

    /// The search for the jump sequences of the piece on `from`.
    fn jump_search(&self, from: usize) -> JumpSearch<'static> {
        let is_king = self.kings & (1 << from) != 0;
        JumpSearch {
            from,
            // Constants, so that the search borrows them for ever (`forward` gives a copy).
            directions: match (is_king, self.side_to_move) {
                (true, _) => &Direction::ALL,
                (false, Side::White) => &Direction::UP,
                (false, Side::Black) => &Direction::DOWN,
            },
            enemy: self.pieces(self.side_to_move.opponent()),
            // The jumping piece has left its square; jumped pieces stay until the end.
            occupied: !self.empty() & !(1 << from),
            crowning_row: if is_king { 0 } else { Self::crowning_row(self.side_to_move) },
        }
    }

    fn update(&mut self, kind: usize, square: usize) {
        self.hash ^= KEYS[kind * 32 + square];
    }

    fn kind_at(&self, square: usize) -> Option<usize> {
        let bit = 1 << square;
        let king = usize::from(self.kings & bit != 0);
        if self.black & bit != 0 {
            Some(BLACK_MAN + king)
        } else if self.white & bit != 0 {
            Some(WHITE_MAN + king)
        } else {
            None
        }
    }
}

/// The depth-first search for the jump sequences of one piece.
struct JumpSearch<'a> {
    from: usize,
    directions: &'a [Direction],
    enemy: Squares,
    occupied: Squares,
    /// Where a man's move ends by crowning (empty for a king).
    crowning_row: Squares,
}

impl JumpSearch<'_> {
    /// Extends the sequence that has made `jumps` jumps to `square`, capturing `captured`.
    fn extend(
        &self,
        square: usize,
        jumps: usize,
        captured: Squares,
        path: u64,
        moves: &mut Vec<Move>,
    ) {
        let mut extended = false;
        for (over, landing) in self.jumps(square, captured) {
            extended = true;
            let to = index(landing);
            let path = path | (to as u64) << (5 * jumps);
            if landing & self.crowning_row != 0 {
                moves.push(self.finish(to, jumps + 1, captured | over, path));
            } else {
                self.extend(to, jumps + 1, captured | over, path, moves);
            }
        }
        if !extended && jumps > 0 {
            moves.push(self.finish(square, jumps, captured, path));
        }
    }

    /// The jumps from `square` with `captured` already taken: the piece jumped over and the
    /// landing square of each, one bit each.
    fn jumps(
        &self,
        square: usize,
        captured: Squares,
    ) -> impl Iterator<Item = (Squares, Squares)> + '_ {
        self.directions.iter().filter_map(move |&direction| {
            let over = NEIGHBOUR[direction as usize][square];
            if over & self.enemy & !captured == 0 {
                return None;
            }
            let landing = NEIGHBOUR[direction as usize][index(over)];
            (landing != 0 && landing & self.occupied == 0).then_some((over, landing))
        })
    }

    /// The number of sequences [`JumpSearch::extend`] would make from the same point.
    fn count(&self, square: usize, jumps: usize, captured: Squares) -> u64 {
        let mut sequences = 0;
        for (over, landing) in self.jumps(square, captured) {
            sequences += if landing & self.crowning_row != 0 {
                1
            } else {
                self.count(index(landing), jumps + 1, captured | over)
            };
        }
        if sequences == 0 && jumps > 0 {
            1
        } else {
            sequences
        }
    }

    fn finish(&self, to: usize, jumps: usize, captured: Squares, path: u64) -> Move {
        Move { from: self.from as u8, to: to as u8, jumps: jumps as u8, captured, path }
    }
}

impl Game for Checkers {
    type Move = Move;
    type Options = NoOptions;

    const ID: &'static str = "checkers";
    const NAME: &'static str = "Checkers (English draughts)";
    const DESCRIPTION: &'static str =
        "8x8 draughts: men and kings, compulsory jumps, multi-jumps; Black moves first";
    const RECORD_TAG: (&'static str, &'static str) = ("GameType", "21");

    fn start(_options: &NoOptions) -> Self {
        Checkers::from_pieces(0x0000_0FFF, 0xFFF0_0000, 0, Side::Black)
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.generate_jumps(jumpers, moves);
        } else {
            self.generate_steps(moves);
        }
    }

    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        let jumpers = self.jumpers();
        if jumpers == 0 {
            return u64::from(self.count_steps());
        }
        self.count_jumps(jumpers)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.side_to_move;
        let from = usize::from(mv.from);
        let to = usize::from(mv.to);
        let Some(kind) = self.kind_at(from) else {
            panic!("play_unchecked: no piece on square {} for {mv}", from + 1);
        };
        for captured in squares(mv.captured) {
            if let Some(captured_kind) = self.kind_at(captured) {
                self.update(captured_kind, captured);
            }
        }
        let (own, enemy) = match side {
            Side::White => (&mut self.white, &mut self.black),
            Side::Black => (&mut self.black, &mut self.white),
        };
        *enemy &= !mv.captured;
        // `from` and `to` are equal when a king jumps around a loop back to its square.
        *own = (*own & !(1 << from)) | (1 << to);
        let is_king = self.kings & (1 << from) != 0;
        self.kings &= !mv.captured & !(1 << from);
        let crowned = !is_king && (1 << to) & Self::crowning_row(side) != 0;
        if is_king || crowned {
            self.kings |= 1 << to;
        }
        self.update(kind, from);
        self.update(kind | usize::from(crowned), to);
        self.side_to_move = side.opponent();
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let winner = side.opponent();
        if self.pieces(side) == 0 {
            Status::Over(Outcome::Win { winner, reason: WinReason::NoPieces })
        } else if self.jumpers() == 0 && self.count_steps() == 0 {
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
        for square in squares(self.black | self.white) {
            if let Some(kind) = self.kind_at(square) {
                hash ^= KEYS[kind * 32 + square];
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        moves::parse(text, &self.legal_moves())
    }

    fn to_text(&self) -> String {
        text::write_fen(self)
    }

    fn from_text(text: &str, _options: &NoOptions) -> Result<Self, PositionError> {
        text::read_fen(text)
    }

    fn draw_rules(&self) -> DrawRules {
        DrawRules { repetitions: Some(3), turns_without_progress: Some(80) }
    }

    /// A capture or a move of an uncrowned man (crowning included) resets the count.
    fn is_progress(&self, mv: Move) -> bool {
        mv.is_capture() || self.kings & (1 << mv.from) == 0
    }
}
