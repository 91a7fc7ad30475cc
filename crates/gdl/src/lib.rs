//! General Game Playing for Arbiter: a game written in the Game Description Language (GDL),
//! read from KIF, checked, compiled, and reasoned about fast.
//!
//! ```
//! use arbiter_gdl::Game;
//!
//! let game = Game::from_kif(
//!     "(role you) (init (left 2)) (succ 1 2) (succ 0 1)
//!      (<= (legal you take) (true (left ?n)) (succ ?m ?n))
//!      (<= (next (left ?m)) (does you take) (true (left ?n)) (succ ?m ?n))
//!      (<= terminal (true (left 0)))
//!      (<= (goal you 100) terminal)",
//! )?;
//! let mut machine = game.machine();
//! let take = game.parse_move(0, "TAKE")?;
//! machine.play(&[take])?;
//! machine.play(&[take])?;
//! assert!(machine.is_terminal());
//! assert_eq!(machine.goal(0), Some(100));
//! assert_eq!(game.propositions(machine.state()), ["(left 0)"]);
//! # Ok::<(), arbiter_gdl::GdlError>(())
//! ```
//!
//! # The pipeline
//!
//! - [`parse()`]: the text, as ggp-base writes it, into a [`Description`]; errors name the line
//!   and column. Names are compared without regard to case.
//! - [`check()`]: what GDL requires of the rules — one arity per relation, reserved relations in
//!   their places, safe rules, stratified negation, and `legal`, `goal`, `terminal` and `init`
//!   free of `does` (and `init` of the state) — each violation a named [`GdlError`].
//!   Stratification is checked by relation, except among relations over the state, where some
//!   published games go through a relation's own negation without any ground atom doing so:
//!   there the network checks it atom by atom ([`GdlError::NegativeCycle`]).
//! - Grounding: static relations (those that depend on neither `true` nor `does`) are computed
//!   exactly and disappear; the others are instantiated over every atom that a reachable state
//!   could make true, found by a fixed point over the rules with negations relaxed (joined
//!   semi-naively, the most selective literal first). Bounds keep any text from exhausting
//!   memory or time: [`MAX_NESTING`], [`MAX_TERM_DEPTH`], [`MAX_TERMS`], [`MAX_INSTANCES`], and
//!   tighter [`Limits`] of size and time where the rules come from anyone (a server's).
//! - The compiled form: a **propositional network** of the ground rules, evaluated by
//!   **counting propagation** ([`Machine`]). Each node is an AND (a rule instance) or an OR (an
//!   atom's instances) with a count of its satisfied inputs; negation sits on the edges. A move
//!   changes a few base propositions; only the nodes whose count crosses their threshold pass
//!   the change on, and the outputs (each role's legal moves, the next state) are bitsets kept
//!   up to date as their nodes change. So a playout step costs what changes, not the size of
//!   the rules. This form was chosen over a full sweep of the network (which costs every node
//!   at every step) and over compiled code generated per game (which needs a compiler at run
//!   time): consecutive states of board games differ in a handful of propositions, so the
//!   incremental network wins by the ratio of the network's size to a step's changes.
//!   Two refinements: a node that only copies another is merged into it, and a base
//!   proposition that many rule instances test (the player in control) becomes a *gate*
//!   that those instances leave out of their counts, so that a change of turn visits only the
//!   instances whose other conditions hold. A description whose ground rules are recursive
//!   over the state (a path over the board, as in connection games) has cycles, which
//!   counting alone cannot evaluate: a change of count on a cycle marks it, and it is
//!   recomputed whole to its least fixed point before its changes go on.
//! - [`Gdl`]: a game of two players taking turns as an Arbiter game (`arbiter_core`'s `Game`,
//!   `Evaluate` and `Present`), from rules loaded with [`Rules::load`]: what `arbiter play
//!   FILE.kif`, the searches and the Python bindings play.
//! - [`Game`]: roles, base propositions, moves (printed and parsed as GDL terms, such as
//!   `(move 2 2 3 3)` or `noop`), the initial [`State`] (a bitset of base propositions), and
//!   [`Machine`]: legal moves, the next state for a joint move, terminal and goals.
//!
//! # Tests and benchmark
//!
//! `cargo test -p arbiter-gdl` checks the reasoner against a separate top-down prover on random
//! playouts of every game of `tests/games`, and the seed's game `breakthroughSmallHoles`
//! against the native engine (`holes` with `captures=diagonal`) on 4,000 positions. Three
//! tests are ignored by default:
//!
//! - `cargo test --release -p arbiter-gdl -- --ignored 100_000`: the seed's game against the
//!   native engine on 100,000 positions;
//! - `ARBITER_GDL_SEED=FILE.kif cargo test --release -p arbiter-gdl -- --ignored seed_text`:
//!   another text of the seed's game (such as ggp-repository's `breakthroughSmallHoles`,
//!   version 1) against the native engine on 100,000 positions;
//! - `ARBITER_GDL_GAMES=FOLDER cargo test --release -p arbiter-gdl -- --ignored repository
//!   --nocapture`: every `.kif` of a folder (such as ggp-repository's games) against the prover.
//!
//! `arbiter bench FILE.kif [--seconds S]` (the CLI, through `arbiter_ggp::bench`) plays random
//! playouts on one thread and prints states and playouts per second, and the time to parse,
//! check, ground and build.

mod check;
mod counters;
mod cycles;
mod error;
mod game;
mod gates;
mod ground;
mod limits;
mod machine;
mod network;
mod parse;
mod play;
mod syntax;
mod terms;

pub use crate::check::check;
pub use crate::error::GdlError;
pub use crate::game::{BuildTimes, Game, Move, NetworkSize, State};
pub use crate::ground::{MAX_INSTANCES, MAX_TERMS, MAX_TERM_DEPTH};
pub use crate::limits::Limits;
pub use crate::machine::Machine;
pub use crate::parse::{parse, parse_term, MAX_NESTING};
pub use crate::play::{Gdl, GdlMove, GdlOptions, Rules, MAX_PLAYABLE_MOVES};
pub use crate::syntax::{
    Atom, Description, Flat, FlatRule, Literal, Position, Rule, Symbol, Symbols, Term,
};
