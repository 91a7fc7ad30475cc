//! The claims on computer moves (a lease in the game's row, taken by one atomic update) and the
//! clocks' deadlines, as the servers share them through the database.

use sqlx::Row;

use super::{Store, StoreError};
use crate::time_control::Millis;

impl Store {
    /// The games whose deadline comes before `until`, with it.
    pub async fn deadlines_before(
        &self,
        until: Millis,
    ) -> Result<Vec<(String, Millis)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, deadline FROM games WHERE deadline < $1 ORDER BY deadline LIMIT 10000",
        )
        .bind(until.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, Millis(row.try_get(1)?))))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Claims for `owner`, until `until`, at most `limit`
    /// of the games whose computer move is due and whose lease ran out by `now`: their
    /// identifiers. Each claim is one atomic update, so two servers never claim one game.
    pub async fn claim_due(
        &self,
        owner: &str,
        now: Millis,
        until: Millis,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        let candidates: Vec<String> = sqlx::query(
            "SELECT id FROM games WHERE due = 1 AND lease_until < $1 ORDER BY lease_until LIMIT $2",
        )
        .bind(now.0)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
        let mut claimed = Vec::new();
        for id in candidates {
            let taken = sqlx::query(
                "UPDATE games SET lease_owner = $2, lease_until = $3 \
                 WHERE id = $1 AND due = 1 AND lease_until < $4",
            )
            .bind(&id)
            .bind(owner)
            .bind(until.0)
            .bind(now.0)
            .execute(&self.pool)
            .await?;
            if taken.rows_affected() == 1 {
                claimed.push(id);
            }
        }
        Ok(claimed)
    }

    /// Extends `owner`'s lease on game `id` to `until`; `false` when it no longer holds it.
    pub async fn renew(&self, id: &str, owner: &str, until: Millis) -> Result<bool, StoreError> {
        let renewed = sqlx::query(
            "UPDATE games SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND due = 1",
        )
        .bind(id)
        .bind(owner)
        .bind(until.0)
        .execute(&self.pool)
        .await?;
        Ok(renewed.rows_affected() == 1)
    }

    /// Game `id`, stored at `version`, has no computer move due after all (a game claimed by a
    /// scan that found a person to move): `due` and the lease are cleared.
    pub async fn clear_due(&self, id: &str, version: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET due = 0, lease_owner = NULL, lease_until = 0 \
             WHERE id = $1 AND version = $2",
        )
        .bind(id)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Ends every lease: for a server that knows it is the only one (on SQLite, with
    /// [`Store::lock_exclusive`]), the leases it finds are those of a server that died.
    pub async fn end_leases(&self) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET lease_owner = NULL, lease_until = 0 WHERE due = 1")
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Game `id` cannot be played from what is stored: no server claims its computer move or
    /// ends it on time.
    pub async fn quarantine(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET due = 0, lease_owner = NULL, lease_until = 0, deadline = NULL \
             WHERE id = $1",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
