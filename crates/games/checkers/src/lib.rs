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
//! Bitboards: one `u64` per colour and one for kings, in the layout with ghost squares
//! ([`board`]), where every diagonal step is a single shift whatever the row. Steps are counted
//! for a whole set of pieces at once; jumps are found piece by piece with a depth-first search.
//! A move names its start and end squares by bit, and its captures and landing squares by PDN
//! number, which is more compact.
//!
//! Two evaluations: the hand-written one ([`Evaluate::evaluate`](arbiter_core::Evaluate)), and a
//! trained network over piece-square features ([`net`]: its features and file), which
//! alpha-beta uses when its spec says `eval=net`.

pub mod board;
mod evaluate;
mod moves;
pub mod net;
mod present;
pub mod retrograde;
mod text;

use std::sync::OnceLock;

use arbiter_core::{
    zobrist_keys, DrawRules, Game, Knowledge, MoveError, NoOptions, Openings, Outcome,
    PositionError, Side, Status, WinReason,
};

use crate::board::{
    bit_of, from_pdn, index, jump, pdn_index, squares, step, to_pdn, Direction, Squares, BITS,
    BOARD, BOTTOM_ROW, JUMP, TOP_ROW,
};
pub use crate::moves::Move;

/// Zobrist keys by PDN square: 4 kinds of piece × 32 squares, then one for White to move.
const PDN_KEYS: [u64; 129] = zobrist_keys(0xC4EC_4E55);
const WHITE_TO_MOVE_KEY: u64 = PDN_KEYS[128];

/// The same keys by kind and bit (0 for the ghosts): hashes do not depend on the layout.
// A `static`, not a `const`: a `const` array indexed at run time may be copied onto the stack
// at each use.
static KEYS: [[u64; BITS]; 4] = {
    let mut keys = [[0; BITS]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 32 {
            keys[kind][bit_of(square)] = PDN_KEYS[kind * 32 + square];
            square += 1;
        }
        kind += 1;
    }
    keys
};

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
    pub const fn pieces(&self, side: Side) -> u32 {
        to_pdn(self.side_squares(side))
    }

    /// The squares of the kings of both sides (bit `i` is PDN square `i + 1`).
    #[must_use]
    pub const fn kings(&self) -> u32 {
        to_pdn(self.kings)
    }

    /// The squares of `side`'s pieces in the layout of [`board`].
    const fn side_squares(&self, side: Side) -> Squares {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// The empty squares: never a ghost, so that steps onto the ghosts are dropped with it.
    const fn empty(&self) -> Squares {
        BOARD & !(self.black | self.white)
    }

    /// The row where a man of `side` is crowned.
    const fn crowning_row(side: Side) -> Squares {
        match side {
            Side::White => TOP_ROW,
            Side::Black => BOTTOM_ROW,
        }
    }

    /// The pieces of `side` that move up the diagram (towards square 1) and those that move
    /// down: White's men go up, Black's down, and kings both ways.
    #[inline]
    const fn movers(&self, side: Side) -> (Squares, Squares) {
        let own = self.side_squares(side);
        match side {
            Side::White => (own, own & self.kings),
            Side::Black => (own & self.kings, own),
        }
    }

    /// The pieces of the side to move that can jump now.
    #[inline]
    fn jumpers(&self) -> Squares {
        let enemy = self.side_squares(self.side_to_move.opponent());
        let empty = self.empty();
        // Pieces that could jump in `direction`: an enemy piece next to them that way, and an
        // empty square beyond it.
        let can_jump = |back: Direction| step(enemy, back) & jump(empty, back);
        let (up, down) = self.movers(self.side_to_move);
        up & (can_jump(Direction::DownRight) | can_jump(Direction::DownLeft))
            | down & (can_jump(Direction::UpRight) | can_jump(Direction::UpLeft))
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
        let (up, down) = self.movers(side);
        let targets = |movers: Squares, direction: Direction| step(movers, direction) & empty;
        targets(up, Direction::UpLeft).count_ones()
            + targets(up, Direction::UpRight).count_ones()
            + targets(down, Direction::DownLeft).count_ones()
            + targets(down, Direction::DownRight).count_ones()
    }

    /// For each direction of [`Direction::ALL`], the pieces of the side to move that can step
    /// that way: found for all pieces at once.
    #[inline]
    fn stepping(&self) -> [Squares; 4] {
        let empty = self.empty();
        let (up, down) = self.movers(self.side_to_move);
        Direction::ALL.map(|direction| {
            let movers =
                if matches!(direction, Direction::UpLeft | Direction::UpRight) { up } else { down };
            step(step(movers, direction) & empty, direction.reverse())
        })
    }

    /// The steps of the side to move, by starting square and then in the order of
    /// [`Direction::ALL`].
    fn generate_steps(&self, moves: &mut Vec<Move>) {
        let stepping = self.stepping();
        for from in squares(stepping[0] | stepping[1] | stepping[2] | stepping[3]) {
            for (direction, pieces) in Direction::ALL.into_iter().zip(stepping) {
                if pieces & (1 << from) != 0 {
                    moves.push(Move::step(from, from.wrapping_add_signed(direction.offset())));
                }
            }
        }
    }

    /// A step chosen by `choose` from the number of steps, in the order of
    /// [`Checkers::generate_steps`], found without making the others: whole pieces are
    /// skipped by counting their steps. `None` if there is no step.
    fn choose_step(&self, choose: impl FnOnce(usize) -> usize) -> Option<Move> {
        let stepping = self.stepping();
        let count: u32 = stepping.iter().map(|pieces| pieces.count_ones()).sum();
        if count == 0 {
            return None;
        }
        let mut index_left = choose(count as usize);
        for from in squares(stepping[0] | stepping[1] | stepping[2] | stepping[3]) {
            // The directions this piece can step in, one bit each in the order of `ALL`.
            let directions = (0..4).fold(0, |set, d| set | ((stepping[d] >> from) & 1) << d);
            let count = directions.count_ones() as usize;
            if index_left < count {
                let direction = Direction::ALL[squares(directions).nth(index_left)?];
                return Some(Move::step(from, from.wrapping_add_signed(direction.offset())));
            }
            index_left -= count;
        }
        None
    }

    /// The jumps of the side to move: by starting square, then in the order of the search.
    fn generate_jumps(&self, jumpers: Squares, moves: &mut Vec<Move>) {
        let single = self.single_jumpers(jumpers);
        let enemy = self.side_squares(self.side_to_move.opponent());
        let empty = self.empty();
        for from in squares(jumpers) {
            if single & (1 << from) == 0 {
                self.jump_search(from).extend(from, 0, 0, 0, moves);
                continue;
            }
            // The search would find these same jumps, in this order, and nothing more.
            for direction in Self::forward(self.side_to_move) {
                let (over, landing) = JUMP[direction as usize][from];
                if over & enemy != 0 && landing & empty != 0 {
                    moves.push(Move::single_jump(from, over, index(landing)));
                }
            }
        }
    }

    /// The number of jump sequences, counted without building them (perft's last ply).
    fn count_jumps(&self, jumpers: Squares) -> u64 {
        let single = self.single_jumpers(jumpers);
        let enemy = self.side_squares(self.side_to_move.opponent());
        let empty = self.empty();
        let landings = |direction: Direction| {
            jump(single & step(enemy, direction.reverse()), direction) & empty
        };
        let [left, right] = Self::forward(self.side_to_move);
        let singles = u64::from(landings(left).count_ones() + landings(right).count_ones());
        let searched = jumpers & !single;
        singles + squares(searched).map(|from| self.jump_search(from).count(from, 0)).sum::<u64>()
    }

    /// The men among `jumpers` (pieces of the side to move that can jump) whose every jump
    /// sequence is a single jump: they are counted and generated for all at once, while the
    /// others, and kings, are searched one by one.
    fn single_jumpers(&self, jumpers: Squares) -> Squares {
        let side = self.side_to_move;
        let enemy = self.side_squares(side.opponent());
        let empty = self.empty();
        let forward = Self::forward(side);
        // The squares from which a man could jump forward. After a man's first jump, the
        // squares ahead of it are as they were (its own start square and the piece it took
        // are behind it), so this tells exactly which landings lead to a second jump.
        let can_jump = forward.iter().fold(0, |set, &direction| {
            let back = direction.reverse();
            set | (step(enemy, back) & jump(empty, back))
        });
        let men = jumpers & !self.kings;
        let chaining = forward.iter().fold(0, |set, &direction| {
            let back = direction.reverse();
            let landings = jump(men & step(enemy, back), direction) & empty;
            let going_on = landings & can_jump & !Self::crowning_row(side);
            set | jump(going_on, back)
        });
        men & !chaining
    }

    /// The directions a man of `side` moves in, in the order the jump search tries them.
    const fn forward(side: Side) -> [Direction; 2] {
        match side {
            Side::White => Direction::UP,
            Side::Black => Direction::DOWN,
        }
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
            enemy: self.side_squares(self.side_to_move.opponent()),
            // The jumping piece has left its square; jumped pieces stay until the end.
            empty: self.empty() | 1 << from,
            crowning_row: if is_king { 0 } else { Self::crowning_row(self.side_to_move) },
        }
    }

    /// Takes the pieces on `captured`, of kind `enemy_man` or its king, off the board.
    // Out of line: it keeps `play_unchecked` short for the steps, which are most moves.
    #[inline(never)]
    fn remove(&mut self, captured: Squares, enemy_man: usize) {
        for square in squares(captured) {
            let king = usize::from(self.kings & (1 << square) != 0);
            self.update(enemy_man + king, square);
        }
        self.black &= !captured;
        self.white &= !captured;
        self.kings &= !captured;
    }

    fn update(&mut self, kind: usize, square: usize) {
        self.hash ^= KEYS[kind][square];
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
    empty: Squares,
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
            let path = path | (pdn_index(to) as u64) << (5 * jumps);
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
    #[inline]
    fn jumps(
        &self,
        square: usize,
        captured: Squares,
    ) -> impl Iterator<Item = (Squares, Squares)> + '_ {
        let targets = self.enemy & !captured;
        self.directions.iter().filter_map(move |&direction| {
            let (over, landing) = JUMP[direction as usize][square];
            // `landing` is 0 off the board, so one test covers the edge and the occupied squares.
            (over & targets != 0 && landing & self.empty != 0).then_some((over, landing))
        })
    }

    /// The number of sequences [`JumpSearch::extend`] would make from the same point, for a
    /// piece that has made a jump or can make one (a piece with no jump at all has no
    /// sequence, not one).
    fn count(&self, square: usize, captured: Squares) -> u64 {
        let mut sequences = 0;
        for (over, landing) in self.jumps(square, captured) {
            sequences += if landing & self.crowning_row != 0 {
                1
            } else {
                self.count(index(landing), captured | over)
            };
        }
        // No jump from here: the sequence that arrived here ends here.
        sequences.max(1)
    }

    fn finish(&self, to: usize, jumps: usize, captured: Squares, path: u64) -> Move {
        let captured = to_pdn(captured);
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
    const RECORD_EXTENSION: &'static str = "pdn";

    /// The traditional names, from the sources the table's header gives (its tests check
    /// that it reads).
    fn openings() -> Option<&'static Openings<Self>> {
        static OPENINGS: OnceLock<Option<Openings<Checkers>>> = OnceLock::new();
        OPENINGS.get_or_init(|| Openings::parse(include_str!("../data/openings.txt")).ok()).as_ref()
    }

    fn start(_options: &NoOptions) -> Self {
        Checkers::from_pieces(from_pdn(0x0000_0FFF), from_pdn(0xFFF0_0000), 0, Side::Black)
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let jumpers = self.jumpers();
        if jumpers != 0 {
            self.generate_jumps(jumpers, moves);
        } else {
            self.generate_steps(moves);
        }
    }

    #[inline]
    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        let jumpers = self.jumpers();
        if jumpers == 0 {
            return u64::from(self.count_steps());
        }
        self.count_jumps(jumpers)
    }

    /// Without jumps, the step is found among the steps counted, without making the others.
    fn choose_move(
        &self,
        choose: impl FnOnce(usize) -> usize,
        scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        if self.jumpers() != 0 {
            self.generate_moves(scratch);
            return Some(scratch[choose(scratch.len())]);
        }
        self.choose_step(choose)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        let side = self.side_to_move;
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let (from_bit, to_bit): (Squares, Squares) = (1 << from, 1 << to);
        assert!(
            self.side_squares(side) & from_bit != 0,
            "play_unchecked: no piece on square {} for {mv}",
            mv.from_square()
        );
        let (man, enemy_man) = match side {
            Side::Black => (BLACK_MAN, WHITE_MAN),
            Side::White => (WHITE_MAN, BLACK_MAN),
        };
        if mv.captured != 0 {
            self.remove(from_pdn(mv.captured), enemy_man);
        }
        let own = match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        };
        // `from` and `to` are equal when a king jumps around a loop back to its square.
        *own = (*own & !from_bit) | to_bit;
        let is_king = self.kings & from_bit != 0;
        self.kings &= !from_bit;
        let crowned = !is_king && to_bit & Self::crowning_row(side) != 0;
        if is_king || crowned {
            self.kings |= to_bit;
        }
        self.update(man + usize::from(is_king), from);
        self.update(man + usize::from(is_king || crowned), to);
        self.side_to_move = side.opponent();
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let winner = side.opponent();
        if self.side_squares(side) == 0 {
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
                hash ^= KEYS[kind][square];
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

/// No knowledge beyond the rules: the solver does not take games that can be drawn.
impl Knowledge for Checkers {}

#[cfg(test)]
mod tests {
    use arbiter_core::testkit::random_playouts;

    use super::*;

    /// The empty squares mask every step and jump, so they must never take in a ghost; nor may
    /// a piece or a move ever stand on one.
    #[test]
    fn ghost_squares_stay_out_of_play() {
        let visited = random_playouts::<Checkers>(&NoOptions, 200, 300, 7, |position, mv| {
            let pieces = position.black | position.white;
            assert_eq!((pieces | position.kings | position.empty()) & !BOARD, 0);
            assert_eq!(pieces | position.empty(), BOARD);
            assert_eq!(position.jumpers() & !BOARD, 0);
            assert!(position.stepping().iter().all(|&set| set & !BOARD == 0));
            if let Some(mv) = mv {
                assert_ne!(BOARD & 1 << mv.from, 0, "{mv}");
                assert_ne!(BOARD & 1 << mv.to, 0, "{mv}");
            }
        });
        assert!(visited > 10_000, "{visited}");
    }
}
