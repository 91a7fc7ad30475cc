//! Typed game options, written `key=value,key=value` on the command line and in records.

use std::fmt::Debug;

use thiserror::Error;

use crate::text::excerpt;

/// The description of one option: what `arbiter games` lists and what error messages quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, e.g. `first`.
    pub key: &'static str,
    /// The accepted values, e.g. `white|black` or `4..8`.
    pub values: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// One line on what the option does.
    pub help: &'static str,
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
