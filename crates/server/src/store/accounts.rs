//! Accounts' rows: the accounts, their signed-in sessions and API tokens (each by the SHA-256
//! of its secret), the failed sign-ins counted for throttling, and the seats a browser held
//! before it signed in, carried over to the account in the sign-in's transaction.

use sqlx::Row;

use super::{Store, StoreError};
use crate::time_control::Millis;

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAccount {
    /// Its identifier, random.
    pub id: String,
    /// The name, as its owner wrote it.
    pub name: String,
    /// The argon2id hash of the password (a PHC string); `None` once deleted.
    pub password: Option<String>,
    /// The root of the account's seats' secrets.
    pub seat_key: String,
    /// When it was made.
    pub created: Millis,
    /// Whether it was deleted.
    pub deleted: bool,
}

/// A seat carried from a browser's session to an account: the game, the side's column
/// (`white` or `black`), the hash of the secret that held it, and the hash that holds it now.
#[derive(Debug, Clone)]
pub struct CarriedSeat {
    /// The game.
    pub game_id: String,
    /// `white` or `black`.
    pub side: &'static str,
    /// The stored hash of the browser's secret of the seat.
    pub old_hash: String,
    /// The stored hash of the account's secret of the seat.
    pub new_hash: String,
}

/// Where a signed-in session comes from, and what it carries with it.
#[derive(Debug, Clone)]
pub struct SignIn<'a> {
    /// The account.
    pub account_id: &'a str,
    /// The hash of the new session's secret.
    pub session: &'a str,
    /// The browser's owner key before, and the account's, when its holdings are carried.
    pub owners: Option<(&'a str, &'a str)>,
    /// The seats carried.
    pub seats: &'a [CarriedSeat],
    /// Now.
    pub now: Millis,
}

/// The name a deleted account's games show.
pub const DELETED: &str = "deleted";

const ACCOUNT_COLUMNS: &str = "accounts.id, accounts.name, accounts.password, \
     accounts.seat_key, accounts.created, accounts.deleted";

fn account(row: &sqlx::any::AnyRow) -> Result<StoredAccount, sqlx::Error> {
    Ok(StoredAccount {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        password: row.try_get("password")?,
        seat_key: row.try_get("seat_key")?,
        created: Millis(row.try_get("created")?),
        deleted: row.try_get::<i64, _>("deleted")? != 0,
    })
}

impl Store {
    /// Stores a new account whose lowercased name is `name_key`, signed in by the session of
    /// hash `session` with the browser's seats `sign_in` carries. A name taken (by any
    /// account, deleted or not) is [`StoreError::Taken`].
    pub async fn create_account(
        &self,
        account: &StoredAccount,
        name_key: &str,
        sign_in: &SignIn<'_>,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let added = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password, seat_key, created, deleted) \
             VALUES ($1, $2, $3, $4, $5, $6, 0) ON CONFLICT DO NOTHING",
        )
        .bind(&account.id)
        .bind(&account.name)
        .bind(name_key)
        .bind(account.password.clone())
        .bind(&account.seat_key)
        .bind(account.created.0)
        .execute(&mut *transaction)
        .await?;
        if added.rows_affected() != 1 {
            return Err(StoreError::Taken("this name is taken".to_owned()));
        }
        let changed = Self::sign_in_on(&mut transaction, sign_in).await?;
        transaction.commit().await?;
        Ok(changed)
    }

    /// Signs in: a new session for the account, and the browser's seats and games carried
    /// over, in one transaction. The games whose seats changed, with their new versions.
    pub async fn sign_in(&self, sign_in: &SignIn<'_>) -> Result<Vec<(String, i64)>, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let changed = Self::sign_in_on(&mut transaction, sign_in).await?;
        transaction.commit().await?;
        Ok(changed)
    }

    async fn sign_in_on(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        sign_in: &SignIn<'_>,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        sqlx::query("INSERT INTO sessions (secret, account_id, created) VALUES ($1, $2, $3)")
            .bind(sign_in.session)
            .bind(sign_in.account_id)
            .bind(sign_in.now.0)
            .execute(&mut **transaction)
            .await?;
        let mut changed = Vec::new();
        for seat in sign_in.seats {
            // The seat changes hands as any change of the game does: its version goes up, so
            // that every server's copy in memory is read again.
            let query = format!(
                "UPDATE games SET {side}_secret = $1, version = version + 1 \
                 WHERE id = $2 AND {side}_secret = $3 RETURNING version",
                side = seat.side
            );
            let row = sqlx::query(&query)
                .bind(&seat.new_hash)
                .bind(&seat.game_id)
                .bind(&seat.old_hash)
                .fetch_optional(&mut **transaction)
                .await?;
            if let Some(row) = row {
                changed.push((seat.game_id.clone(), row.try_get::<i64, _>(0)?));
            }
        }
        if let Some((before, after)) = sign_in.owners {
            sqlx::query(
                "INSERT INTO holdings (owner, game_id, side) SELECT $2, game_id, side \
                 FROM holdings WHERE owner = $1 ON CONFLICT DO NOTHING",
            )
            .bind(before)
            .bind(after)
            .execute(&mut **transaction)
            .await?;
            sqlx::query("DELETE FROM holdings WHERE owner = $1")
                .bind(before)
                .execute(&mut **transaction)
                .await?;
        }
        Ok(changed)
    }

    /// The account whose lowercased name is `name_key`, deleted or not.
    pub async fn account_named(&self, name_key: &str) -> Result<Option<StoredAccount>, StoreError> {
        let query = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1");
        let row = sqlx::query(&query).bind(name_key).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(account).transpose()?)
    }

    /// The account signed in by the session of hash `session`, or by the API token of hash
    /// `session` when `token`.
    pub async fn account_of(
        &self,
        secret_hash: &str,
        token: bool,
    ) -> Result<Option<StoredAccount>, StoreError> {
        let table = if token { "api_tokens" } else { "sessions" };
        let query = format!(
            "SELECT {ACCOUNT_COLUMNS} FROM {table} JOIN accounts ON accounts.id = \
             {table}.account_id WHERE {table}.secret = $1 AND accounts.deleted = 0"
        );
        let row = sqlx::query(&query).bind(secret_hash).fetch_optional(&self.pool).await?;
        Ok(row.as_ref().map(account).transpose()?)
    }

    /// The names of the accounts `ids`, `deleted` for a deleted one, `None` for none.
    pub async fn account_names(
        &self,
        ids: &[String; 2],
    ) -> Result<[Option<String>; 2], StoreError> {
        let mut names = [None, None];
        for (name, id) in names.iter_mut().zip(ids) {
            let row = sqlx::query("SELECT name, deleted FROM accounts WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            if let Some(row) = row {
                let deleted = row.try_get::<i64, _>("deleted")? != 0;
                *name = Some(if deleted { DELETED.to_owned() } else { row.try_get("name")? });
            }
        }
        Ok(names)
    }

    /// Ends the session of hash `session`.
    pub async fn end_session(&self, session: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE secret = $1")
            .bind(session)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores the account's new password hash, and ends its other sessions (all but the one of
    /// hash `keep`).
    pub async fn set_password(
        &self,
        account_id: &str,
        password: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password = $2 WHERE id = $1")
            .bind(account_id)
            .bind(password)
            .execute(&mut *transaction)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND secret <> $2")
            .bind(account_id)
            .bind(keep)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Deletes an account: its password, sessions and tokens go; its row stays, marked, so
    /// that its name is never used again and its games keep a player.
    pub async fn delete_account(&self, account_id: &str) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET deleted = 1, password = NULL WHERE id = $1")
            .bind(account_id)
            .execute(&mut *transaction)
            .await?;
        for table in ["sessions", "api_tokens"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE account_id = $1"))
                .bind(account_id)
                .execute(&mut *transaction)
                .await?;
        }
        // Nor is it paired again in a tournament.
        sqlx::query("UPDATE tournament_players SET withdrawn = 1 WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Stores an API token of the account, by its hash.
    pub async fn add_token(
        &self,
        account_id: &str,
        token: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO api_tokens (secret, account_id, created) VALUES ($1, $2, $3)")
            .bind(token)
            .bind(account_id)
            .bind(now.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The failed sign-ins of `subject` since `since`: how many, and the earliest.
    pub async fn failures(
        &self,
        subject: &str,
        since: Millis,
    ) -> Result<(i64, Option<Millis>), StoreError> {
        let row = sqlx::query(
            "SELECT count(*) AS tries, min(at) AS earliest FROM login_failures \
             WHERE subject = $1 AND at > $2",
        )
        .bind(subject)
        .bind(since.0)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get("tries")?, row.try_get::<Option<i64>, _>("earliest")?.map(Millis)))
    }

    /// Counts a failed sign-in against each of `subjects` at `now`, and forgets every failure
    /// from before `forget`.
    pub async fn fail(
        &self,
        subjects: &[String],
        now: Millis,
        forget: Millis,
    ) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        sqlx::query("DELETE FROM login_failures WHERE at <= $1")
            .bind(forget.0)
            .execute(&mut *transaction)
            .await?;
        for subject in subjects {
            sqlx::query("INSERT INTO login_failures (subject, at) VALUES ($1, $2)")
                .bind(subject)
                .bind(now.0)
                .execute(&mut *transaction)
                .await?;
        }
        transaction.commit().await?;
        Ok(())
    }
}
