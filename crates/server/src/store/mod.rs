//! Storage: games and their moves (a row a move) in SQLite (embedded, the default) or
//! PostgreSQL, through one implementation on sqlx's `Any` driver with portable SQL, so that
//! both run the same code. Every write is one transaction that checks the game's version, and
//! is committed before the server answers. On PostgreSQL the servers announce the games' new
//! versions to each other with [`Store::notify`] on [`CHANNEL`].
//!
//! This room knows the database and its rows ([`rows`]), and nothing of the requests or the
//! answers the server makes of them; its errors are its own ([`StoreError`]).
//!
//! - [`games`]: a game's rows, written in one transaction per change;
//! - [`seeks`]: the lobby's open challenges;
//! - [`leases`]: the claims on computer moves, and the clocks' deadlines;
//! - [`accounts`]: accounts, their sessions and tokens, and the failed sign-ins;
//! - [`ratings`]: the players' ratings, updated in the transaction that ends a rated game;
//! - [`players`]: a player's games and its wins, draws and losses;
//! - [`rules`]: the rules of the games written in GDL, stored once by their hash;
//! - [`tournaments`]: tournaments, their players and pairings, a step of a server's at a time.

use std::fs::File;
use std::path::PathBuf;
use std::time::Duration;

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

mod accounts;
mod error;
mod games;
mod leases;
mod migrations;
mod players;
mod ratings;
mod rows;
mod rules;
mod seeks;
mod tournament_rows;
mod tournaments;

pub use self::accounts::{CarriedSeat, SignIn, StoredAccount, DELETED};
pub use self::error::StoreError;
pub use self::players::{HeldGame, Tally};
pub use self::ratings::StoredRating;
pub use self::rows::{
    NewRow, Rated, RatingChange, RecordTags, RematchOffer, SeekCreator, StoredGame, StoredSeat,
    StoredSeek, Summary,
};
pub use self::rules::NewRules;
pub use self::tournament_rows::{
    Entrant, GameOutcome, Step, StoredPairing, StoredTournament, TournamentKind, TournamentRows,
    TournamentStatus,
};
pub use crate::live::{Event, GameResult};
pub use crate::time_control::{Millis, TimeControl};

/// The PostgreSQL channel of the games' changes; a notice's payload is lines `ID VERSION`.
pub const CHANNEL: &str = "arbiter_games";

/// The longest payload of a notice PostgreSQL takes is 8000 bytes; a batch stays below this.
pub const NOTICE_BYTES: usize = 7900;

/// How long a request waits for a database connection before it is refused with `503`.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// The games of this server, stored.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    /// The PostgreSQL URL, for the listener of changes; `None` on SQLite.
    postgres: Option<String>,
    /// The SQLite file, `None` on PostgreSQL.
    sqlite: Option<PathBuf>,
}

impl Store {
    /// Connects to `url` (`sqlite://PATH` or `postgres://…`), creating an SQLite file and its
    /// folder if needed, and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let url = if sqlite { Self::sqlite_url(url)? } else { url.to_owned() };
        if sqlite {
            // One connection first, whose error says what is wrong with the file (one that is
            // not a database, say); the pool's would only say that it timed out.
            let probe = async {
                let mut connection =
                    <sqlx::AnyConnection as sqlx::Connection>::connect(&url).await?;
                connection.execute("PRAGMA journal_mode = WAL").await?;
                sqlx::Connection::close(connection).await
            };
            probe.await.map_err(|error| {
                StoreError::Unavailable(format!("cannot open the database {url}: {error}"))
            })?;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if sqlite {
                        connection.execute("PRAGMA journal_mode = WAL").await?;
                        connection.execute("PRAGMA busy_timeout = 10000").await?;
                        connection.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|error| {
                StoreError::Unavailable(format!("cannot open the database: {error}"))
            })?;
        let migrate = async { migrations::migrator().await?.run(&pool).await };
        migrate.await.map_err(|error| {
            StoreError::Unavailable(format!("cannot migrate the database: {error}"))
        })?;
        let (postgres, sqlite_file) = if sqlite {
            (None, Some(PathBuf::from(Self::sqlite_path(&url))))
        } else {
            (Some(url), None)
        };
        Ok(Store { pool, postgres, sqlite: sqlite_file })
    }

    /// The PostgreSQL URL, when the games are stored there.
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres.as_deref()
    }

    /// Makes this process the only server of its SQLite file: an exclusive lock on
    /// `FILE.lock`, held while the returned file is open. A second `arbiter serve` on the same
    /// file is refused with a clear message (SQLite serves one server: its games are cached
    /// in that server's memory). Nothing to do on PostgreSQL, which serves any number.
    pub fn lock_exclusive(&self) -> Result<Option<File>, StoreError> {
        let Some(path) = &self.sqlite else { return Ok(None) };
        let lock_path = path.with_extension("lock");
        let file =
            File::options().create(true).truncate(false).write(true).open(&lock_path).map_err(
                |error| {
                    StoreError::Unavailable(format!("cannot open {}: {error}", lock_path.display()))
                },
            )?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Unavailable(format!(
                "the database {} is served by another `arbiter serve` already; an SQLite \
                 database serves one server (run several over PostgreSQL, see docs/deploy.md)",
                path.display()
            ))),
            Err(std::fs::TryLockError::Error(error)) => Err(StoreError::Unavailable(format!(
                "cannot lock {}: {error}",
                lock_path.display()
            ))),
        }
    }

    /// The path of an SQLite URL.
    fn sqlite_path(url: &str) -> &str {
        let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
        path.split('?').next().unwrap_or_default()
    }

    /// The URL with `mode=rwc` (create the file), the file's folder created.
    fn sqlite_url(url: &str) -> Result<String, StoreError> {
        let path = Self::sqlite_path(url);
        if let Some(folder) = PathBuf::from(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| {
                StoreError::Unavailable(format!(
                    "cannot create the folder {}: {error}",
                    folder.display()
                ))
            })?;
        }
        Ok(if url.contains('?') { url.to_owned() } else { format!("{url}?mode=rwc") })
    }

    /// The default database: `arbiter.db` in the user's data folder.
    #[must_use]
    pub fn default_url() -> String {
        let folder = dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("arbiter");
        format!("sqlite://{}", folder.join("arbiter.db").display())
    }

    /// The journal mode of an SQLite database (`wal`), for tests.
    pub async fn journal_mode(&self) -> Result<String, StoreError> {
        let row = sqlx::query("PRAGMA journal_mode").fetch_one(&self.pool).await?;
        Ok(row.try_get::<String, _>(0)?)
    }

    /// Sends `payload` to every server listening on [`CHANNEL`] (PostgreSQL only).
    pub async fn notify(&self, payload: &str) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Asks the database a trivial question.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
