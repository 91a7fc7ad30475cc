//! What can go wrong in the database.

/// A write or a read that did not happen.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed or cannot be reached: nothing was changed. The text is the
    /// database's own, for the log.
    #[error("the database failed: {0}")]
    Unavailable(String),
    /// The game was changed by another server after this one read it: nothing was written.
    #[error("the game was changed elsewhere at the same time")]
    Outdated,
    /// A row holds what it cannot: the text says which column and what.
    #[error("a stored row is damaged: {0}")]
    Damaged(String),
    /// What the write needed was taken meanwhile (a seek accepted or withdrawn).
    #[error("{0}")]
    Taken(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        StoreError::Unavailable(error.to_string())
    }
}
