//! The one place that lists every Arbiter game, and dispatches to generic code.
//!
//! A front end knows a game by its [`GameId`] and runs code written once for any game through a
//! [`Visitor`], the way shakmaty's `Variant` dispatches: `GameId::Checkers.visit(v)` calls
//! `v.visit::<Checkers>()`. Everything a front end needs of a game is in the traits its type
//! implements ([`Evaluate`] and so [`Game`](arbiter_core::Game), and [`Present`]). A front end
//! that holds a game whose type it does not know holds a [`DynRecord`]: any game of the catalog
//! with its options, as a record. A game written in GDL, loaded at run time from its rules,
//! is a [`Playable`] too, beside the games of the catalog, and runs the same visitors.

mod analysis;
mod endgame;
mod playable;
mod played;

use std::fmt;
use std::str::FromStr;

use arbiter_checkers::Checkers;
use arbiter_core::present::Present;
use arbiter_core::text::excerpt;
use arbiter_core::{DrawRules, Evaluate, GameOptions, OptionSpec, RecordText, Symmetry};
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use thiserror::Error;

pub use crate::analysis::{ExactMove, ExactSearch, Search};
pub use crate::endgame::{EndgameShelf, Endgames, Probing, RetrogradeVisitor, TABLEBASE_VARIABLE};
pub use crate::playable::Playable;
pub use crate::played::{DynRecord, Ending, Played, PlayedError};

/// What every game of the catalog implements: its rules, evaluation and presentation, and
/// where its endgame tables are.
pub trait AnyGame: Evaluate + Present + EndgameShelf {}

impl<G: Evaluate + Present + EndgameShelf> AnyGame for G {}

/// Code written once for any game, run for the game a [`GameId`] names.
pub trait Visitor {
    /// What the code returns.
    type Output;

    /// Runs the code for the game `G`.
    fn visit<G: AnyGame>(self) -> Self::Output;
}

/// Code written once for the games whose rules are unchanged by a half turn with the colours
/// swapped ([`Symmetry`]): the two 6×6 games.
pub trait SymmetricVisitor {
    /// What the code returns.
    type Output;

    /// Runs the code for the game `G`.
    fn visit<G: AnyGame + Symmetry>(self) -> Self::Output;
}

/// A game of the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// Mini checkers 6×6.
    Minicheckers,
    /// Breakthrough 6×6 with holes.
    Holes,
    /// Fanorona.
    Fanorona,
    /// Checkers (English draughts).
    Checkers,
    /// Day and Night.
    DayNight,
}

/// What the catalog knows of a game without starting one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The identifier used on the command line and in records, e.g. `checkers`.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// One line on what the game is.
    pub description: &'static str,
    /// The options with their defaults.
    pub options: &'static [OptionSpec],
    /// The file extension of its records, without the dot: `pdn` for checkers, `txt` for the
    /// others.
    pub record_extension: &'static str,
    /// The perft depth of `arbiter bench` from the start position.
    pub bench_perft_depth: u32,
    /// The alpha-beta depth of `arbiter bench` from the start position: its node count is the
    /// search's signature.
    pub bench_search_depth: u32,
    /// The random playouts from the start position that `arbiter bench` times.
    pub bench_playouts: u32,
    /// `true` when the game has no draw rules under its default options, so that it always
    /// ends in a win: the solver handles it (exact analysis, the perfect player).
    pub always_decisive: bool,
}

impl GameId {
    /// Every game, in the order `arbiter games` lists them.
    pub const ALL: [GameId; 5] =
        [GameId::Minicheckers, GameId::Holes, GameId::Fanorona, GameId::Checkers, GameId::DayNight];

    /// Runs `visitor` for this game.
    pub fn visit<V: Visitor>(self, visitor: V) -> V::Output {
        match self {
            GameId::Minicheckers => visitor.visit::<Minicheckers>(),
            GameId::Holes => visitor.visit::<Holes>(),
            GameId::Fanorona => visitor.visit::<Fanorona>(),
            GameId::Checkers => visitor.visit::<Checkers>(),
            GameId::DayNight => visitor.visit::<DayNight>(),
        }
    }

    /// Runs `visitor` for this game if its rules have a [`Symmetry`]; `None` for the others.
    pub fn visit_symmetric<V: SymmetricVisitor>(self, visitor: V) -> Option<V::Output> {
        match self {
            GameId::Minicheckers => Some(visitor.visit::<Minicheckers>()),
            GameId::Holes => Some(visitor.visit::<Holes>()),
            GameId::Fanorona | GameId::Checkers | GameId::DayNight => None,
        }
    }

    /// The game's name, description, options and benchmark depths.
    #[must_use]
    pub fn info(self) -> GameInfo {
        let (bench_perft_depth, bench_search_depth, bench_playouts) = match self {
            GameId::Minicheckers => (16, 26, 400_000),
            GameId::Holes => (9, 13, 200_000),
            GameId::Fanorona => (6, 7, 20_000),
            GameId::Checkers => (11, 15, 100_000),
            GameId::DayNight => (6, 6, 20_000),
        };
        self.visit(Info { bench_perft_depth, bench_search_depth, bench_playouts })
    }

    /// The identifier, e.g. `checkers`.
    #[must_use]
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The game a record names by its tags (`[Game "…"]`, or PDN's `[GameType "21"]` for
    /// checkers); `None` when it names none. A record that names a game not in the catalog
    /// is an error.
    pub fn of_record(record: &RecordText) -> Result<Option<GameId>, CatalogError> {
        let named = GameId::ALL.into_iter().find(|id| id.visit(NamedBy(record)) == Some(true));
        match named {
            Some(id) => Ok(Some(id)),
            None if GameId::ALL.into_iter().any(|id| id.visit(NamedBy(record)).is_some()) => {
                let naming: Vec<String> = record
                    .tags
                    .iter()
                    .filter(|(name, _)| name == "Game" || name == "GameType")
                    .map(|(name, value)| format!("[{name} \"{}\"]", excerpt(value)))
                    .collect();
                if naming.len() > 1 {
                    return Err(CatalogError::ConflictingTags(naming.join(" ")));
                }
                let game = record.tag("Game").or(record.tag("GameType")).unwrap_or("?");
                Err(CatalogError::UnknownGame { id: game.to_owned() })
            }
            None => Ok(None),
        }
    }
}

/// The visitor behind [`GameId::info`].
struct Info {
    bench_perft_depth: u32,
    bench_search_depth: u32,
    bench_playouts: u32,
}

impl Visitor for Info {
    type Output = GameInfo;

    fn visit<G: AnyGame>(self) -> GameInfo {
        GameInfo {
            id: G::ID,
            name: G::NAME,
            description: G::DESCRIPTION,
            options: G::Options::SPECS,
            record_extension: G::RECORD_EXTENSION,
            bench_perft_depth: self.bench_perft_depth,
            bench_search_depth: self.bench_search_depth,
            bench_playouts: self.bench_playouts,
            always_decisive: G::start(&Default::default()).draw_rules() == DrawRules::NONE,
        }
    }
}

/// The visitor behind [`GameId::of_record`]: whether the record's tags name the game.
struct NamedBy<'a>(&'a RecordText);

impl Visitor for NamedBy<'_> {
    type Output = Option<bool>;

    fn visit<G: AnyGame>(self) -> Option<bool> {
        self.0.names_game::<G>()
    }
}

impl FromStr for GameId {
    type Err = CatalogError;

    fn from_str(id: &str) -> Result<GameId, CatalogError> {
        GameId::ALL
            .into_iter()
            .find(|game| game.id() == id)
            .ok_or_else(|| CatalogError::UnknownGame { id: id.to_owned() })
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An error of the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogError {
    /// No game has this identifier.
    #[error("unknown game `{}`; the games are: {}", excerpt(.id), ids())]
    UnknownGame {
        /// The identifier as given.
        id: String,
    },
    /// The record's tags name different games.
    #[error("cannot read the record: its tags name different games: {0}")]
    ConflictingTags(String),
    /// Options of `gdl` that name no rules loaded.
    #[error("{0}")]
    GdlRules(String),
    /// Options given to a game written in GDL.
    #[error("a game written in GDL has no options: its rules are its description")]
    GdlOptions,
}

fn ids() -> String {
    GameId::ALL.map(GameId::id).join(", ")
}
