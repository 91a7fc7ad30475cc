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

use arbiter_core::Side;

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
    /// The time control as stored (`300000+3000`, `d3`), `None` untimed.
    pub clock: Option<String>,
    /// White's and Black's time left, in milliseconds, when the turn began.
    pub remaining: [i64; 2],
    /// When the side to move began its turn (milliseconds, the server's clock).
    pub turn_began: i64,
    /// When the game ends by itself unless a change comes first (a flag, an abort).
    pub deadline: Option<i64>,
    /// The seats still offered by a link.
    pub waiting: i64,
    /// The mover's time left after each move, in games on a clock.
    pub clocks: Vec<Option<i64>>,
    /// A rematch offered: `SIDE GAME HASH`.
    pub rematch_offer: Option<String>,
    /// The rematch's game, once accepted.
    pub rematch_game: Option<String>,
}

/// An open challenge, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeek {
    /// Its identifier.
    pub id: String,
    /// The catalog's identifier of the game.
    pub game: String,
    /// Its options, canonical.
    pub options: String,
    /// The time control as stored, `None` untimed.
    pub clock: Option<String>,
    /// The side the creator plays: `white`, `black` or `random`.
    pub side: String,
    /// The hash of the creator's secret.
    pub secret: String,
    /// The hash of the creator's browser's key.
    pub owner: Option<String>,
    /// When it was made, in milliseconds.
    pub created: i64,
    /// When its creator was last there.
    pub seen: i64,
    /// The game it became, and the creator's side in it.
    pub accepted: Option<(String, String)>,
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
    /// The result, or none while the game goes on (or once it was aborted).
    pub result: Option<String>,
    /// The game was aborted before both sides had moved: it has no result.
    pub aborted: bool,
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

    /// Stores a new game, and the seats browsers hold in it (`holdings`: owner keys).
    pub async fn create(
        &self,
        game: &StoredGame,
        holdings: &[(String, Side)],
    ) -> Result<(), ApiError> {
        self.in_transaction(game, Write::New { holdings, seek: None }).await
    }

    /// Stores the game open seek `seek` became, the creator playing `creator_side`: the seek
    /// is marked accepted in the same transaction, so a seek becomes one game. A seek taken
    /// or withdrawn meanwhile is a conflict.
    pub async fn create_from_seek(
        &self,
        game: &StoredGame,
        holdings: &[(String, Side)],
        seek: &str,
        creator_side: Side,
    ) -> Result<(), ApiError> {
        self.in_transaction(game, Write::New { holdings, seek: Some((seek, creator_side)) }).await
    }

    /// Saves a change of `game` in one transaction: its state, and its moves from ply
    /// `first_changed` on (the moves before it are already stored; `stored` moves were), and
    /// the new game the change makes (`born`: a rematch), if any. The change is made to the
    /// version before `game.version`: when the stored game has another (another server, or an
    /// earlier failed write, changed it), nothing is written and the answer is
    /// [`ApiError::Outdated`].
    pub async fn save(
        &self,
        game: &StoredGame,
        first_changed: usize,
        stored: usize,
        born: Option<NewRow<'_>>,
    ) -> Result<(), ApiError> {
        let appended_one = first_changed == stored && game.moves.len() == stored + 1;
        if self.postgres.is_some() && appended_one && born.is_none() {
            return self.append_one(game).await;
        }
        self.in_transaction(game, Write::Change { first_changed, stored, born }).await
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
             lease_owner = $15, lease_until = $16, white_ms = $17, black_ms = $18, \
             turn_began = $19, deadline = $20, waiting = $21, rematch_offer = $22, \
             rematch_game = $23 WHERE id = $1 AND version = $13 RETURNING id), \
             added AS (INSERT INTO moves (game_id, ply, mv, clock_ms) \
             SELECT id, $24, $25, $26 FROM changed RETURNING ply) \
             SELECT count(*) AS added FROM added",
        );
        let row = Self::bind_state(row, game, game.version - 1)
            .bind(ply as i64)
            .bind(&game.moves[ply])
            .bind(game.clocks.get(ply).copied().flatten())
            .fetch_one(&self.pool)
            .await?;
        if row.try_get::<i64, _>("added")? != 1 {
            return Err(ApiError::Outdated);
        }
        Ok(())
    }

    /// Binds `$1` to `$23` of the update of a game's row stored at version `expected`.
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
            .bind(game.remaining[0])
            .bind(game.remaining[1])
            .bind(game.turn_began)
            .bind(game.deadline)
            .bind(game.waiting)
            .bind(game.rematch_offer.clone())
            .bind(game.rematch_game.clone())
    }

    /// Makes `write` in one transaction, on a connection of its own. A connection whose write
    /// failed in the database is closed rather than given back to the pool: SQLite keeps a
    /// transaction open when its COMMIT fails (a full disk), and the next write on that
    /// connection would go into it, acknowledged and never committed, while holding the
    /// database's write lock. (A conflict is the transaction's own refusal, rolled back.)
    async fn in_transaction(&self, game: &StoredGame, write: Write<'_>) -> Result<(), ApiError> {
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
        write: Write<'_>,
    ) -> Result<(), ApiError> {
        let mut transaction = sqlx::Connection::begin(&mut **connection).await?;
        match write {
            Write::New { holdings, seek } => {
                if let Some((seek, creator_side)) = seek {
                    let taken = sqlx::query(
                        "UPDATE seeks SET game_id = $2, creator_side = $3, seen = $4 \
                         WHERE id = $1 AND game_id IS NULL",
                    )
                    .bind(seek)
                    .bind(&game.id)
                    .bind(creator_side.name())
                    .bind(game.turn_began)
                    .execute(&mut *transaction)
                    .await?;
                    if taken.rows_affected() != 1 {
                        return Err(ApiError::conflict("this seek was taken or withdrawn"));
                    }
                }
                Self::insert(&mut transaction, NewRow { game, holdings }).await?;
            }
            Write::Change { first_changed, stored, born } => {
                Self::write(&mut transaction, game, first_changed, stored, game.version - 1)
                    .await?;
                if let Some(born) = born {
                    Self::insert(&mut transaction, born).await?;
                }
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Records that the browser of key `owner` holds `side`'s seat in game `id`.
    async fn hold_on(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        owner: &str,
        id: &str,
        side: Side,
    ) -> Result<(), ApiError> {
        sqlx::query(
            "INSERT INTO holdings (owner, game_id, side) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(owner)
        .bind(id)
        .bind(side.name())
        .execute(&mut **transaction)
        .await?;
        Ok(())
    }

    /// Records that the browser of key `owner` holds `side`'s seat in game `id`.
    pub async fn hold(&self, owner: &str, id: &str, side: Side) -> Result<(), ApiError> {
        let mut transaction = self.pool.begin().await?;
        Self::hold_on(&mut transaction, owner, id, side).await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Inserts a new game: its row, then its state, and the seats browsers hold in it.
    async fn insert(
        transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
        NewRow { game, holdings }: NewRow<'_>,
    ) -> Result<(), ApiError> {
        sqlx::query(
            "INSERT INTO games (id, game, options, white, black, version, created, updated, \
             clock) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.options)
        .bind(&game.seats[0].player)
        .bind(&game.seats[1].player)
        .bind(game.version)
        .bind(game.created)
        .bind(game.updated)
        .bind(game.clock.clone())
        .execute(&mut **transaction)
        .await?;
        Self::write(transaction, game, 0, 0, game.version).await?;
        for (owner, side) in holdings {
            Self::hold_on(transaction, owner, &game.id, *side).await?;
        }
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
             lease_until = $16, white_ms = $17, black_ms = $18, turn_began = $19, \
             deadline = $20, waiting = $21, rematch_offer = $22, rematch_game = $23 \
             WHERE id = $1 AND version = $13",
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
            sqlx::query("INSERT INTO moves (game_id, ply, mv, clock_ms) VALUES ($1, $2, $3, $4)")
                .bind(&game.id)
                .bind(ply as i64)
                .bind(mv)
                .bind(game.clocks.get(ply).copied().flatten())
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
             lease_until, created, updated, clock, white_ms, black_ms, turn_began, deadline, \
             waiting, rematch_offer, rematch_game FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let (moves, clocks) =
            sqlx::query("SELECT mv, clock_ms FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(id)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|row| Ok((row.try_get::<String, _>(0)?, row.try_get::<Option<i64>, _>(1)?)))
                .collect::<Result<(Vec<String>, Vec<Option<i64>>), sqlx::Error>>()?;
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
            clock: row.try_get("clock")?,
            remaining: [row.try_get("white_ms")?, row.try_get("black_ms")?],
            turn_began: row.try_get("turn_began")?,
            deadline: row.try_get("deadline")?,
            waiting: row.try_get("waiting")?,
            clocks,
            rematch_offer: row.try_get("rematch_offer")?,
            rematch_game: row.try_get("rematch_game")?,
        }))
    }

    /// The most recently changed games, at most `limit`.
    pub async fn list(&self, limit: i64) -> Result<Vec<Summary>, ApiError> {
        let rows = sqlx::query(
            "SELECT id, game, white, black, ply, result, event, updated FROM games \
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
                    aborted: row.try_get::<Option<String>, _>("event")?.as_deref() == Some("abort"),
                    updated: row.try_get("updated")?,
                })
            })
            .collect::<Result<Vec<Summary>, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// Stores a new seek, unless its owner has `per_owner` open already or the lobby holds
    /// `total`: then `false`.
    pub async fn post_seek(
        &self,
        seek: &StoredSeek,
        per_owner: i64,
        total: i64,
    ) -> Result<bool, ApiError> {
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
            "INSERT INTO seeks (id, game, options, clock, side, secret, owner, created, seen) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&seek.id)
        .bind(&seek.game)
        .bind(&seek.options)
        .bind(seek.clock.clone())
        .bind(&seek.side)
        .bind(&seek.secret)
        .bind(seek.owner.clone())
        .bind(seek.created)
        .bind(seek.seen)
        .execute(&self.pool)
        .await?;
        Ok(true)
    }

    /// The seeks: the open ones, oldest first, or one by its identifier (open or accepted).
    pub async fn seeks(&self, id: Option<&str>) -> Result<Vec<StoredSeek>, ApiError> {
        match id {
            Some(id) => self.read_seeks("id = $1", Some(id)).await,
            None => self.read_seeks("game_id IS NULL ORDER BY created LIMIT 1000", None).await,
        }
    }

    /// The seeks of `owner` accepted lately: the games their creator is awaited in.
    pub async fn accepted_seeks(&self, owner: &str) -> Result<Vec<StoredSeek>, ApiError> {
        self.read_seeks("owner = $1 AND game_id IS NOT NULL", Some(owner)).await
    }

    /// The seeks `WHERE condition`, with `$1` bound to `bound` when it is given.
    async fn read_seeks(
        &self,
        condition: &str,
        bound: Option<&str>,
    ) -> Result<Vec<StoredSeek>, ApiError> {
        let query = format!(
            "SELECT id, game, options, clock, side, secret, owner, created, seen, game_id, \
             creator_side FROM seeks WHERE {condition}"
        );
        let mut query = sqlx::query(&query);
        if let Some(bound) = bound {
            query = query.bind(bound);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let game_id: Option<String> = row.try_get("game_id")?;
                let creator_side: Option<String> = row.try_get("creator_side")?;
                Ok(StoredSeek {
                    id: row.try_get("id")?,
                    game: row.try_get("game")?,
                    options: row.try_get("options")?,
                    clock: row.try_get("clock")?,
                    side: row.try_get("side")?,
                    secret: row.try_get("secret")?,
                    owner: row.try_get("owner")?,
                    created: row.try_get("created")?,
                    seen: row.try_get("seen")?,
                    accepted: game_id.zip(creator_side),
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// Withdraws open seek `id` whose secret has the hash `secret`; `false` when there is none.
    pub async fn withdraw_seek(&self, id: &str, secret: &str) -> Result<bool, ApiError> {
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
        now: i64,
    ) -> Result<(), ApiError> {
        sqlx::query("UPDATE seeks SET seen = $3 WHERE game_id IS NULL AND (owner = $1 OR id = $2)")
            .bind(owner.map(str::to_owned))
            .bind(id.map(str::to_owned))
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Removes the seeks whose creator was last there before `gone`, and those made before
    /// `old`; the number removed.
    pub async fn expire_seeks(&self, gone: i64, old: i64) -> Result<u64, ApiError> {
        let deleted = sqlx::query("DELETE FROM seeks WHERE seen < $1 OR created < $2")
            .bind(gone)
            .bind(old)
            .execute(&self.pool)
            .await?;
        Ok(deleted.rows_affected())
    }

    /// The games in which the browser of key `owner` holds a seat, with the sides it holds;
    /// the most recently changed first, at most `limit`.
    pub async fn holdings(
        &self,
        owner: &str,
        limit: i64,
    ) -> Result<Vec<(String, String)>, ApiError> {
        let rows = sqlx::query(
            "SELECT holdings.game_id, holdings.side FROM holdings \
             JOIN games ON games.id = holdings.game_id WHERE holdings.owner = $1 \
             ORDER BY games.updated DESC, games.id LIMIT $2",
        )
        .bind(owner)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ApiError::from)
    }

    /// The games whose deadline comes before `until` (milliseconds), with it.
    pub async fn deadlines_before(&self, until: i64) -> Result<Vec<(String, i64)>, ApiError> {
        let rows = sqlx::query(
            "SELECT id, deadline FROM games WHERE deadline < $1 ORDER BY deadline LIMIT 10000",
        )
        .bind(until)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
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

    /// Game `id` cannot be played from what is stored: no server claims its computer move or
    /// ends it on time.
    pub async fn quarantine(&self, id: &str) -> Result<(), ApiError> {
        sqlx::query(
            "UPDATE games SET due = 0, lease_owner = NULL, lease_until = 0, deadline = NULL \
             WHERE id = $1",
        )
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
enum Write<'a> {
    /// A new game: its row, then its state, and the seats browsers hold; made from a seek
    /// (its identifier and the creator's side) that no other game was made from.
    New { holdings: &'a [(String, Side)], seek: Option<(&'a str, Side)> },
    /// A change: the state, and the moves from `first_changed` on, where `stored` moves were;
    /// and the new game it makes, if any.
    Change { first_changed: usize, stored: usize, born: Option<NewRow<'a>> },
}

/// A new game to store with a change of another: the rematch it makes.
#[derive(Debug, Clone, Copy)]
pub struct NewRow<'a> {
    /// The new game.
    pub game: &'a StoredGame,
    /// The seats browsers hold in it (their owner keys).
    pub holdings: &'a [(String, Side)],
}
