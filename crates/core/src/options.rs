//! Typed game options, written `key=value,key=value` on the command line and in records.

use std::fmt::{self, Debug, Display};

use thiserror::Error;

use crate::text::excerpt;

/// The description of one option: what `arbiter games` lists, what error messages quote and
/// what a front end builds its form from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, e.g. `first`.
    pub key: &'static str,
    /// The accepted values.
    pub values: OptionValues,
    /// The default value, as text: one of `values`.
    pub default: &'static str,
    /// One line on what the option does.
    pub help: &'static str,
}

/// The values an option accepts. Written `white|black` or `4..8` (its `Display`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValues {
    /// One of these words, in the order they are offered.
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max`, both included.
    Range {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
}

impl OptionValues {
    /// Whether `text` is one of the values, written as the options text writes it.
    ///
    /// ```
    /// use arbiter_core::OptionValues;
    ///
    /// let rings = OptionValues::Range { min: 4, max: 8 };
    /// assert!(rings.accepts("8") && !rings.accepts("9") && !rings.accepts("four"));
    /// assert!(OptionValues::Choice(&["white", "black"]).accepts("black"));
    /// ```
    #[must_use]
    pub fn accepts(&self, text: &str) -> bool {
        match *self {
            OptionValues::Choice(words) => words.contains(&text),
            OptionValues::Range { min, max } => {
                text.parse::<u32>().is_ok_and(|value| (min..=max).contains(&value))
            }
        }
    }
}

impl Display for OptionValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValues::Choice(words) => f.write_str(&words.join("|")),
            OptionValues::Range { min, max } => write!(f, "{min}..{max}"),
        }
    }
}

/// A wrong option string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// A piece of the string is not `key=value`.
    #[error(
        "`{}` is not an option setting; expected key=value, several joined by commas",
        excerpt(.0)
    )]
    Malformed(String),
    /// The key is not one of the game's options.
    #[error("unknown option `{}`; {}", excerpt(.key), valid_keys(.valid))]
    UnknownKey {
        /// The key as given.
        key: String,
        /// The game's options.
        valid: Vec<OptionSpec>,
    },
    /// The value is not accepted for that key.
    #[error(
        "invalid value `{}` for option `{}`; expected {expected}",
        excerpt(.value),
        excerpt(.key)
    )]
    InvalidValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// The accepted values.
        expected: String,
    },
    /// The same key was given twice.
    #[error("option `{}` is given twice", excerpt(.0))]
    Repeated(String),
}

fn valid_keys(valid: &[OptionSpec]) -> String {
    if valid.is_empty() {
        return "this game has no options".to_owned();
    }
    let keys: Vec<String> = valid
        .iter()
        .map(|spec| format!("{}={} (default {})", spec.key, spec.values, spec.default))
        .collect();
    format!("valid options: {}", keys.join(", "))
}

/// A game's options. `Default` gives the rules of the seed as settled in docs/rules.md.
pub trait GameOptions: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// Every option the game has, in the order they are listed.
    const SPECS: &'static [OptionSpec];

    /// Sets one option. `key` is always one of [`Self::SPECS`]; an unacceptable `value` is an
    /// [`OptionError::InvalidValue`].
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The current value of every option, in the order of [`Self::SPECS`].
    fn values(&self) -> Vec<(&'static str, String)>;

    /// Parses `key=value,key=value` over the defaults. An empty string gives the defaults.
    fn parse(text: &str) -> Result<Self, OptionError> {
        let mut options = Self::default();
        let mut seen: Vec<&str> = Vec::new();
        for setting in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = setting
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                .ok_or_else(|| OptionError::Malformed(setting.to_owned()))?;
            let Some(spec) = Self::SPECS.iter().find(|spec| spec.key == key) else {
                return Err(OptionError::UnknownKey {
                    key: key.to_owned(),
                    valid: Self::SPECS.to_vec(),
                });
            };
            if seen.contains(&spec.key) {
                return Err(OptionError::Repeated(key.to_owned()));
            }
            seen.push(spec.key);
            options.set(key, value)?;
        }
        Ok(options)
    }

    /// The options that differ from the defaults, as `key=value,key=value` (empty for defaults).
    fn to_text(&self) -> String {
        let defaults = Self::default().values();
        let changed: Vec<String> = self
            .values()
            .into_iter()
            .zip(defaults)
            .filter(|(value, default)| value != default)
            .map(|((key, value), _)| format!("{key}={value}"))
            .collect();
        changed.join(",")
    }
}

/// The options of a game that has none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    const SPECS: &'static [OptionSpec] = &[];

    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError::UnknownKey { key: key.to_owned(), valid: Vec::new() })
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}
