//! The rules of the games written in GDL: a game stores `gdl` and the options `rules=HASH`, the
//! SHA-256 of its rules' text, which is stored once in the table `gdl_rules`. Rules are
//! compiled once a server (off the async runtime, one compilation at a time, within
//! [`RULES_LIMITS`]) and kept while a game holds them, and the last [`KEPT_RULES`] compiled
//! besides, so that a game read again after a restart, a replay or a board's geometry finds
//! them without compiling them again.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use arbiter_catalog::Playable;
use arbiter_gdl::{Limits, Rules};
use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::play::Games;

/// The longest rules a game may be created with, in bytes: under the body's bound
/// (`MAX_BODY`, 64 KiB) with room for the JSON's escapes.
pub const MAX_RULES_BYTES: usize = 48 * 1024;

/// What compiling rules may cost: a tenth of the reasoner's own sizes, and seconds of one
/// worker's time (the published games of the GGP repository that Arbiter plays compile in
/// well under a second).
pub const RULES_LIMITS: Limits =
    Limits { terms: 200_000, instances: 400_000, time: Some(Duration::from_secs(5)) };

/// How many rules compiled lately are kept beyond those the games in memory hold.
pub const KEPT_RULES: usize = 16;

/// The rules compiled lately, and the one compilation at a time.
pub(crate) struct Rulebook {
    kept: Mutex<VecDeque<Rules>>,
    compiling: Semaphore,
}

impl Default for Rulebook {
    fn default() -> Rulebook {
        Rulebook { kept: Mutex::new(VecDeque::new()), compiling: Semaphore::new(1) }
    }
}

impl Rulebook {
    /// Keeps `rules` among the last compiled.
    fn keep(&self, rules: &Rules) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|known| known != rules);
        kept.push_front(rules.clone());
        kept.truncate(KEPT_RULES);
    }

    /// Compiles `text` within [`RULES_LIMITS`], on a thread of its own, one at a time.
    async fn compile(&self, text: String) -> Result<Rules, ApiError> {
        let _one = self.compiling.acquire().await.map_err(|e| ApiError::Internal(e.to_string()))?;
        let compiled =
            tokio::task::spawn_blocking(move || Rules::load_within(&text, &RULES_LIMITS)).await;
        let compiled = compiled.map_err(|e| ApiError::Internal(format!("compiling: {e}")))?;
        let rules = compiled.map_err(|error| {
            ApiError::BadRequest(format!("the rules cannot be played: {error}"))
        })?;
        self.keep(&rules);
        Ok(rules)
    }
}

/// The hash of `options` as a GDL game stores them (`rules=HASH`).
fn stored_hash(options: &str) -> Option<&str> {
    let hash = options.trim().strip_prefix("rules=")?;
    (hash.len() == 64 && hash.bytes().all(|byte| byte.is_ascii_hexdigit())).then_some(hash)
}

impl Games {
    /// The game created with the rules `text` (KIF), compiled and checked: a `413` for text
    /// over [`MAX_RULES_BYTES`], a `400` that says what is wrong with rules that cannot be
    /// played (or that pass [`RULES_LIMITS`]).
    pub(crate) async fn new_rules(&self, text: String) -> Result<Playable, ApiError> {
        if text.len() > MAX_RULES_BYTES {
            return Err(ApiError::Unreadable(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the rules are {} bytes: at most {MAX_RULES_BYTES}", text.len()),
            ));
        }
        if let Ok(rules) = Rules::find(&Rules::hash_of(&text)) {
            self.rulebook.keep(&rules);
            return Ok(Playable::Gdl(rules));
        }
        Ok(Playable::Gdl(self.rulebook.compile(text).await?))
    }

    /// The game stored as `game` with `options`: a game of the catalog, or a GDL game whose
    /// rules are read from the database (and compiled) when no game in memory holds them.
    /// `unknown` makes the error of a game that is not there (a stored game's is
    /// [`ApiError::Damaged`], a request's [`ApiError::NotFound`]).
    pub(crate) async fn playable(
        &self,
        game: &str,
        options: &str,
        unknown: fn(String) -> ApiError,
    ) -> Result<Playable, ApiError> {
        if game != Playable::GDL_ID {
            return Playable::named(game, options).map_err(|error| unknown(error.to_string()));
        }
        let Some(hash) = stored_hash(options) else {
            return Err(unknown(format!(
                "a GDL game is named by its rules' hash, `rules=HASH` (64 hexadecimal digits), \
                 not `{}`",
                arbiter_core::text::excerpt(options)
            )));
        };
        if let Ok(rules) = Rules::find(hash) {
            return Ok(Playable::Gdl(rules));
        }
        let text = self.store.rules(hash).await?.ok_or_else(|| {
            unknown(format!("no GDL rules with the hash {hash} are stored on this server"))
        })?;
        let rules = self.rulebook.compile(text).await.map_err(|error| {
            // Rules stored were compiled once: they fail now only if the server changed.
            ApiError::Damaged(format!("the stored rules {hash} no longer compile: {error}"))
        })?;
        Ok(Playable::Gdl(rules))
    }
}
