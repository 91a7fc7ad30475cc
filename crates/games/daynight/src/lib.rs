//! Day and Night (`daynight`): a round board with a turning day/night dial.
//!
//! Source: the seed `004_810535b898828c92.txt` (in Polish; its pictures are missing) and
//! docs/rules.md §5, which renders it in English and fixes the geometry.
//!
//! # Rules
//!
//! The board is round: 12 sectors lettered a–l clockwise × 4 rings numbered 1 (innermost) to
//! 4, a field named like `c3`. It is a ring: there is no centre field, ring 1 has an inner
//! edge and ring 4 an outer edge, and around the circle there is no edge (l is next to a).
//! Fields are checkered: `c3` is white when `sector + ring − 1` is even (a = 0), so a1 is
//! white. White starts on a1 a3 b2 b4 c1 c3, Black on g2 g4 h1 h3 i2 i4. A dial shows day
//! over six sectors and night over the other six: day covers a–f at the start, and after each
//! round (after Black's turn) it moves one sector clockwise (b–g, then c–h, …). White moves
//! first.
//!
//! - Slide: a piece moves along a diagonal (one ring in or out and one sector clockwise or
//!   anticlockwise per step, keeping that direction) over one or more empty fields, stopping
//!   anywhere before a piece or the inner or outer edge. Diagonal steps keep the field's
//!   colour: white pieces stay on white fields, black on black. Decision of this crate: on
//!   boards of seven rings or more, the clockwise and anticlockwise diagonals of a slide meet
//!   again six steps round; a slide is named by its two fields, so reaching a field both
//!   ways is one move.
//! - Capture: a piece standing in its own zone (White in the day, Black at night; only the
//!   capturer's zone matters) next to an enemy piece around the ring or along a radius jumps
//!   over it, in that direction, onto the field directly behind, which must be on the board
//!   and empty. The jumped piece stays where it is and becomes neutral. One capture a move.
//! - If any capture is possible the player must capture; otherwise he must slide. No passing.
//! - Then, on the board his own move left, the player may also slide any one neutral piece by
//!   the slide rule (the one just captured included), or not; that choice is part of the
//!   move. Neutral pieces never capture, cannot be captured or jumped, and block.
//! - A player to move with no own piece left, or no legal own move, loses. Draws (decided in
//!   docs/rules.md §5, applied by the game record): the same position (pieces, neutrals, dial,
//!   player to move) for the third time, or 100 turns (50 rounds) without a capture.
//!
//! # Notation
//!
//! A slide `a3-c1`, a capture `c3xe3`; a neutral slide follows after a slash, `c3xe3/h3-j1`.
//! A position is written like PDN FEN with two more fields: the side to move, White's pieces,
//! Black's, the neutral pieces, and the first sector of the day:
//! `W:Wa1,a3,b2,b4,c1,c3:Bg2,g4,h1,h3,i2,i4:N:Da` is the start.
//!
//! # Options
//!
//! `rings=N`, 4 ≤ N ≤ 8, default 4: the number of rings. The start stays on rings 1–4.

pub mod board;
mod evaluate;
mod moves;
mod present;
pub mod retrograde;
mod text;

use arbiter_core::{
    zobrist_keys, DrawRules, Game, GameOptions, Knowledge, MoveError, OptionError, OptionSpec,
    OptionValues, Outcome, PositionError, Side, Status, WinReason,
};

use crate::board::{
    board, day_sectors, diagonal_step, fields, sectors, straight_step, Diagonal, Field, Fields,
    Straight, MAX_RINGS, SECTORS,
};
pub use crate::moves::{Move, Slide};

/// The options of Day and Night.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The number of rings, 4 to 8.
    pub rings: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { rings: 4 }
    }
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[OptionSpec {
        key: "rings",
        values: OptionValues::Range { min: 4, max: MAX_RINGS as u32 },
        default: "4",
        help: "the number of rings of the board (the start stays on rings 1-4)",
    }];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.rings =
            value.parse().ok().filter(|rings| (4..=MAX_RINGS).contains(rings)).ok_or_else(
                || OptionError::InvalidValue {
                    key: key.to_owned(),
                    value: value.to_owned(),
                    expected: "a whole number from 4 to 8".to_owned(),
                },
            )?;
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![("rings", self.rings.to_string())]
    }
}

/// The fields of the day for each position of the dial (the day's first sector).
const DAY: [Fields; SECTORS as usize] = {
    let mut table = [0; SECTORS as usize];
    let mut first = 0;
    while first < SECTORS {
        table[first as usize] = sectors(day_sectors(first));
        first += 1;
    }
    table
};

const FIELD_KEYS: usize = 3 * 96;
/// Zobrist keys: 3 kinds (white, black, neutral) × 96 fields, 12 dial positions, White to move.
const KEYS: [u64; FIELD_KEYS + 13] = zobrist_keys(0xDA7_1167);
const WHITE_TO_MOVE_KEY: u64 = KEYS[FIELD_KEYS + 12];
const NEUTRAL: usize = 2;

/// A position: the pieces, the neutral pieces, the dial and the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DayNight {
    /// Each side's pieces, indexed by [`Side::index`].
    pieces: [Fields; 2],
    neutral: Fields,
    /// The first sector of the day (0 = a).
    dial: u8,
    side_to_move: Side,
    rings: u8,
    hash: u64,
}

impl DayNight {
    fn new(pieces: [Fields; 2], neutral: Fields, dial: u8, side_to_move: Side, rings: u8) -> Self {
        let mut position = DayNight { pieces, neutral, dial, side_to_move, rings, hash: 0 };
        position.hash = position.compute_hash();
        position
    }

    /// The fields of `side`'s pieces.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> Fields {
        self.pieces[side.index()]
    }

    /// The fields of the neutral pieces.
    #[must_use]
    pub const fn neutral(&self) -> Fields {
        self.neutral
    }

    /// The first sector of the day (0 = a); the day covers it and the next five clockwise.
    #[must_use]
    pub const fn dial(&self) -> u8 {
        self.dial
    }

    /// The fields where `side` may capture from: the day for White, the night for Black.
    #[must_use]
    pub fn zone(&self, side: Side) -> Fields {
        let day = DAY[self.dial as usize];
        board(self.rings)
            & match side {
                Side::White => day,
                Side::Black => !day,
            }
    }

    fn empty(&self) -> Fields {
        board(self.rings) & !(self.pieces[0] | self.pieces[1] | self.neutral)
    }

    /// Calls `visit` with every field the piece on `from` can slide to over the empty fields
    /// `empty`, once each: on boards of seven rings or more, the two outward (or inward)
    /// diagonals meet again six steps round, and a slide is named by its fields alone.
    fn slides_of(from: Field, empty: Fields, mut visit: impl FnMut(Field)) {
        let mut reached: Fields = 0;
        for diagonal in Diagonal::ALL {
            let mut at = from;
            loop {
                let next = diagonal_step(at, diagonal) & empty;
                if next == 0 {
                    break;
                }
                at = Field::lowest(next);
                if reached & next == 0 {
                    reached |= next;
                    visit(at);
                }
            }
        }
    }

    /// Calls `visit` with every capture `side` could make if it were to move, and the enemy
    /// piece it would jump.
    fn captures_of(&self, side: Side, mut visit: impl FnMut(Slide, Field)) {
        let enemy = self.pieces(side.opponent());
        let empty = self.empty();
        for from in fields(self.pieces(side) & self.zone(side)) {
            for straight in Straight::ALL {
                let over = straight_step(from, straight) & enemy;
                if over == 0 {
                    continue;
                }
                let jumped = Field::lowest(over);
                let landing = straight_step(jumped, straight) & empty;
                if landing != 0 {
                    visit(Slide { from, to: Field::lowest(landing) }, jumped);
                }
            }
        }
    }

    /// The pieces of `side` that could capture if it were to move.
    fn capturers_of(&self, side: Side) -> Fields {
        let mut capturers = 0;
        self.captures_of(side, |slide, _| capturers |= slide.from.bit());
        capturers
    }

    /// Calls `visit` with every own move of the side to move: its captures if it has any,
    /// otherwise its slides.
    fn own_moves(&self, mut visit: impl FnMut(Move)) {
        let side = self.side_to_move;
        let mut captured = false;
        self.captures_of(side, |own, jumped| {
            captured = true;
            visit(Move { own, jumped: Some(jumped), neutral: None });
        });
        if captured {
            return;
        }
        let empty = self.empty();
        for from in fields(self.pieces(side)) {
            Self::slides_of(from, empty, |to| {
                visit(Move { own: Slide { from, to }, jumped: None, neutral: None })
            });
        }
    }

    /// The board after the own move of `mv`: its neutral pieces, and the empty fields.
    fn after_own(&self, mv: Move) -> (Fields, Fields) {
        let mut occupied = (self.pieces[0] | self.pieces[1] | self.neutral) & !mv.own.from.bit();
        occupied |= mv.own.to.bit();
        let neutral = self.neutral | mv.jumped.map_or(0, Field::bit);
        (neutral, board(self.rings) & !occupied)
    }

    fn key(kind: usize, field: Field) -> u64 {
        KEYS[kind * 96 + field.index()]
    }

    fn dial_key(dial: u8) -> u64 {
        KEYS[FIELD_KEYS + dial as usize]
    }

    /// Whether a piece of `side` has an empty field next to it along a diagonal.
    fn can_slide(&self, side: Side) -> bool {
        let empty = self.empty();
        fields(self.pieces(side)).any(|from| {
            Diagonal::ALL.iter().any(|&diagonal| diagonal_step(from, diagonal) & empty != 0)
        })
    }

    fn has_own_move(&self) -> bool {
        let mut found = false;
        self.own_moves(|_| found = true);
        found
    }
}

impl Game for DayNight {
    type Move = Move;
    type Options = Options;

    const ID: &'static str = "daynight";
    const NAME: &'static str = "Day and Night";
    const DESCRIPTION: &'static str =
        "a round board of 12 sectors and 4 rings with a turning day/night dial; captures turn pieces neutral";

    fn start(options: &Options) -> Self {
        text::read(text::START, options)
            .unwrap_or_else(|error| panic!("the start is valid: {error}"))
    }

    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        self.own_moves(|own| {
            moves.push(own);
            let (neutral, empty) = self.after_own(own);
            for from in fields(neutral) {
                Self::slides_of(from, empty, |to| {
                    moves.push(Move { neutral: Some(Slide { from, to }), ..own });
                });
            }
        });
    }

    fn count_moves(&self, _scratch: &mut Vec<Move>) -> u64 {
        let mut count = 0;
        self.own_moves(|own| {
            count += 1;
            let (neutral, empty) = self.after_own(own);
            for from in fields(neutral) {
                Self::slides_of(from, empty, |_| count += 1);
            }
        });
        count
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.side_to_move;
        let enemy = side.opponent();
        self.pieces[side.index()] ^= mv.own.from.bit() | mv.own.to.bit();
        self.hash ^= Self::key(side.index(), mv.own.from) ^ Self::key(side.index(), mv.own.to);
        if let Some(jumped) = mv.jumped {
            self.pieces[enemy.index()] &= !jumped.bit();
            self.neutral |= jumped.bit();
            self.hash ^= Self::key(enemy.index(), jumped) ^ Self::key(NEUTRAL, jumped);
        }
        if let Some(neutral) = mv.neutral {
            self.neutral ^= neutral.from.bit() | neutral.to.bit();
            self.hash ^= Self::key(NEUTRAL, neutral.from) ^ Self::key(NEUTRAL, neutral.to);
        }
        if side == Side::Black {
            // A round ends after Black's turn: the day moves one sector clockwise.
            let dial = (self.dial + 1) % SECTORS;
            self.hash ^= Self::dial_key(self.dial) ^ Self::dial_key(dial);
            self.dial = dial;
        }
        self.side_to_move = enemy;
        self.hash ^= WHITE_TO_MOVE_KEY;
    }

    fn status(&self) -> Status {
        let side = self.side_to_move;
        let winner = side.opponent();
        if self.pieces(side) == 0 {
            Status::Over(Outcome::Win { winner, reason: WinReason::NoPieces })
        } else if !self.has_own_move() {
            Status::Over(Outcome::Win { winner, reason: WinReason::NoLegalMove })
        } else {
            Status::Ongoing
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = Self::dial_key(self.dial);
        if self.side_to_move == Side::White {
            hash ^= WHITE_TO_MOVE_KEY;
        }
        for (kind, set) in [self.pieces[0], self.pieces[1], self.neutral].into_iter().enumerate() {
            for field in fields(set) {
                hash ^= Self::key(kind, field);
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

    fn from_text(text: &str, options: &Options) -> Result<Self, PositionError> {
        text::read(text, options)
    }

    fn draw_rules(&self) -> DrawRules {
        DrawRules { repetitions: Some(3), turns_without_progress: Some(100) }
    }

    fn is_progress(&self, mv: Move) -> bool {
        mv.is_capture()
    }
}

/// No knowledge beyond the rules: the solver does not take games that can be drawn.
impl Knowledge for DayNight {}
