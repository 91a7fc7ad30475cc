//! The core of Arbiter: what every game shares.
//!
//! - [`Game`]: a position and its rules, the one trait each game implements, and [`Evaluate`],
//!   its static evaluation for the searches;
//! - [`Side`], [`Status`], [`Outcome`] and their reasons;
//! - [`MoveError`] and [`PositionError`] for text given by people and programs;
//! - [`GameOptions`]: typed options written `key=value,key=value`;
//! - [`GameRecord`]: the history, the draw rules that need it, and record files;
//!   [`Openings`]: the names of a game's openings;
//! - [`perft`] and [`divide`], and [`perft_parallel`] with a table of counts and threads;
//! - [`Knowledge`]: what a game knows beyond its rules for exact searches (a canonical hash,
//!   results forced within a few plies), and [`Symmetry`]: the half turn with the colours
//!   swapped, under which the 6×6 games are unchanged, for solvers that treat a position and
//!   its image as one;
//! - [`Retrograde`]: the numbering of the positions of each material that endgame tables
//!   need;
//! - [`present`]: the board's geometry, pieces and the steps of moves, typed, for user
//!   interfaces, and the text diagram drawn from them; [`turn`]: a turn entered click by click;
//! - [`nnue`]: learned evaluations in the NNUE style: the network file, its accumulators
//!   and its integer forward pass;
//! - [`lines`]: lines of outside text read with a bound on their length; [`text`]: outside
//!   text quoted back safely, and the pieces every game's position and move texts share;
//! - `testkit` (feature `testkit`): the conformance kit and perft-suite harness every game's
//!   tests run.

#[cfg(feature = "bench")]
pub mod bench;
mod evaluate;
mod game;
pub mod grid;
mod knowledge;
pub mod lines;
pub mod nnue;
mod notation;
mod openings;
mod options;
mod outcome;
mod perft;
mod perft_parallel;
mod perft_table;
pub mod present;
mod record;
mod record_text;
pub mod retrograde;
mod side;
mod symmetry;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod text;
pub mod turn;
mod zobrist;

pub use evaluate::{Evaluate, Strength, Tactics};
pub use game::{DrawRules, Game};
pub use knowledge::{Forced, Knowledge};
pub use notation::{MoveError, PositionError};
pub use openings::{Openings, OpeningsError};
pub use options::{GameOptions, NoOptions, OptionError, OptionSpec, OptionValues};
pub use outcome::{DrawReason, Outcome, Status, WinReason};
pub use perft::{divide, perft};
pub use perft_parallel::{divide_parallel, perft_parallel, PerftProgress};
pub use perft_table::PerftTable;
pub use record::{GameRecord, Undone};
pub use record_text::{parse_record_text, RecordError, RecordText, MAX_RECORD_BYTES, MAX_TAGS};
pub use retrograde::Retrograde;
pub use side::Side;
pub use symmetry::{symmetric_hash, Symmetry};
pub use zobrist::zobrist_keys;
