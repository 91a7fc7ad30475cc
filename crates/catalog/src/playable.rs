//! A game to play: one of the catalog's own, or one written in GDL and loaded at run time.
//! The catalog's games are named by a fixed [`GameId`]; a GDL game is built from its rules'
//! text ([`Rules::load`]) and played as [`Gdl`], whose options name the rules by their hash.

use std::fmt;

use arbiter_core::{Game, GameOptions};
use arbiter_gdl::{Gdl, GdlError, GdlOptions, Rules};

use crate::{CatalogError, DynRecord, GameId, Played, PlayedError, Visitor};

/// A game to play: one of the catalog, or a game written in GDL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Playable {
    /// A game of the catalog.
    Native(GameId),
    /// A game of two players taking turns, written in GDL.
    Gdl(Rules),
}

impl Playable {
    /// The GDL game of the description `text` (KIF).
    ///
    /// # Errors
    ///
    /// What is wrong with the text or the rules, with its line and column where it has one.
    pub fn gdl(text: &str) -> Result<Playable, GdlError> {
        Rules::load(text).map(Playable::Gdl)
    }

    /// The game named by an identifier and options as a record or a program writes them: a
    /// game of the catalog by its id, or `gdl` with `rules=HASH` naming rules loaded before
    /// (the seed's `breakthroughSmallHoles` without options).
    ///
    /// # Errors
    ///
    /// [`CatalogError::UnknownGame`] for an unknown id, [`CatalogError::GdlRules`] for options
    /// of `gdl` that name no rules loaded.
    pub fn named(id: &str, options: &str) -> Result<Playable, CatalogError> {
        if id != Playable::GDL_ID {
            return id.parse().map(Playable::Native);
        }
        match <GdlOptions as GameOptions>::parse(options) {
            Ok(options) => Ok(Playable::Gdl(options.rules)),
            Err(error) => Err(CatalogError::GdlRules(error.to_string())),
        }
    }

    /// The identifier of the games written in GDL.
    pub const GDL_ID: &'static str = <Gdl as Game>::ID;

    /// Runs `visitor` for the game's type.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        match self {
            Playable::Native(id) => id.visit(visitor),
            Playable::Gdl(_) => visitor.visit::<Gdl>(),
        }
    }

    /// The identifier: the catalog's, or `gdl`.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Playable::Native(id) => id.id(),
            Playable::Gdl(_) => Playable::GDL_ID,
        }
    }

    /// The options text for `given` (`key=value,…`, as a person writes them): the same for a
    /// game of the catalog; for a GDL game, which has no options but its rules, `rules=HASH`
    /// (and an error if any were given).
    ///
    /// # Errors
    ///
    /// [`CatalogError::GdlOptions`] for options given to a GDL game.
    pub fn options(&self, given: &str) -> Result<String, CatalogError> {
        match self {
            Playable::Native(_) => Ok(given.to_owned()),
            Playable::Gdl(_) if !given.trim().is_empty() => Err(CatalogError::GdlOptions),
            Playable::Gdl(rules) => Ok(format!("rules={}", rules.hash())),
        }
    }

    /// The game from `start` (the position's text; the game's own start when `None`) with
    /// `moves` played, under `options` for a game of the catalog (its rules for a GDL game).
    ///
    /// # Errors
    ///
    /// As [`GameId::played`].
    pub fn played(
        &self,
        options: &str,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Box<dyn DynRecord>, PlayedError> {
        match self {
            Playable::Native(id) => id.played(options, start, moves),
            Playable::Gdl(rules) => {
                let options = format!("rules={}", rules.hash());
                Ok(Box::new(Played::<Gdl>::build(&options, start, moves)?))
            }
        }
    }
}

impl From<GameId> for Playable {
    fn from(id: GameId) -> Playable {
        Playable::Native(id)
    }
}

impl fmt::Display for Playable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Playable::Native(id) => write!(f, "{id}"),
            Playable::Gdl(rules) => write!(f, "gdl (rules {})", rules.hash()),
        }
    }
}
