//! Storage: games and their moves (a row a move) in SQLite (embedded, the default) or
//! PostgreSQL, through one implementation on sqlx's `Any` driver with portable SQL, so that
//! both run the same code. Every write is one transaction that checks the game's version, and
//! is committed before the server answers. On PostgreSQL the servers announce the games' new
//! versions to each other with [`Store::notify`] on [`CHANNEL`].

use std::fs::File;
use std::path::PathBuf;
use std::time::Duration;

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

use crate::error::ApiError;

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

/// A seat as stored: who plays it, and the hash of the secret that holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeat {
    /// `human`, or the computer's player spec.
    pub player: String,
    /// The SHA-256 of the seat's secret (hex), for a human seat.
    pub secret: Option<String>,
    /// `true` once an invitation link was used: the link's token no longer holds the seat.
    pub claimed: bool,
}

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// Its identifier.
    pub id: String,
    /// The catalog's identifier of the game, e.g. `checkers`.
    pub game: String,
    /// Its options, `key=value,…`.
    pub options: String,
    /// White's and Black's seats.
    pub seats: [StoredSeat; 2],
    /// The moves, in canonical notation.
    pub moves: Vec<String>,
    /// A resignation or agreed draw (`resign:white`, `draw`).
    pub event: Option<String>,
    /// The side that offers a draw.
    pub draw_offer: Option<String>,
    /// The side that asks to take back a move.
    pub undo_request: Option<String>,
    /// The result once the game is over (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<String>,
    /// Increases with every change.
    pub version: i64,
    /// The computer is to move in the game, which goes on.
    pub due: bool,
    /// The server that has claimed the computer's move, and until when (milliseconds since
    /// the Unix epoch).
    pub lease: Option<(String, i64)>,
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// Seconds since the Unix epoch.
    pub updated: i64,
}

/// A line of the list of games.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Summary {
    /// The game's identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Who plays White: `human` or a player spec.
    pub white: String,
    /// Who plays Black.
    pub black: String,
    /// The number of moves played.
    pub ply: i64,
    /// The result, or none while the game goes on.
    pub result: Option<String>,
    /// When it last changed, in seconds since the Unix epoch.
    pub updated: i64,
}

impl Store {
    /// Connects to `url` (`sqlite://PATH` or `postgres://…`), creating an SQLite file and its
    /// folder if needed, and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store, ApiError> {
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
                ApiError::Unavailable(format!("cannot open the database {url}: {error}"))
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
            .map_err(|error| ApiError::Unavailable(format!("cannot open the database: {error}")))?;
        sqlx::migrate!("./migrations").run(&pool).await.map_err(|error| {
            ApiError::Unavailable(format!("cannot migrate the database: {error}"))
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
    pub fn lock_exclusive(&self) -> Result<Option<File>, ApiError> {
        let Some(path) = &self.sqlite else { return Ok(None) };
        let lock_path = path.with_extension("lock");
        let file =
            File::options().create(true).truncate(false).write(true).open(&lock_path).map_err(
                |error| {
                    ApiError::Unavailable(format!("cannot open {}: {error}", lock_path.display()))
                },
            )?;
        match file.try_lock() {
            Ok(()) => Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) => Err(ApiError::Unavailable(format!(
                "the database {} is served by another `arbiter serve` already; an SQLite \
                 database serves one server (run several over PostgreSQL, see docs/deploy.md)",
                path.display()
            ))),
            Err(std::fs::TryLockError::Error(error)) => {
                Err(ApiError::Unavailable(format!("cannot lock {}: {error}", lock_path.display())))
            }
        }
    }

    /// The path of an SQLite URL.
    fn sqlite_path(url: &str) -> &str {
        let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
        path.split('?').next().unwrap_or_default()
    }

    /// The URL with `mode=rwc` (create the file), the file's folder created.
    fn sqlite_url(url: &str) -> Result<String, ApiError> {
        let path = Self::sqlite_path(url);
        if let Some(folder) = PathBuf::from(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| {
                ApiError::Unavailable(format!(
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
    pub async fn journal_mode(&self) -> Result<String, ApiError> {
        let row = sqlx::query("PRAGMA journal_mode").fetch_one(&self.pool).await?;
        Ok(row.try_get::<String, _>(0)?)
    }

    /// Stores a new game.
    pub async fn create(&self, game: &StoredGame) -> Result<(), ApiError> {
        self.in_transaction(game, Write::New).await
    }

    /// Saves a change of `game` in one transaction: its state, and its moves from ply
    /// `first_changed` on (the moves before it are already stored; `stored` moves were). The
    /// change is made to the version before `game.version`: when the stored game has another
    /// (another server, or an earlier failed write, changed it), nothing is written and the
    /// answer is [`ApiError::Outdated`].
    pub async fn save(
        &self,
        game: &StoredGame,
        first_changed: usize,
        stored: usize,
    ) -> Result<(), ApiError> {
        let appended_one = first_changed == stored && game.moves.len() == stored + 1;
        if self.postgres.is_some() && appended_one {
            return self.append_one(game).await;
        }
        self.in_transaction(game, Write::Change { first_changed, stored }).await
    }

    /// Saves on PostgreSQL a change that adds one move (most changes): in one statement, so
    /// one round trip, that updates the game's row where it has the version before and adds
    /// the move.
    async fn append_one(&self, game: &StoredGame) -> Result<(), ApiError> {
        let ply = game.moves.len() - 1;
        let row = sqlx::query(
            "WITH changed AS (UPDATE games SET white_secret = $2, black_secret = $3, \
             white_claimed = $4, black_claimed = $5, event = $6, result = $7, ply = $8, \
             draw_offer = $9, undo_request = $10, version = $11, updated = $12, due = $14, \
             lease_owner = $15, lease_until = $16 WHERE id = $1 AND version = $13 \
             RETURNING id), \
             added AS (INSERT INTO moves (game_id, ply, mv) SELECT id, $17, $18 FROM changed \
             RETURNING ply) \
             SELECT count(*) AS added FROM added",
        );
        let row = Self::bind_state(row, game, game.version - 1)
            .bind(ply as i64)
            .bind(&game.moves[ply])
            .fetch_one(&self.pool)
            .await?;
        if row.try_get::<i64, _>("added")? != 1 {
            return Err(ApiError::Outdated);
        }
        Ok(())
    }

    /// Binds `$1` to `$16` of the update of a game's row stored at version `expected`.
    fn bind_state<'q>(
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
        game: &'q StoredGame,
        expected: i64,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        query
            .bind(&game.id)
            .bind(game.seats[0].secret.clone())
            .bind(game.seats[1].secret.clone())
            .bind(i64::from(game.seats[0].claimed))
            .bind(i64::from(game.seats[1].claimed))
            .bind(game.event.clone())
            .bind(game.result.clone())
            .bind(game.moves.len() as i64)
            .bind(game.draw_offer.clone())
            .bind(game.undo_request.clone())
            .bind(game.version)
            .bind(game.updated)
            .bind(expected)
            .bind(i64::from(game.due))
            .bind(game.lease.as_ref().map(|(owner, _)| owner.clone()))
            .bind(game.lease.as_ref().map_or(0, |(_, until)| *until))
    }

    /// Makes `write` in one transaction, on a connection of its own. A connection whose write
    /// failed in the database is closed rather than given back to the pool: SQLite keeps a
    /// transaction open when its COMMIT fails (a full disk), and the next write on that
    /// connection would go into it, acknowledged and never committed, while holding the
    /// database's write lock. (A conflict is the transaction's own refusal, rolled back.)
    async fn in_transaction(&self, game: &StoredGame, write: Write) -> Result<(), ApiError> {
        let mut connection = self.pool.acquire().await?;
        let written = self.write_on(&mut connection, game, write).await;
        if matches!(written, Err(ApiError::Unavailable(_))) {
            let _ = connection.close().await;
        }
        written
    }

    async fn write_on(
        &self,
        connection: &mut sqlx::pool::PoolConnection<sqlx::Any>,
        game: &StoredGame,
        write: Write,
    ) -> Result<(), ApiError> {
        let mut transaction = sqlx::Connection::begin(&mut **connection).await?;
        match write {
            Write::New => {
                Self::insert(&mut transaction, game).await?;
                Self::write(&mut transaction, game, 0, 0, game.version).await?;
            }
            Write::Change { first_changed, stored } => {
                Self::write(&mut transaction, game, first_changed, stored, game.version - 1)
                    .await?;
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Inserts a new game's row.
    async fn insert(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &StoredGame,
    ) -> Result<(), ApiError> {
        sqlx::query(
            "INSERT INTO games (id, game, options, white, black, version, created, updated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(&game.seats[0].player)
        .bind(&game.seats[1].player)
        .bind(game.version)
        .bind(game.created)
        .bind(game.updated)
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }

    /// Writes what changes in a game stored at version `expected` with `stored` moves: its
    /// state first (which checks the version, and takes the row's lock), then its moves from
    /// `first_changed` on, the stored ones from there deleted first (a takeback).
    async fn write(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &StoredGame,
        first_changed: usize,
        stored: usize,
        expected: i64,
    ) -> Result<(), ApiError> {
        let update = sqlx::query(
            "UPDATE games SET white_secret = $2, black_secret = $3, white_claimed = $4, \
             black_claimed = $5, event = $6, result = $7, ply = $8, draw_offer = $9, \
             undo_request = $10, version = $11, updated = $12, due = $14, lease_owner = $15, \
             lease_until = $16 WHERE id = $1 AND version = $13",
        );
        let updated = Self::bind_state(update, game, expected).execute(&mut **transaction).await?;
        if updated.rows_affected() != 1 {
            return Err(ApiError::Outdated);
        }
        if first_changed < stored {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&game.id)
                .bind(first_changed as i64)
                .execute(&mut **transaction)
                .await?;
        }
        for (ply, mv) in game.moves.iter().enumerate().skip(first_changed) {
            sqlx::query("INSERT INTO moves (game_id, ply, mv) VALUES ($1, $2, $3)")
                .bind(&game.id)
                .bind(ply as i64)
                .bind(mv)
                .execute(&mut **transaction)
                .await?;
        }
        Ok(())
    }

    /// The game `id`, with its moves.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, ApiError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, options, white, black, white_secret, black_secret, white_claimed, \
             black_claimed, event, result, draw_offer, undo_request, version, due, lease_owner, \
             lease_until, created, updated FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query("SELECT mv FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| row.try_get::<String, _>(0))
            .collect::<Result<Vec<String>, _>>()?;
        let seat = |side: &str| -> Result<StoredSeat, sqlx::Error> {
            Ok(StoredSeat {
                player: row.try_get(side)?,
                secret: row.try_get(format!("{side}_secret").as_str())?,
                claimed: row.try_get::<i64, _>(format!("{side}_claimed").as_str())? != 0,
            })
        };
        Ok(Some(StoredGame {
            id: row.try_get("id")?,
            game: row.try_get("game")?,
            options: row.try_get("options")?,
            seats: [seat("white")?, seat("black")?],
            moves,
            event: row.try_get("event")?,
            result: row.try_get("result")?,
            draw_offer: row.try_get("draw_offer")?,
            undo_request: row.try_get("undo_request")?,
            version: row.try_get("version")?,
            due: row.try_get::<i64, _>("due")? != 0,
            lease: row
                .try_get::<Option<String>, _>("lease_owner")?
                .map(|owner| row.try_get("lease_until").map(|until| (owner, until)))
                .transpose()?,
            created: row.try_get("created")?,
            updated: row.try_get("updated")?,
        }))
    }

    /// The most recently changed games, at most `limit`.
    pub async fn list(&self, limit: i64) -> Result<Vec<Summary>, ApiError> {
        let rows = sqlx::query(
            "SELECT id, game, white, black, ply, result, updated FROM games \
             ORDER BY updated DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Summary {
                    id: row.try_get("id")?,
                    game: row.try_get("game")?,
                    white: row.try_get("white")?,
                    black: row.try_get("black")?,
                    ply: row.try_get("ply")?,
                    result: row.try_get("result")?,
                    updated: row.try_get("updated")?,
                })
            })
            .collect::<Result<Vec<Summary>, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// Claims for `owner`, until `until` (milliseconds since the Unix epoch), at most `limit`
    /// of the games whose computer move is due and whose lease ran out by `now`: their
    /// identifiers. Each claim is one atomic update, so two servers never claim one game.
    pub async fn claim_due(
        &self,
        owner: &str,
        now: i64,
        until: i64,
        limit: i64,
    ) -> Result<Vec<String>, ApiError> {
        let candidates: Vec<String> = sqlx::query(
            "SELECT id FROM games WHERE due = 1 AND lease_until < $1 ORDER BY lease_until LIMIT $2",
        )
        .bind(now)
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
            .bind(until)
            .bind(now)
            .execute(&self.pool)
            .await?;
            if taken.rows_affected() == 1 {
                claimed.push(id);
            }
        }
        Ok(claimed)
    }

    /// Extends `owner`'s lease on game `id` to `until`; `false` when it no longer holds it.
    pub async fn renew(&self, id: &str, owner: &str, until: i64) -> Result<bool, ApiError> {
        let renewed = sqlx::query(
            "UPDATE games SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND due = 1",
        )
        .bind(id)
        .bind(owner)
        .bind(until)
        .execute(&self.pool)
        .await?;
        Ok(renewed.rows_affected() == 1)
    }

    /// Game `id`, stored at `version`, has no computer move due after all (a game claimed by a
    /// scan that found a person to move): `due` and the lease are cleared.
    pub async fn clear_due(&self, id: &str, version: i64) -> Result<(), ApiError> {
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
    pub async fn end_leases(&self) -> Result<(), ApiError> {
        sqlx::query("UPDATE games SET lease_owner = NULL, lease_until = 0 WHERE due = 1")
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Game `id` cannot be played from what is stored: no server claims its computer move.
    pub async fn quarantine(&self, id: &str) -> Result<(), ApiError> {
        sqlx::query("UPDATE games SET due = 0, lease_owner = NULL, lease_until = 0 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sends `payload` to every server listening on [`CHANNEL`] (PostgreSQL only).
    pub async fn notify(&self, payload: &str) -> Result<(), ApiError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Asks the database a trivial question.
    pub async fn ping(&self) -> Result<(), ApiError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// What a transaction writes of a game.
#[derive(Debug, Clone, Copy)]
enum Write {
    /// A new game: its row, then its state.
    New,
    /// A change: the state, and the moves from `first_changed` on, where `stored` moves were.
    Change { first_changed: usize, stored: usize },
}
