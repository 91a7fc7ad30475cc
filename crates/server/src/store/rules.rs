//! The rules of the games written in GDL, stored once by the hash of their text: written in
//! the transaction that creates the first game that plays them, read when a game is read and
//! its rules are not in memory.

use sqlx::Row;

use super::{Store, StoreError};

/// Rules to store with a new game: the hash of their text, and the text.
#[derive(Debug, Clone, Copy)]
pub struct NewRules<'a> {
    /// The SHA-256 of the text, in hexadecimal.
    pub hash: &'a str,
    /// The description, in KIF.
    pub text: &'a str,
}

impl Store {
    /// The text of the rules of hash `hash`, if they are stored.
    pub async fn rules(&self, hash: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT text FROM gdl_rules WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.try_get::<String, _>("text")).transpose()?)
    }

    /// Stores `rules` (created at `created`, in seconds) unless they are stored already.
    pub(super) async fn insert_rules(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        rules: NewRules<'_>,
        created: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO gdl_rules (hash, text, created) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(rules.hash)
        .bind(rules.text)
        .bind(created)
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }
}
