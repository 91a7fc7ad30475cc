//! The one place that lists every Arbiter game, and dynamic dispatch over them.
//!
//! The command line (and later the server) works with games it knows only by name: it asks
//! [`find`] for an [`Entry`], and the entry makes a [`Session`], a game in progress behind a
//! trait object, whose moves are text. Perft and benchmarks still run monomorphised, inside.

mod session;

use std::marker::PhantomData;

use arbiter_ai::arena::{play_match, MatchConfig, MatchError, MatchResult};
use arbiter_ai::PlayerSpec;
use arbiter_checkers::Checkers;
use arbiter_core::{
    excerpt, parse_record_text, Evaluate, GameOptions, GameRecord, OptionError, OptionSpec,
    PositionError, RecordError, RecordText,
};
use arbiter_daynight::DayNight;
use arbiter_fanorona::Fanorona;
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use thiserror::Error;

pub use crate::session::{NextSteps, Session, Thought};

/// What the catalog knows of a game without starting one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The identifier used on the command line, e.g. `checkers`.
    pub id: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// One line on what the game is.
    pub description: &'static str,
    /// The options with their defaults.
    pub options: &'static [OptionSpec],
}

/// A game of the catalog: it starts sessions, reads records, and benchmarks itself.
pub trait Entry: Sync {
    /// The game's name, description and options.
    fn info(&self) -> GameInfo;

    /// A new game under `options` (`key=value,…`, empty for the defaults), from the start or
    /// from `position` in the game's text form.
    fn new_session(
        &self,
        options: &str,
        position: Option<&str>,
    ) -> Result<Box<dyn Session>, CatalogError>;

    /// A game read from a record text.
    fn load(&self, record: &str) -> Result<Box<dyn Session>, CatalogError>;

    /// Whether a record's tags name this game (see [`RecordText::names_game`]).
    fn names_game(&self, record: &RecordText) -> Option<bool>;

    /// The perft depth of `arbiter bench` from the start position.
    fn bench_depth(&self) -> u32;

    /// The alpha-beta depth of `arbiter bench` from the start position.
    fn bench_search_depth(&self) -> u32;

    /// Plays a match between `a` and `b` under `options`; `progress` hears the number of
    /// games finished.
    fn play_match(
        &self,
        options: &str,
        a: &PlayerSpec,
        b: &PlayerSpec,
        config: MatchConfig,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<MatchResult, CatalogError>;
}

/// A catalog entry for the game `G`, with the depths of its benchmarks.
struct Registered<G> {
    bench_depth: u32,
    bench_search_depth: u32,
    game: PhantomData<fn() -> G>,
}

impl<G> Registered<G> {
    const fn new(bench_depth: u32, bench_search_depth: u32) -> Self {
        Registered { bench_depth, bench_search_depth, game: PhantomData }
    }
}

impl<G: Evaluate> Entry for Registered<G> {
    fn info(&self) -> GameInfo {
        GameInfo {
            id: G::ID,
            name: G::NAME,
            description: G::DESCRIPTION,
            options: G::Options::SPECS,
        }
    }

    fn new_session(
        &self,
        options: &str,
        position: Option<&str>,
    ) -> Result<Box<dyn Session>, CatalogError> {
        let options = G::Options::parse(options)?;
        let record = match position {
            Some(text) => GameRecord::from_position(G::from_text(text, &options)?, options),
            None => GameRecord::<G>::new(options),
        };
        Ok(Box::new(record))
    }

    fn load(&self, record: &str) -> Result<Box<dyn Session>, CatalogError> {
        Ok(Box::new(GameRecord::<G>::from_record_text(record)?))
    }

    fn names_game(&self, record: &RecordText) -> Option<bool> {
        record.names_game::<G>()
    }

    fn bench_depth(&self) -> u32 {
        self.bench_depth
    }

    fn bench_search_depth(&self) -> u32 {
        self.bench_search_depth
    }

    fn play_match(
        &self,
        options: &str,
        a: &PlayerSpec,
        b: &PlayerSpec,
        config: MatchConfig,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<MatchResult, CatalogError> {
        let options = G::Options::parse(options)?;
        Ok(play_match::<G>(&options, a, b, config, progress)?)
    }
}

/// Every game, in the order `arbiter games` lists them.
static GAMES: [&dyn Entry; 5] = [
    &Registered::<Minicheckers>::new(16, 26),
    &Registered::<Holes>::new(9, 13),
    &Registered::<Fanorona>::new(6, 7),
    &Registered::<Checkers>::new(11, 15),
    &Registered::<DayNight>::new(6, 6),
];

/// Every game of the catalog.
pub fn games() -> &'static [&'static dyn Entry] {
    &GAMES
}

/// The game called `id`.
pub fn find(id: &str) -> Result<&'static dyn Entry, CatalogError> {
    GAMES.iter().copied().find(|entry| entry.info().id == id).ok_or_else(|| {
        CatalogError::UnknownGame {
            id: id.to_owned(),
            valid: GAMES.iter().map(|entry| entry.info().id).collect(),
        }
    })
}

/// Reads a record, finding its game from its tags (`[Game "…"]`, or PDN's `[GameType "21"]`
/// for checkers); a record without such a tag is read as `default_game`, if given.
pub fn load_record(
    text: &str,
    default_game: Option<&str>,
) -> Result<Box<dyn Session>, CatalogError> {
    let parsed = parse_record_text(text)?;
    let named = GAMES.iter().copied().find(|entry| entry.names_game(&parsed) == Some(true));
    let entry = match named {
        Some(entry) => entry,
        None if GAMES.iter().any(|entry| entry.names_game(&parsed).is_some()) => {
            let naming: Vec<String> = parsed
                .tags
                .iter()
                .filter(|(name, _)| name == "Game" || name == "GameType")
                .map(|(name, value)| format!("[{name} \"{}\"]", excerpt(value)))
                .collect();
            if naming.len() > 1 {
                return Err(CatalogError::ConflictingTags(naming.join(" ")));
            }
            let game = parsed.tag("Game").or(parsed.tag("GameType")).unwrap_or("?");
            return Err(CatalogError::UnknownGame {
                id: game.to_owned(),
                valid: GAMES.iter().map(|entry| entry.info().id).collect(),
            });
        }
        None => match default_game {
            Some(id) => find(id)?,
            None => return Err(CatalogError::NoGameTag),
        },
    };
    entry.load(text)
}

/// An error of the catalog: unknown game, bad options, position or record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogError {
    /// No game has this identifier.
    #[error("unknown game `{}`; the games are: {}", excerpt(.id), .valid.join(", "))]
    UnknownGame {
        /// The identifier as given.
        id: String,
        /// Every game's identifier.
        valid: Vec<&'static str>,
    },
    /// The options are wrong.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The position text is wrong.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The record text is wrong.
    #[error("cannot read the record: {0}")]
    Record(#[from] RecordError),
    /// The record's tags name different games.
    #[error("cannot read the record: its tags name different games: {0}")]
    ConflictingTags(String),
    /// The match cannot be played.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// The record names no game, and none was given.
    #[error("the record does not say which game it is; add a tag such as [Game \"checkers\"]")]
    NoGameTag,
}
