//! The trait every game implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use crate::{GameOptions, MoveError, PositionError, Side, Status};

/// The draw rules a game declares; the [`GameRecord`](crate::GameRecord) applies them, because
/// they depend on the history and positions do not keep one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DrawRules {
    /// The game is drawn when the same position (with the same player to move) occurs for this
    /// many times, the start position included.
    pub repetitions: Option<u32>,
    /// The game is drawn when this many consecutive turns (of both players) made no progress,
    /// as [`Game::is_progress`] defines it.
    pub turns_without_progress: Option<u32>,
}

impl DrawRules {
    /// A game with no draw rules (it always ends in a win).
    pub const NONE: DrawRules = DrawRules { repetitions: None, turns_without_progress: None };
}

/// A position of a two-player game with perfect information, and its rules.
///
/// A position holds no history: what the rules need of the history (repetitions, counters
/// of turns without progress) lives in [`GameRecord`](crate::GameRecord), so that perft and
/// search can use positions directly. A move is a whole turn, so the players strictly alternate.
pub trait Game: Clone + PartialEq + Eq + Debug + Send + Sync + 'static {
    /// A whole turn. Its `Display` is the canonical notation.
    type Move: Copy + PartialEq + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// The game's options; the defaults are the rules of the seed as settled in docs/rules.md.
    type Options: GameOptions;

    /// The identifier used on the command line and in records, e.g. `checkers`.
    const ID: &'static str;
    /// The game's name, e.g. `Checkers (English draughts)`.
    const NAME: &'static str;
    /// One line on what the game is.
    const DESCRIPTION: &'static str;
    /// The tag that names the game in a record: `[Game "<id>"]` unless the game's own record
    /// format has another (PDN's `[GameType "21"]` for English draughts).
    const RECORD_TAG: (&'static str, &'static str) = ("Game", Self::ID);
    /// The file extension of the game's records, without the dot: `txt` for the tag-pair
    /// form every game shares, unless the game's own record format has another (PDN's `pdn`
    /// for English draughts).
    const RECORD_EXTENSION: &'static str = "txt";
    /// `true` when the notation writes moves in parentheses (GDL terms such as
    /// `(mark 1 1)`): a record then reads a parenthesised group as a move, where the records
    /// of other games hold a variation, which is skipped.
    const MOVES_IN_PARENTHESES: bool = false;

    /// The names of the game's openings, read once from their table
    /// ([`Openings::parse`](crate::Openings::parse)); records and the server name a game's
    /// opening from them. `None`, no names, by default.
    fn openings() -> Option<&'static crate::Openings<Self>> {
        None
    }

    /// The start position under `options`.
    fn start(options: &Self::Options) -> Self;

    /// The player whose turn it is.
    fn side_to_move(&self) -> Side;

    /// Replaces the contents of `moves` with the legal moves, in a deterministic order; empty
    /// exactly when [`Game::status`] is [`Status::Over`]. Reusing the vector avoids allocating.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// The legal moves in the order of [`Game::generate_moves`].
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves; games may count faster than they generate (perft's last ply).
    fn count_moves(&self, scratch: &mut Vec<Self::Move>) -> u64 {
        self.generate_moves(scratch);
        scratch.len() as u64
    }

    /// The legal move at index `choose(n)` of the `n` legal moves in the order of
    /// [`Game::generate_moves`], or `None` when there are none (`choose` is not called then).
    /// `choose` must return an index below `n`. Games may find the move without generating
    /// every other one: random playouts pick their moves this way.
    fn choose_move(
        &self,
        choose: impl FnOnce(usize) -> usize,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        self.generate_moves(scratch);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[choose(scratch.len())])
    }

    /// Plays a move known to be legal here.
    ///
    /// # Panics
    ///
    /// May panic, or leave a position that breaks the rules, if `mv` is not legal.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal here; otherwise leaves the position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        let legal = self.legal_moves();
        if legal.contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else if let Status::Over(outcome) = self.status() {
            Err(MoveError::GameOver(outcome))
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                legal: legal.iter().map(ToString::to_string).collect(),
            })
        }
    }

    /// How the game stands on the board alone: ongoing, or won (a goal reached, the last piece
    /// taken, no legal move for the side to move). Draws by history come from the record.
    fn status(&self) -> Status;

    /// The 64-bit Zobrist hash, kept up to date incrementally by [`Game::play_unchecked`].
    fn hash(&self) -> u64;

    /// The Zobrist hash computed from scratch; always equal to [`Game::hash`].
    fn compute_hash(&self) -> u64;

    /// Parses a move in any accepted notation and finds it among the legal moves. Errors say
    /// what was wrong and what is expected, list the legal moves, or list the candidates of an
    /// ambiguous short form.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The position in its text form, which [`Game::from_text`] reads back.
    fn to_text(&self) -> String;

    /// Reads a position written in the game's text form.
    ///
    /// Only a position that can arise in a game is accepted; the error says why another cannot
    /// (docs/rules.md, common terms: positions). Every game rejects, with a message:
    /// white space inside the text (`W:W1 8:B2` is not read as `W:W18:B2`); more pieces of a
    /// side than it starts with; a side not to move that has no piece (it has just moved); and
    /// a position the game would already have ended before the last move for a reason that
    /// only the player to move could have caused (that player standing on its goal row, a man
    /// on its crowning row). The checks shared by all games are in
    /// [`check_piece_counts`](crate::text::check_piece_counts) and
    /// [`no_inner_space`](crate::text::no_inner_space).
    fn from_text(text: &str, options: &Self::Options) -> Result<Self, PositionError>;

    /// The draw rules, which the [`GameRecord`](crate::GameRecord) applies.
    fn draw_rules(&self) -> DrawRules {
        DrawRules::NONE
    }

    /// Whether `mv`, played here, is progress that resets the count of
    /// [`DrawRules::turns_without_progress`] (a capture, say).
    fn is_progress(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
}
