//! Endgame tables by retrograde analysis: the exact value of every position of a material
//! (the pieces of each kind on each side), for any game that numbers its positions
//! ([`Retrograde`](arbiter_core::Retrograde)).
//!
//! - [`Value`]: win, draw or loss for the player to move, with the plies to the end when the
//!   winner takes the shortest win and the loser the longest loss, by the game's own terminal
//!   rules. The draw rules that need the history (repetitions, turns without progress) are no
//!   part of a table's value: a search that uses the tables applies them itself.
//! - [`Tablebase`]: a game's tables, read from a folder or built in memory when small, probed
//!   for a position's value and its moves' values; [`Tablebase::build_all`] writes the tables
//!   of a folder.
//! - [`Table`]: one material's table and its file (the format is in [`table`]'s documentation).
//!
//! How a table is built is in the documentation of the `build` module (docs/tablebase.md
//! describes it too): forward move generation whose graph is inverted in memory, then a
//! backward pass in order of distance.

mod build;
pub mod table;
mod tablebase;
mod value;

use std::path::PathBuf;

pub use crate::table::{Table, TableStats};
pub use crate::tablebase::{Built, Endgame, Loaded, Probe, Tablebase};
pub use crate::value::Value;

/// What can go wrong with tables.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// A file could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A file is not a table, or not the one expected.
    #[error("{}: {what}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// A material has more indices than a table holds.
    #[error("the material {material} has {count} indices, more than a table holds (2^31)")]
    TooLarge {
        /// The material.
        material: String,
        /// Its number of indices.
        count: u64,
    },
    /// A distance passed what a table holds.
    #[error("the material {material} has a win longer than a table holds")]
    TooDeep {
        /// The material.
        material: String,
    },
    /// A table needed to build another is missing.
    #[error("the table of {material} is needed first")]
    Missing {
        /// The material.
        material: String,
    },
    /// A position that its table does not list (the game's numbering is wrong).
    #[error("no table lists the position {position}")]
    Unlisted {
        /// The position's text.
        position: String,
    },
    /// A thread building a table panicked.
    #[error("a thread building a table stopped")]
    Poisoned,
}
