//! Perf keys: which rating a game counts for, one per game and speed, written
//! `checkers/blitz` (lichess calls a rating category a "perf").

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::PerfKeyError;
use crate::speed::Speed;

/// The longest game identifier a perf key takes: 32 bytes. The catalog's are at most 12
/// (`minicheckers`).
pub const MAX_GAME_ID_LEN: usize = 32;

/// Which rating a game counts for: the game's identifier in the catalog (`checkers`,
/// `minicheckers`, `holes`, `fanorona`, `daynight`) and the [`Speed`]. Written and read as
/// `GAME/SPEED`, in text and in JSON.
///
/// The key checks the identifier's form only; whether the catalog has such a game is the
/// caller's to check, so that this crate need not know the games.
///
/// ```
/// use arbiter_rating::{PerfKey, Speed};
/// let key: PerfKey = "fanorona/rapid".parse().expect("a perf key");
/// assert_eq!((key.game(), key.speed()), ("fanorona", Speed::Rapid));
/// assert_eq!(key.to_string(), "fanorona/rapid");
/// assert!("fanorona".parse::<PerfKey>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PerfKey {
    game: String,
    speed: Speed,
}

impl PerfKey {
    /// The key of `game` at `speed`.
    ///
    /// # Errors
    ///
    /// [`PerfKeyError::BadGame`] unless `game` is 1 to [`MAX_GAME_ID_LEN`] lowercase ASCII
    /// letters, digits or `-`, starting with a letter.
    pub fn new(game: &str, speed: Speed) -> Result<PerfKey, PerfKeyError> {
        if is_game_id(game) {
            Ok(PerfKey { game: game.to_owned(), speed })
        } else {
            Err(PerfKeyError::BadGame { game: game.to_owned() })
        }
    }

    /// The game's identifier, e.g. `checkers`.
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The speed.
    #[must_use]
    pub fn speed(&self) -> Speed {
        self.speed
    }
}

/// Whether `text` has the form of a game identifier.
fn is_game_id(text: &str) -> bool {
    let mut bytes = text.bytes();
    text.len() <= MAX_GAME_ID_LEN
        && bytes.next().is_some_and(|first| first.is_ascii_lowercase())
        && bytes.all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
}

impl fmt::Display for PerfKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.game, self.speed)
    }
}

impl FromStr for PerfKey {
    type Err = PerfKeyError;

    /// Reads `GAME/SPEED`, e.g. `checkers/blitz`: exactly one `/`, no spaces, lowercase.
    fn from_str(text: &str) -> Result<PerfKey, PerfKeyError> {
        let (game, speed) =
            text.split_once('/').ok_or_else(|| PerfKeyError::NoSlash { text: text.to_owned() })?;
        let speed = speed.parse()?;
        PerfKey::new(game, speed)
    }
}

impl TryFrom<String> for PerfKey {
    type Error = PerfKeyError;

    fn try_from(text: String) -> Result<PerfKey, PerfKeyError> {
        text.parse()
    }
}

impl From<PerfKey> for String {
    fn from(key: PerfKey) -> String {
        key.to_string()
    }
}
