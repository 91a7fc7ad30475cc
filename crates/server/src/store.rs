//! Storage: games and their moves (a row a move) in SQLite (embedded, the default) or
//! PostgreSQL, through one implementation on sqlx's `Any` driver with portable SQL, so that
//! both run the same code. Every write is committed before the server answers.

use std::path::PathBuf;

use sqlx::any::{install_default_drivers, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};

use crate::error::ApiError;

/// The games of this server, stored.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
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
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// Seconds since the Unix epoch.
    pub updated: i64,
}

/// A line of the list of games.
#[derive(Debug, Clone, serde::Serialize)]
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
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
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
            .map_err(|error| ApiError::Storage(format!("cannot open the database: {error}")))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|error| ApiError::Storage(format!("cannot migrate the database: {error}")))?;
        Ok(Store { pool })
    }

    /// The URL with `mode=rwc` (create the file), the file's folder created.
    fn sqlite_url(url: &str) -> Result<String, ApiError> {
        let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
        let path = path.split('?').next().unwrap_or_default();
        if let Some(folder) = PathBuf::from(path).parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| {
                ApiError::Storage(format!("cannot create the folder {}: {error}", folder.display()))
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
    /// `first_changed` on (the moves before it are already stored). The change is made to the
    /// version before `game.version`: when the stored game has another (another server, or an
    /// earlier failed write, changed it), nothing is written and the answer is a conflict.
    pub async fn save(&self, game: &StoredGame, first_changed: usize) -> Result<(), ApiError> {
        self.in_transaction(game, Write::Change { first_changed }).await
    }

    /// Makes `write` in one transaction, on a connection of its own. A connection whose write
    /// failed in the database is closed rather than given back to the pool: SQLite keeps a
    /// transaction open when its COMMIT fails (a full disk), and the next write on that
    /// connection would go into it, acknowledged and never committed, while holding the
    /// database's write lock. (A conflict is the transaction's own refusal, rolled back.)
    async fn in_transaction(&self, game: &StoredGame, write: Write) -> Result<(), ApiError> {
        let mut connection = self.pool.acquire().await?;
        let written = Self::write_on(&mut connection, game, write).await;
        if matches!(written, Err(ApiError::Storage(_))) {
            let _ = connection.close().await;
        }
        written
    }

    async fn write_on(
        connection: &mut sqlx::pool::PoolConnection<sqlx::Any>,
        game: &StoredGame,
        write: Write,
    ) -> Result<(), ApiError> {
        let mut transaction = sqlx::Connection::begin(&mut **connection).await?;
        match write {
            Write::New => {
                Self::insert(&mut transaction, game).await?;
                Self::write(&mut transaction, game, 0, game.version).await?;
            }
            Write::Change { first_changed } => {
                Self::write(&mut transaction, game, first_changed, game.version - 1).await?;
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

    /// Writes what changes in a game stored at version `expected`: its state first (which
    /// checks the version, and takes the row's lock), then its moves from `first_changed` on.
    async fn write(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        game: &StoredGame,
        first_changed: usize,
        expected: i64,
    ) -> Result<(), ApiError> {
        let updated = sqlx::query(
            "UPDATE games SET white_secret = $2, black_secret = $3, white_claimed = $4, \
             black_claimed = $5, event = $6, result = $7, ply = $8, draw_offer = $9, \
             undo_request = $10, version = $11, updated = $12 WHERE id = $1 AND version = $13",
        )
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
        .execute(&mut **transaction)
        .await?;
        if updated.rows_affected() != 1 {
            return Err(ApiError::Conflict(
                "the game was changed elsewhere at the same time: reload it".to_owned(),
            ));
        }
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(&game.id)
            .bind(first_changed as i64)
            .execute(&mut **transaction)
            .await?;
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
             black_claimed, event, result, draw_offer, undo_request, version, created, updated \
             FROM games WHERE id = $1",
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

    /// The identifiers of the games still going against the computer, to resume them.
    pub async fn ongoing(&self) -> Result<Vec<String>, ApiError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE result IS NULL AND (white <> 'human' OR black <> 'human')",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| row.try_get(0).map_err(ApiError::from)).collect()
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
    /// A change: the state, and the moves from `first_changed` on.
    Change { first_changed: usize },
}
