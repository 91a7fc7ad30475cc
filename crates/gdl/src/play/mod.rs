//! A GDL game of two players taking turns, as an Arbiter game: [`Gdl`] implements
//! `arbiter_core`'s `Game`, `Evaluate` and `Present`, so that whatever plays the native games
//! (the terminal, perft, the searches, the catalog's dynamic records, the Python bindings)
//! plays a description read at run time the same way.
//!
//! - **Rules** ([`Rules::load`]): any description that compiles, with exactly two roles that
//!   take turns: in every state that is not terminal, one role chooses among its legal moves
//!   and the other has exactly one (its `noop`), which it plays at the same time. The first
//!   role is White, the second Black. The side that moves first is the role with more than one
//!   legal move at the start (White when neither has); then they alternate. Loading checks
//!   this on 64 random games and refuses, with the moves that lead there, a game where both
//!   roles choose at once or the same one chooses twice; a later state that breaks it is
//!   played with the waiting role's first legal move.
//! - **The end**: a terminal state ends the game; the higher goal value wins, equal values
//!   draw ([`WinReason::Score`](arbiter_core::WinReason::Score),
//!   [`DrawReason::EqualScores`](arbiter_core::DrawReason::EqualScores)). A role left without
//!   a legal move in a state that is not terminal, which GDL forbids, loses.
//! - **Notation**: a move is the GDL term of the role to move, such as `(move 1 2 1 3)` or
//!   `(mark 2 2)`, read in any case and spacing. A position's text is the role to move, then
//!   the base propositions that hold: `xplayer (cell 1 1 b) … (control xplayer)`.
//! - **Options**: `rules=HASH`, the rules by the hash of their text ([`Rules::hash`]), which
//!   must have been loaded by the program; by default the seed's game,
//!   `breakthroughSmallHoles`.
//! - **Reasoning**: each thread keeps a [`Machine`](crate::Machine) for the rules it last
//!   played; a position keeps its state, its legal moves, status and goals, computed as it is
//!   reached.
//!
//! ```
//! use arbiter_core::{Game as _, GameRecord, Outcome, Side, Status, WinReason};
//! use arbiter_gdl::{Gdl, GdlOptions, Rules};
//!
//! // Nim with one heap of three: each player takes one or two; who takes the last one wins.
//! let rules = Rules::load(
//!     "(role white) (role black) (init (heap 3)) (init (control white))
//!      (succ 0 1) (succ 1 2) (succ 2 3) (other white black) (other black white)
//!      (<= (legal ?p (take 1)) (true (control ?p)) (true (heap ?n)) (succ ?m ?n))
//!      (<= (legal ?p (take 2)) (true (control ?p)) (true (heap ?n)) (succ ?m ?n) (succ ?l ?m))
//!      (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
//!      (<= (next (heap ?m)) (does ?p (take 1)) (true (heap ?n)) (succ ?m ?n))
//!      (<= (next (heap ?l)) (does ?p (take 2)) (true (heap ?n)) (succ ?m ?n) (succ ?l ?m))
//!      (<= (next (control ?q)) (true (control ?p)) (other ?p ?q))
//!      (<= (next (last ?p)) (does ?p (take ?k)))
//!      (<= terminal (true (heap 0)))
//!      (<= (goal ?p 100) (true (last ?p)))
//!      (<= (goal ?p 0) (role ?p) (not (true (last ?p))))",
//! )?;
//! let mut record = GameRecord::<Gdl>::new(GdlOptions::new(rules));
//! let moves: Vec<String> = record.position().legal_moves().iter().map(|mv| mv.to_string()).collect();
//! assert_eq!(moves, ["(take 1)", "(take 2)"]);
//! record.play_text("(TAKE 2)")?;
//! assert_eq!(record.position().side_to_move(), Side::Black);
//! record.play_text("(take 1)")?;
//! let black_wins = Outcome::Win { winner: Side::Black, reason: WinReason::Score };
//! assert_eq!(record.status(), Status::Over(black_wins));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod position;
mod present;
mod rules;

pub use self::position::{Gdl, GdlMove, GdlOptions};
pub use self::rules::{Rules, MAX_PLAYABLE_MOVES};
