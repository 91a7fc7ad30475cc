//! The training of learned evaluations ([`arbiter_core::nnue`]), for any game that describes
//! its positions by features ([`arbiter_core::Evaluate::net_features`]):
//!
//! 1. [`generate`]: self-play games from a ballot's openings (or from the start position, the
//!    random moves making the openings) by alpha-beta at a fixed number
//!    of positions a move (the hand-written evaluation), some of the first moves random; each
//!    quiet position (the side to move has no tactical move) is kept with the search's score
//!    and, once the game ends, its result. Deterministic for a seed, whatever the threads.
//! 2. [`fit`]: a float network trained by Adam on the squared error between the sigmoid of its
//!    evaluation and a target that blends the sigmoid of the search's score with the result
//!    (the loss of the NNUE trainers), weights kept within what their quantised types hold.
//! 3. [`FloatNet::quantise`]: the integer network, written as a file ([`Network::to_bytes`]).
//!
//! The trainer is plain Rust with no dependency beyond `rand`: a network this small (one
//! sparse layer, one dense layer) trains in minutes on a processor, and no framework has to
//! be downloaded to rebuild it (`arbiter train` runs it; `docs/strength.md` has the commands).
//!
//! [`Network::to_bytes`]: arbiter_core::nnue::Network::to_bytes

mod fit;
mod generate;

pub use fit::{examples, features_of, fit, quantised_evaluate, Example, FitSettings, FloatNet};
pub use generate::{generate, GenerateSettings, Sample};
