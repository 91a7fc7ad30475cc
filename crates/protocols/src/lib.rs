//! Engine protocols: Arbiter's engines driven by other programs through text on standard input
//! and output, without the `arbiter` command line.
//!
//! - [`ugi`]: the Universal Game Interface, UCI generalised to any sequential two-player game
//!   as the `cutegames` tournament runner speaks it, for all five games;
//! - [`hub`]: the Hub protocol (version 2) of the draughts engine Scan, as the Hub GUI and the
//!   Python library pydraughts speak it, for checkers and mini checkers.
//!
//! Both read a line at a time with a bound on its length, answer a bad line with a message
//! that says what was wrong and what is expected, and go on: no input ends the engine but
//! `quit` or the end of the input. A search runs on its own thread, so that `stop`, `isready`
//! and `ping` are answered while it thinks; the engine keeps its transposition table from one
//! search to the next until a new game. `docs/protocols.md` documents every command with an
//! example session.

pub mod hub;
mod output;
mod searcher;
mod settings;
mod time;
pub mod ugi;

pub use crate::output::Output;

/// The longest line read: a `position` with a long game's moves fits many times over.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What a protocol's loop for one game ends with.
enum Next {
    /// `quit`, or the end of the input.
    Quit,
    /// Another game was chosen; run the loop for it.
    Switch(arbiter_catalog::GameId),
}
