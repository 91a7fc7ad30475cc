//! What anyone may see of the players: a profile (the ratings per perf), the history of a
//! rating, the games, and the leaderboards of each perf.

use std::collections::BTreeMap;
use std::time::Duration;

use arbiter_catalog::GameId;
use arbiter_rating::{PerfKey, Speed, UnixMillis, RANKED_DEVIATION};
use serde::Serialize;

use super::names::{check_name, name_key};
use super::{rating_view, Accounts, RatingView};
use crate::error::ApiError;
use crate::play::owner_key;
use crate::store::{StoredAccount, Tally};
use crate::time_control::Millis;

/// The most players a leaderboard lists.
pub const LEADERS: usize = 100;

/// A player is on a leaderboard only after a rated game in its perf within this: 30 days.
pub const LEADERBOARD_RECENT: Duration = Duration::from_secs(30 * 86_400);

/// The most points of a rating history: the latest.
pub const MAX_HISTORY: i64 = 10_000;

/// The games of a page of a player's games.
pub const GAMES_PAGE: i64 = 20;

/// The last page of a player's games that is served (the 10,000 most recent games).
pub const LAST_GAMES_PAGE: i64 = 500;

/// A player's profile.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Profile {
    /// The name.
    pub name: String,
    /// When the account was made, in milliseconds since the Unix epoch.
    pub created: i64,
    /// The ratings, by perf key (`checkers/blitz`), as they stand now.
    pub ratings: BTreeMap<String, RatingView>,
    /// The games won, drawn and lost, rated or not (those played at one screen aside).
    pub results: Tally,
}

/// A rating after a rated game.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RatingPoint {
    /// When the game ended, in milliseconds since the Unix epoch.
    pub at: i64,
    /// The rating after it, as shown.
    pub rating: i32,
}

/// A player of a leaderboard.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Leader {
    /// The name.
    pub name: String,
    /// The rating, as shown.
    pub rating: i32,
    /// Its deviation, as it stands now, rounded.
    pub rd: f64,
    /// The rated games played in the perf.
    pub games: i64,
}

impl Accounts {
    /// The account named `name` (in any case), not deleted; `404` otherwise.
    pub(super) async fn named(&self, name: &str) -> Result<StoredAccount, ApiError> {
        let account = self.games.store.account_named(&name_key(name)).await?;
        account.filter(|account| !account.deleted).ok_or_else(|| {
            ApiError::NotFound(format!(
                "no player is named `{}`",
                arbiter_core::text::excerpt(name)
            ))
        })
    }

    /// Whether a player (an account not deleted) is named `name`, in any case. A name no
    /// account may have is not looked for.
    pub async fn exists(&self, name: &str) -> Result<bool, ApiError> {
        if check_name(name).is_err() {
            return Ok(false);
        }
        match self.named(name).await {
            Ok(_) => Ok(true),
            Err(ApiError::NotFound(_)) => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// The profile of the player named `name`.
    pub async fn profile(&self, name: &str) -> Result<Profile, ApiError> {
        let account = self.named(name).await?;
        let ratings = self.ratings(&account.id).await?;
        let results = self.games.store.tally(&owner_key(&account.seat_key)).await?;
        Ok(Profile { name: account.name, created: account.created.0, ratings, results })
    }

    /// The rating of the player named `name` in perf `perf` (`checkers/blitz`) after each of
    /// the player's rated games in it, the oldest first.
    pub async fn rating_history(
        &self,
        name: &str,
        perf: &str,
    ) -> Result<Vec<RatingPoint>, ApiError> {
        let perf = perf_key(perf)?;
        let account = self.named(name).await?;
        let store = &self.games.store;
        let points = store.rating_history(&account.id, &perf.to_string(), MAX_HISTORY).await?;
        let point = |(at, rating): (Millis, f64)| RatingPoint { at: at.0, rating: rating as i32 };
        Ok(points.into_iter().map(point).collect())
    }

    /// The leaderboard of `game` at `speed`: the best [`LEADERS`] players ranked now (a
    /// deviation of at most 75) who played a rated game in it in the last 30 days.
    pub async fn leaderboard(&self, game: &str, speed: &str) -> Result<Vec<Leader>, ApiError> {
        let perf = perf_key(&format!("{game}/{speed}"))?;
        let now = self.now();
        let since = now - Millis::of(LEADERBOARD_RECENT);
        // The stored deviation grows with the time away: the players ranked now are among
        // those ranked at their last game, read with room for those who are no longer.
        let stored = self
            .games
            .store
            .leaders(&perf.to_string(), since, RANKED_DEVIATION, 2 * LEADERS as i64)
            .await?;
        let mut leaders = Vec::new();
        for (name, rating) in stored {
            let live = rating.rating.live(UnixMillis(now.0)).map_err(|error| {
                ApiError::Damaged(format!("a stored rating cannot be read: {error}"))
            })?;
            if live.ranked() && leaders.len() < LEADERS {
                let view = rating_view(&rating, now)?;
                leaders.push(Leader { name, rating: view.rating, rd: view.rd, games: view.games });
            }
        }
        Ok(leaders)
    }
}

/// The perf key `text` of a game of the catalog: `400` unless it is one.
fn perf_key(text: &str) -> Result<PerfKey, ApiError> {
    let key: PerfKey = text.parse().map_err(|error| {
        ApiError::BadRequest(format!(
            "{error}: a perf is a game and a speed, `checkers/blitz` (speeds: {})",
            Speed::ALL.map(Speed::key).join(", ")
        ))
    })?;
    key.game().parse::<GameId>().map_err(|error| ApiError::BadRequest(error.to_string()))?;
    Ok(key)
}
