//! The lobby's open challenges (seeks), as stored: a seek becomes one game in the transaction
//! that stores the game (see [`Store::create_from_seek`]).

use arbiter_core::Side;
use sqlx::Row;

use super::rows::{read, stored, Stored, StoredSeek};
use super::{Store, StoreError};
use crate::time_control::Millis;

/// The side of a seek whose creator's side is drawn when it is accepted.
const RANDOM: &str = "random";

impl Store {
    /// Stores a new seek, unless its owner has `per_owner` open already or the lobby holds
    /// `total`: then `false`.
    pub async fn post_seek(
        &self,
        seek: &StoredSeek,
        per_owner: i64,
        total: i64,
    ) -> Result<bool, StoreError> {
        if let Some(owner) = &seek.owner {
            let mine: i64 =
                sqlx::query("SELECT count(*) FROM seeks WHERE game_id IS NULL AND owner = $1")
                    .bind(owner)
                    .fetch_one(&self.pool)
                    .await?
                    .try_get(0)?;
            if mine >= per_owner {
                return Ok(false);
            }
        }
        let all: i64 = sqlx::query("SELECT count(*) FROM seeks WHERE game_id IS NULL")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        if all >= total {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO seeks (id, game, options, clock, side, secret, owner, created, seen, \
             rated_by, creator, rating_range) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&seek.id)
        .bind(&seek.game)
        .bind(&seek.options)
        .bind(stored(seek.clock.as_ref()))
        .bind(seek.side.map_or_else(|| RANDOM.to_owned(), |side| side.to_stored()))
        .bind(&seek.secret)
        .bind(seek.owner.clone())
        .bind(seek.created.0)
        .bind(seek.seen.0)
        .bind(seek.rated_by.clone())
        .bind(stored(seek.creator.as_ref()))
        .bind(stored(seek.rating_range.as_ref()))
        .execute(&self.pool)
        .await?;
        Ok(true)
    }

    /// The seeks: the open ones, oldest first, or one by its identifier (open or accepted).
    pub async fn seeks(&self, id: Option<&str>) -> Result<Vec<StoredSeek>, StoreError> {
        match id {
            Some(id) => self.read_seeks("id = $1", Some(id)).await,
            None => self.read_seeks("game_id IS NULL ORDER BY created LIMIT 1000", None).await,
        }
    }

    /// The seeks of `owner` accepted lately: the games their creator is awaited in.
    pub async fn accepted_seeks(&self, owner: &str) -> Result<Vec<StoredSeek>, StoreError> {
        self.read_seeks("owner = $1 AND game_id IS NOT NULL", Some(owner)).await
    }

    /// The seeks `WHERE condition`, with `$1` bound to `bound` when it is given.
    async fn read_seeks(
        &self,
        condition: &str,
        bound: Option<&str>,
    ) -> Result<Vec<StoredSeek>, StoreError> {
        let query = format!(
            "SELECT id, game, options, clock, side, secret, owner, created, seen, game_id, \
             creator_side, rated_by, creator, rating_range FROM seeks WHERE {condition}"
        );
        let mut query = sqlx::query(&query);
        if let Some(bound) = bound {
            query = query.bind(bound);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let game_id: Option<String> = row.try_get("game_id")?;
                let side = match row.try_get::<String, _>("side")?.as_str() {
                    RANDOM => None,
                    _ => read::<Side>(row, "side")?,
                };
                Ok(StoredSeek {
                    id: row.try_get("id")?,
                    game: row.try_get("game")?,
                    options: row.try_get("options")?,
                    clock: read(row, "clock")?,
                    side,
                    secret: row.try_get("secret")?,
                    owner: row.try_get("owner")?,
                    created: Millis(row.try_get("created")?),
                    seen: Millis(row.try_get("seen")?),
                    accepted: game_id.zip(read(row, "creator_side")?),
                    rated_by: row.try_get("rated_by")?,
                    creator: read(row, "creator")?,
                    rating_range: read(row, "rating_range")?,
                })
            })
            .collect()
    }

    /// Withdraws open seek `id` whose secret has the hash `secret`; `false` when there is none.
    pub async fn withdraw_seek(&self, id: &str, secret: &str) -> Result<bool, StoreError> {
        let deleted =
            sqlx::query("DELETE FROM seeks WHERE id = $1 AND secret = $2 AND game_id IS NULL")
                .bind(id)
                .bind(secret)
                .execute(&self.pool)
                .await?;
        Ok(deleted.rows_affected() == 1)
    }

    /// The creator of the open seeks of `owner` (or of seek `id`) is there at `now`.
    pub async fn seen_seeks(
        &self,
        owner: Option<&str>,
        id: Option<&str>,
        now: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE seeks SET seen = $3 WHERE game_id IS NULL AND (owner = $1 OR id = $2)")
            .bind(owner.map(str::to_owned))
            .bind(id.map(str::to_owned))
            .bind(now.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The creator of the open seeks of `owner`, last there at `last_seen` by the socket that
    /// closed, left: their `seen` becomes `leaving`, unless another of its pages said it was
    /// there since.
    pub async fn left_seeks(
        &self,
        owner: &str,
        last_seen: Millis,
        leaving: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE seeks SET seen = $3 WHERE game_id IS NULL AND owner = $1 AND seen <= $2",
        )
        .bind(owner)
        .bind(last_seen.0)
        .bind(leaving.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Removes the seeks whose creator was last there before `gone`, and those made before
    /// `old`; the number removed.
    pub async fn expire_seeks(&self, gone: Millis, old: Millis) -> Result<u64, StoreError> {
        let deleted = sqlx::query("DELETE FROM seeks WHERE seen < $1 OR created < $2")
            .bind(gone.0)
            .bind(old.0)
            .execute(&self.pool)
            .await?;
        Ok(deleted.rows_affected())
    }
}
