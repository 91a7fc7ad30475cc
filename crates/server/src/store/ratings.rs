//! The players' ratings, one per account and perf, and their history. The end of a rated game
//! rates both players (`arbiter_rating::rate_game`) in the transaction that stores the end:
//! after the game's row passed its version check, so that the end is rated once however many
//! servers try to store it.

use arbiter_rating::{rate_game, Outcome, PerfRating, Rating, RatingUpdate, UnixMillis};
use sqlx::Row;

use super::rows::{stored, RatingChange, StoredGame};
use super::{Store, StoreError};
use crate::live::{Event, GameResult};
use crate::time_control::Millis;

/// A player's rating in one perf, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRating {
    /// The perf key: `checkers/blitz`.
    pub perf: String,
    /// The rating after the last rated game, and when that was.
    pub rating: PerfRating,
    /// The rated games played.
    pub games: i64,
}

/// Whether storing `game` ends a rated game that is not rated yet: it has a result, was not
/// aborted, and its ratings have not changed.
pub(super) fn ends_rated(game: &StoredGame) -> bool {
    game.rated.as_ref().is_some_and(|rated| rated.changes.is_none())
        && game.result.is_some()
        && !game.event.is_some_and(Event::is_abort)
}

impl Store {
    /// Rates the end of `game` (see [`ends_rated`]) in `transaction`, after the game's row was
    /// written: both players' ratings, a history row each, and the changes in the game's row.
    /// The two rating rows are locked (on PostgreSQL, `lock`) in the order of their accounts,
    /// so that two games that end at once never wait on each other crosswise. A rating that
    /// cannot be computed leaves both as they were, as lichess does.
    pub(super) async fn rate_on(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &StoredGame,
        lock: bool,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let (Some(rated), Some(result)) = (&game.rated, game.result) else { return Ok(None) };
        let white = match result {
            GameResult::WhiteWins => Outcome::Win,
            GameResult::BlackWins => Outcome::Loss,
            GameResult::Draw => Outcome::Draw,
        };
        let order = if rated.accounts[1] < rated.accounts[0] { [1, 0] } else { [0, 1] };
        let mut before = [PerfRating::NEW_PLAYER; 2];
        for index in order {
            before[index] =
                Self::locked_rating(transaction, &rated.accounts[index], &rated.perf, lock).await?;
        }
        let now = game.updated;
        let rated_game = match rate_game(&before[0], &before[1], white, UnixMillis(now.0)) {
            Ok(rated_game) => rated_game,
            Err(error) => {
                tracing::warn!(%error, game = game.id, "a rated game's ratings cannot be computed");
                return Ok(None);
            }
        };
        let updates = [rated_game.first, rated_game.second];
        for index in order {
            let account = &rated.accounts[index];
            Self::store_rating(transaction, account, &rated.perf, &updates[index], now, &game.id)
                .await?;
        }
        let changes = updates.map(|update: RatingUpdate| RatingChange {
            before: update.before.displayed(),
            change: update.change,
        });
        let mut now_rated = rated.clone();
        now_rated.changes = Some(changes);
        sqlx::query("UPDATE games SET rated = $2 WHERE id = $1")
            .bind(&game.id)
            .bind(stored(Some(&now_rated)))
            .execute(&mut **transaction)
            .await?;
        Ok(Some(changes))
    }

    /// The rating of `account` in `perf` (a new player's if none), its row locked on
    /// PostgreSQL when `lock`.
    async fn locked_rating(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        account: &str,
        perf: &str,
        lock: bool,
    ) -> Result<PerfRating, StoreError> {
        let new = Rating::NEW_PLAYER;
        sqlx::query(
            "INSERT INTO ratings (account_id, perf, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
        )
        .bind(account)
        .bind(perf)
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .execute(&mut **transaction)
        .await?;
        let query = format!(
            "SELECT rating, deviation, volatility, last_rated FROM ratings \
             WHERE account_id = $1 AND perf = $2{}",
            if lock { " FOR UPDATE" } else { "" }
        );
        let row =
            sqlx::query(&query).bind(account).bind(perf).fetch_one(&mut **transaction).await?;
        Ok(perf_rating(&row)?)
    }

    /// Stores the rating of `account` in `perf` after game `game_id`, ended at `now`.
    async fn store_rating(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        account: &str,
        perf: &str,
        update: &RatingUpdate,
        now: Millis,
        game_id: &str,
    ) -> Result<(), StoreError> {
        let after = update.after;
        sqlx::query(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, \
             games = games + 1, last_rated = $6 WHERE account_id = $1 AND perf = $2",
        )
        .bind(account)
        .bind(perf)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now.0)
        .execute(&mut **transaction)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (account_id, perf, game_id, at, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        )
        .bind(account)
        .bind(perf)
        .bind(game_id)
        .bind(now.0)
        .bind(after.rating)
        .bind(after.deviation)
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }

    /// The rating of `account` in `perf`, if it played a rated game in it.
    pub async fn rating_in(
        &self,
        account: &str,
        perf: &str,
    ) -> Result<Option<StoredRating>, StoreError> {
        let row = sqlx::query(
            "SELECT perf, rating, deviation, volatility, last_rated, games FROM ratings \
             WHERE account_id = $1 AND perf = $2 AND games > 0",
        )
        .bind(account)
        .bind(perf)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(stored_rating).transpose()?)
    }

    /// The ratings of `account`, by perf key.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<StoredRating>, StoreError> {
        let rows = sqlx::query(
            "SELECT perf, rating, deviation, volatility, last_rated, games FROM ratings \
             WHERE account_id = $1 AND games > 0 ORDER BY perf",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(stored_rating).collect::<Result<_, sqlx::Error>>().map_err(StoreError::from)
    }
}

impl Store {
    /// The ratings of `account` in `perf` after each of its rated games, the oldest first: the
    /// latest `limit`.
    pub async fn rating_history(
        &self,
        account: &str,
        perf: &str,
        limit: i64,
    ) -> Result<Vec<(Millis, f64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT at, rating FROM rating_history WHERE account_id = $1 AND perf = $2 \
             ORDER BY at DESC, game_id LIMIT $3",
        )
        .bind(account)
        .bind(perf)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut points = rows
            .iter()
            .map(|row| Ok((Millis(row.try_get("at")?), row.try_get("rating")?)))
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        points.reverse();
        Ok(points)
    }

    /// The best ratings in `perf` of the accounts not deleted that played a rated game in it
    /// since `since` and whose stored deviation is at most `deviation`, with their names: the
    /// highest first, at most `limit`.
    pub async fn leaders(
        &self,
        perf: &str,
        since: Millis,
        deviation: f64,
        limit: i64,
    ) -> Result<Vec<(String, StoredRating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT accounts.name, ratings.perf, ratings.rating, ratings.deviation, \
             ratings.volatility, ratings.last_rated, ratings.games FROM ratings \
             JOIN accounts ON accounts.id = ratings.account_id WHERE ratings.perf = $1 \
             AND ratings.last_rated >= $2 AND ratings.deviation <= $3 AND accounts.deleted = 0 \
             ORDER BY ratings.rating DESC, accounts.name_key LIMIT $4",
        )
        .bind(perf)
        .bind(since.0)
        .bind(deviation)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("name")?, stored_rating(row)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

/// A row of `ratings`.
fn stored_rating(row: &sqlx::any::AnyRow) -> Result<StoredRating, sqlx::Error> {
    Ok(StoredRating {
        perf: row.try_get("perf")?,
        rating: perf_rating(row)?,
        games: row.try_get("games")?,
    })
}

/// The rating of a row of `ratings`.
fn perf_rating(row: &sqlx::any::AnyRow) -> Result<PerfRating, sqlx::Error> {
    Ok(PerfRating {
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        last_rated_at: row.try_get::<Option<i64>, _>("last_rated")?.map(UnixMillis),
    })
}
