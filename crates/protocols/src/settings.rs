//! What the other program has set (the game, the engine, its table, the games' options), kept
//! when it chooses another game.

use arbiter_ai::{Engine, Limits, PlayerSpec, DEFAULT_TABLE_MIB, MAX_TABLE_MIB};
use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::text::excerpt;
use arbiter_core::{GameOptions, Knowledge, OptionError};

/// The settings of a protocol session.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// The game being played.
    pub game: GameId,
    /// The search.
    pub engine: Engine,
    /// The transposition table, in MiB.
    pub table_mib: usize,
    /// Whether the engine plays from the game's opening book where it has one.
    pub book: bool,
    /// Game options by key, as set; each applies to the games that have that key.
    game_options: Vec<(&'static str, String)>,
}

impl Settings {
    /// The defaults, playing `game`.
    pub(crate) fn new(game: GameId) -> Self {
        Settings {
            game,
            engine: Engine::AlphaBeta,
            table_mib: DEFAULT_TABLE_MIB,
            book: true,
            game_options: Vec::new(),
        }
    }

    /// The options of `G` set so far, over its defaults.
    pub(crate) fn options<G: AnyGame>(&self) -> G::Options {
        let text: Vec<String> = self
            .game_options
            .iter()
            .filter(|(key, _)| G::Options::SPECS.iter().any(|spec| spec.key == *key))
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        // Every value was checked by `set_game_option`.
        G::Options::parse(&text.join(",")).unwrap_or_default()
    }

    /// Sets the engine by name.
    pub(crate) fn set_engine(&mut self, name: &str) -> Result<(), String> {
        self.engine = match name.to_ascii_lowercase().as_str() {
            "alphabeta" => Engine::AlphaBeta,
            "mcts" => Engine::Mcts,
            "perfect" => Engine::Perfect,
            _ => {
                return Err(format!(
                    "unknown engine `{}`; expected alphabeta, mcts or perfect",
                    excerpt(name)
                ))
            }
        };
        Ok(())
    }

    /// The player of the settings for `position`, searching within `limits`, and a warning when
    /// the engine asked for cannot play it: the perfect player plays only the games that
    /// always end in a win, and alpha-beta searches instead.
    pub(crate) fn player<G: Knowledge>(
        &self,
        limits: Limits,
        position: &G,
    ) -> (PlayerSpec, Option<String>) {
        let spec = PlayerSpec {
            limits,
            table_mib: self.table_mib,
            book: self.book,
            ..PlayerSpec::new(self.engine)
        };
        match spec.check_game(position) {
            Ok(()) => (spec, None),
            Err(error) => (
                PlayerSpec { engine: Engine::AlphaBeta, ..spec },
                Some(format!("{error}; alphabeta searches instead")),
            ),
        }
    }

    /// Turns the opening book on (`true`) or off (`false`).
    pub(crate) fn set_book(&mut self, text: &str) -> Result<(), String> {
        self.book = match text.to_ascii_lowercase().as_str() {
            "true" => true,
            "false" => false,
            _ => {
                return Err(format!(
                    "invalid value `{}` for Book; expected true or false",
                    excerpt(text)
                ))
            }
        };
        Ok(())
    }

    /// Sets the table size from its text, in MiB.
    pub(crate) fn set_table(&mut self, text: &str) -> Result<(), String> {
        match arbiter_core::text::parse_digits::<usize>(text) {
            Some(mib) if (1..=MAX_TABLE_MIB).contains(&mib) => {
                self.table_mib = mib;
                Ok(())
            }
            _ => Err(format!(
                "invalid table size `{}`; expected MiB from 1 to {MAX_TABLE_MIB}",
                excerpt(text)
            )),
        }
    }

    /// Sets the option `key` of the games `among` that have it; `Ok(false)` when none has.
    pub(crate) fn set_game_option(
        &mut self,
        among: &[GameId],
        key: &str,
        value: &str,
    ) -> Result<bool, OptionError> {
        let owners: Vec<GameId> =
            among.iter().copied().filter(|id| option_key(*id, key).is_some()).collect();
        let Some(key) = owners.first().and_then(|id| option_key(*id, key)) else {
            return Ok(false);
        };
        for id in owners {
            id.visit(CheckOption(&format!("{key}={value}")))?;
        }
        self.game_options.retain(|(set, _)| *set != key);
        self.game_options.push((key, value.to_owned()));
        Ok(true)
    }
}

/// The key of `game`'s option named `name`, if it has one.
fn option_key(game: GameId, name: &str) -> Option<&'static str> {
    game.info().options.iter().find(|spec| spec.key == name).map(|spec| spec.key)
}

/// Checks one `key=value` option of a game.
struct CheckOption<'a>(&'a str);

impl Visitor for CheckOption<'_> {
    type Output = Result<(), OptionError>;

    fn visit<G: AnyGame>(self) -> Self::Output {
        G::Options::parse(self.0).map(drop)
    }
}
